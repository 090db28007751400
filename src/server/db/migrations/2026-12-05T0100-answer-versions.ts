import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../engine.js';

/** lib/signals.ts's channel, as of this migration (a migration keeps the names of its day). */
const SIGNALS_CHANNEL = 'schoolyard_signals';

/**
 * docs/decisions/0084-kept-answers-of-the-day.md: version counters by key (answer_version), raised
 * by triggers in the transaction of every write to what the child's day, a class's daily log and a
 * conversation are made of, so that an answer kept in a server's memory is known to be stale on
 * every server process, whichever code path wrote. Keys (lib/answer-versions.ts):
 *
 * - `child:<pupil>`: the pupil's log entries, register rows and photo moments (with their photos);
 * - `class:<class>`: the log entries written in the class;
 * - `conversation:<pupil>`: the pupil's messages and their read receipts;
 * - `school`: what the answers show of people and the school, changed rarely: a user's or a class's
 *   name, enrolments, guardians, care records (the photo consents), the school's settings (its time
 *   zone) and message hours.
 *
 * SQLite runs row triggers (one writer at a time). PostgreSQL runs statement triggers over the
 * statement's rows (transition tables) that raise each key once, in key order, in one statement: a
 * raised counter stays locked until its transaction commits, and two writers that took the same keys
 * in different orders would deadlock.
 */

type Row = 'new' | 'old';

interface Watched {
  table: string;
  /** The keys one row raises, as a `select ... as key` over the row `r`. */
  keys: (r: string) => string;
  events: readonly ('insert' | 'update' | 'delete')[];
}

const CHILD_TABLES: readonly Watched[] = [
  {
    table: 'log_entry',
    keys: (r) =>
      `select 'child:' || ${r}.student_id as key union select 'class:' || ${r}.class_id as key where ${r}.class_id is not null`,
    events: ['insert', 'update', 'delete'],
  },
  {
    table: 'checkin',
    keys: (r) => `select 'child:' || ${r}.student_id as key`,
    events: ['insert', 'update', 'delete'],
  },
  {
    table: 'photo_moment_child',
    keys: (r) => `select 'child:' || ${r}.student_id as key`,
    events: ['insert', 'update', 'delete'],
  },
  {
    table: 'photo_moment',
    keys: (r) =>
      `select 'child:' || c.student_id as key from photo_moment_child c where c.moment_id = ${r}.id`,
    events: ['update'],
  },
  {
    table: 'photo_moment_photo',
    keys: (r) =>
      `select 'child:' || c.student_id as key from photo_moment_child c where c.moment_id = ${r}.moment_id`,
    events: ['insert', 'update', 'delete'],
  },
  {
    table: 'conversation_message',
    keys: (r) => `select 'conversation:' || ${r}.student_id as key`,
    events: ['insert', 'update', 'delete'],
  },
  {
    table: 'conversation_receipt',
    keys: (r) => `select 'conversation:' || ${r}.student_id as key`,
    events: ['insert', 'update', 'delete'],
  },
];

/** Tables that raise `school`; `names`: only an update that changes `name` does. */
const SCHOOL_TABLES: readonly { table: string; names?: true }[] = [
  { table: 'app_user', names: true },
  { table: 'school_class', names: true },
  { table: 'enrolment' },
  { table: 'guardian' },
  { table: 'care_record' },
  { table: 'school_settings' },
  { table: 'message_hours' },
];

const EVENTS = ['insert', 'update', 'delete'] as const;

function rowsOf(event: (typeof EVENTS)[number]): Row[] {
  return event === 'insert' ? ['new'] : event === 'delete' ? ['old'] : ['old', 'new'];
}

function triggerName(table: string, event: string): string {
  return `${table}_answers_${event}`;
}

const RAISE_SQLITE = 'on conflict (key) do update set version = version + 1';
const RAISE_POSTGRES = 'on conflict (key) do update set version = answer_version.version + 1';

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  for (const { table, keys, events } of CHILD_TABLES) {
    for (const event of events) {
      const statements = rowsOf(event).map(
        (r) =>
          `insert into answer_version (key, version) select key, 1 from (${keys(r)}) where true ${RAISE_SQLITE};`,
      );
      await sql
        .raw(
          `create trigger ${triggerName(table, event)} after ${event} on ${table} begin ${statements.join(' ')} end`,
        )
        .execute(db);
    }
  }
  const raiseSchool = `insert into answer_version (key, version) values ('school', 1) ${RAISE_SQLITE};`;
  for (const { table, names } of SCHOOL_TABLES) {
    for (const event of names ? (['update'] as const) : EVENTS) {
      const when = names ? ' when old.name is not new.name' : '';
      await sql
        .raw(
          `create trigger ${triggerName(table, event)} after ${event} on ${table} for each row${when} begin ${raiseSchool} end`,
        )
        .execute(db);
    }
  }
}

/**
 * Names the raised versions to every server process (lib/signals.ts, channel `answers`), which keep
 * them in memory instead of reading them at each request. PostgreSQL delivers the notification when
 * the transaction commits, and not at all if it rolls back. A payload is at most 8,000 bytes: past
 * ~7,000 (a bulk write of hundreds of keys) the notification names none, and every process reads
 * the database again.
 */
const NOTIFY_FUNCTION = `create function notify_answer_versions(raised json) returns void language plpgsql as $$
  declare payload text;
  begin
    if raised is null then return; end if;
    payload := json_build_object('channel', 'answers', 'versions', raised)::text;
    if octet_length(payload) > 7000 then payload := '{"channel":"answers"}'; end if;
    perform pg_notify('${SIGNALS_CHANNEL}', payload);
  end $$`;

/** The body of a trigger function: raises the keys `select key ...` gives, in key order, and names them. */
function raiseAndNotify(keys: string): string {
  return `declare raised json;
    begin
      with bumped as (
        insert into answer_version (key, version)
          select distinct key, 1 from (${keys}) as raising order by key
          ${RAISE_POSTGRES}
          returning key, version)
      select json_object_agg(key, version) into raised from bumped;
      perform notify_answer_versions(raised);
      return null;
    end`;
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql.raw(NOTIFY_FUNCTION).execute(db);
  for (const { table, keys, events } of CHILD_TABLES) {
    for (const event of events) {
      const name = triggerName(table, event);
      // The rows of the statement as `r`, from its transition tables.
      const sources = rowsOf(event).map(
        (r) => `select k.key from ${r}_rows as r cross join lateral (${keys('r')}) as k`,
      );
      const referencing = rowsOf(event)
        .map((r) => `${r} table as ${r}_rows`)
        .join(' ');
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$ ${raiseAndNotify(sources.join(' union '))} $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${name} after ${event} on ${table} referencing ${referencing} for each statement execute function ${name}()`,
        )
        .execute(db);
    }
  }
  await sql
    .raw(
      `create function raise_school_answers() returns trigger language plpgsql as $$ ${raiseAndNotify("select 'school' as key")} $$`,
    )
    .execute(db);
  for (const { table, names } of SCHOOL_TABLES) {
    if (names) {
      await sql
        .raw(
          `create trigger ${triggerName(table, 'update')} after update of name on ${table} for each row
             when (old.name is distinct from new.name) execute function raise_school_answers()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger ${triggerName(table, 'write')} after insert or update or delete on ${table}
             for each statement execute function raise_school_answers()`,
        )
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('answer_version')
    .addColumn('key', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const { table, events } of CHILD_TABLES) {
    for (const event of events) {
      const name = triggerName(table, event);
      await sql.raw(`drop trigger if exists ${name}${postgres ? ` on ${table}` : ''}`).execute(db);
      if (postgres) await sql.raw(`drop function if exists ${name}()`).execute(db);
    }
  }
  for (const { table, names } of SCHOOL_TABLES) {
    const events = postgres ? [names ? 'update' : 'write'] : names ? ['update'] : EVENTS;
    for (const event of events) {
      await sql
        .raw(`drop trigger if exists ${triggerName(table, event)}${postgres ? ` on ${table}` : ''}`)
        .execute(db);
    }
  }
  if (postgres) {
    await sql.raw('drop function if exists raise_school_answers()').execute(db);
    await sql.raw('drop function if exists notify_answer_versions(json)').execute(db);
  }
  await db.schema.dropTable('answer_version').execute();
}
