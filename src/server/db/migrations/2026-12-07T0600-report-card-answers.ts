import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * docs/decisions/0093-kept-report-cards.md: what a class's report cards are made of raises the answer
 * version `report-cards` (answer_version, migration 2026-12-05T0100-answer-versions), so a class's
 * cards made once are given again until one of these tables is written: marks and exams, the register,
 * who teaches what, the cards' comments, notes and published versions, terms, years and subjects.
 * SQLite: a row trigger per table and event. PostgreSQL: a statement trigger that raises the key once
 * and names it to every server process (notify_answer_versions, of that migration).
 */

const TABLES = [
  'mark',
  'exam',
  'attendance',
  'class_assignment',
  'report_card',
  'report_card_comment',
  'report_card_note',
  'school_term',
  'school_year',
  'subject',
] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;
const KEY = 'report-cards';

const triggerName = (table: string, event: string) => `${table}_report_card_answers_${event}`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function raise_report_card_answers() returns trigger language plpgsql as $$
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
             for each statement execute function raise_report_card_answers()`,
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
  if (postgres) await sql.raw('drop function if exists raise_report_card_answers()').execute(db);
}
