import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0105-the-admissions-board.md: what the principal's admissions board and the
 * classes' seats are made of raises the answer version `admissions` (answer_version, migration
 * 2026-12-05T0100-answer-versions), so a board or a year's seats made once are given again until one
 * of these tables is written: the cases, their moves and offers, the capacities, the classes (their
 * names and whether they take admissions), the years, the enrolments and the classes' next classes
 * (what a coming year's pupils are counted from).
 * SQLite: a row trigger per table and event. PostgreSQL: a statement trigger that raises the key once
 * and names it to every server process (notify_answer_versions, of that migration).
 */

const TABLES = [
  'admission_case',
  'admission_move',
  'admission_offer',
  'class_capacity',
  'school_class',
  'school_year',
  'enrolment',
  'class_progression',
] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;
const KEY = 'admissions';

const triggerName = (table: string, event: string) => `${table}_admission_answers_${event}`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function raise_admission_answers() returns trigger language plpgsql as $$
          declare raised json;
          begin
            with bumped as (
              insert into answer_version (key, version) values ('${KEY}', 1)
                on conflict (key) do update set version = answer_version.version + 1
                returning key, version)
            select json_object_agg(key, version) into raised from bumped;
            perform notify_answer_versions(raised);
            return null;
          end $$`,
      )
      .execute(db);
    for (const table of TABLES) {
      await sql
        .raw(
          `create trigger ${triggerName(table, 'write')} after insert or update or delete on ${table}
             for each statement execute function raise_admission_answers()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of EVENTS) {
      await sql
        .raw(
          `create trigger ${triggerName(table, event)} after ${event} on ${table} for each row begin
             insert into answer_version (key, version) values ('${KEY}', 1)
               on conflict (key) do update set version = version + 1;
           end`,
        )
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const table of TABLES) {
    for (const event of postgres ? ['write'] : EVENTS) {
      await sql
        .raw(`drop trigger if exists ${triggerName(table, event)}${postgres ? ` on ${table}` : ''}`)
        .execute(db);
    }
  }
  if (postgres) await sql.raw('drop function if exists raise_admission_answers()').execute(db);
}
