import { type Kysely, sql } from 'kysely';
import { isPostgres } from './engine.js';

/**
 * Triggers that raise one answer version key (answer_version, migration
 * 2026-12-05T0100-answer-versions; docs/decisions/0084-kept-answers-of-the-day.md) on every write to
 * some tables, for the migrations that keep an answer by a key of their own. SQLite: a row trigger per
 * table and event. PostgreSQL: a statement trigger that raises the key once and names it to every
 * server process (notify_answer_versions, of that migration). A migration that calls these must keep
 * its key, tables and names: the names are how its `down` finds what its `up` made.
 */

export interface KeyTriggers {
  key: string;
  tables: readonly string[];
  /** The PostgreSQL function's name, and the part of each trigger's name after the table's. */
  functionName: string;
  triggerSuffix: string;
}

const EVENTS = ['insert', 'update', 'delete'] as const;

const triggerName = (table: string, suffix: string, event: string) => `${table}_${suffix}_${event}`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function createKeyTriggers(db: Kysely<any>, spec: KeyTriggers): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function ${spec.functionName}() returns trigger language plpgsql as $$
          declare raised json;
          begin
            with bumped as (
              insert into answer_version (key, version) values ('${spec.key}', 1)
                on conflict (key) do update set version = answer_version.version + 1
                returning key, version)
            select json_object_agg(key, version) into raised from bumped;
            perform notify_answer_versions(raised);
            return null;
          end $$`,
      )
      .execute(db);
    for (const table of spec.tables) {
      await sql
        .raw(
          `create trigger ${triggerName(table, spec.triggerSuffix, 'write')} after insert or update or delete
             on ${table} for each statement execute function ${spec.functionName}()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of spec.tables) {
    for (const event of EVENTS) {
      await sql
        .raw(
          `create trigger ${triggerName(table, spec.triggerSuffix, event)} after ${event} on ${table}
           for each row begin
             insert into answer_version (key, version) values ('${spec.key}', 1)
               on conflict (key) do update set version = version + 1;
           end`,
        )
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function dropKeyTriggers(db: Kysely<any>, spec: KeyTriggers): Promise<void> {
  const postgres = isPostgres(db);
  for (const table of spec.tables) {
    for (const event of postgres ? ['write'] : EVENTS) {
      await sql
        .raw(
          `drop trigger if exists ${triggerName(table, spec.triggerSuffix, event)}${postgres ? ` on ${table}` : ''}`,
        )
        .execute(db);
    }
  }
  if (postgres) await sql.raw(`drop function if exists ${spec.functionName}()`).execute(db);
}
