import type { Kysely } from 'kysely';
import { nameKeyOf } from '../../features/catalog/name-key.js';

/**
 * Names of classes and subjects and labels of time slots are unique whatever their case. The check
 * in the set-up service compared SQL `lower()` values, which on SQLite fold ASCII only, and nothing
 * in the database backed it. Each table gets `name_key` (see name-key.ts) under a unique index.
 *
 * Rows that already differ only in case keep their names; the second and later get their id added
 * to the key (`kg#12`), so that the index can be built and the principal can still rename them.
 */
const TABLES = [
  { table: 'school_class', column: 'name' },
  { table: 'subject', column: 'name' },
  { table: 'time_slot', column: 'label' },
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, column } of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('name_key', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .execute();
    const rows: { id: number; name: string }[] = await db
      .selectFrom(table)
      .select(['id', `${column} as name`])
      .orderBy('id')
      .execute();
    const used = new Set<string>();
    for (const row of rows) {
      let key = nameKeyOf(row.name);
      if (used.has(key)) key = `${key}#${row.id}`;
      used.add(key);
      await db.updateTable(table).set({ name_key: key }).where('id', '=', row.id).execute();
    }
    await db.schema.createIndex(`${table}_folded_name`).on(table).column('name_key').unique().execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of TABLES) {
    await db.schema.dropIndex(`${table}_folded_name`).execute();
    await db.schema.alterTable(table).dropColumn('name_key').execute();
  }
}
