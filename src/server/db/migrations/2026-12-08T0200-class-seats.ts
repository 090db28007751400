import { type Kysely, sql } from 'kysely';

/**
 * docs/decisions/0101-seats-that-mean-something.md: each class's capacity for a school year, and
 * whether the class takes admissions. Existing class cards of the public site whose title is a
 * class's name come to name that class; such a class takes admissions, and its card's Total Seats,
 * when it is a number, becomes its capacity for the admissions year (the year after the current
 * one when the school keeps it, else the current one).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('class_capacity')
    .addColumn('class_id', 'integer', (c) => c.notNull().references('school_class.id').onDelete('cascade'))
    .addColumn('year_id', 'integer', (c) => c.notNull().references('school_year.id').onDelete('cascade'))
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('class_capacity_pk', ['class_id', 'year_id'])
    .addCheckConstraint('class_capacity_seats', sql`seats >= 0 and seats <= 10000`)
    .execute();
  await db.schema
    .createIndex('class_capacity_year')
    .on('class_capacity')
    .columns(['year_id', 'class_id'])
    .execute();
  await db.schema
    .alterTable('school_class')
    .addColumn('takes_admissions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await linkCardsToClasses(db);
}

/** A card’s Total Seats as seats ("40", "40 Seats"); a copy of shared/rules/free-seats.ts seatsOfText, as migrations import nothing else. */
function seatsOfText(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^\s*(\d{1,5})(?:\s+seats?)?\s*$/i.exec(text);
  if (!match) return undefined;
  const seats = Number(match[1]);
  return seats <= 10000 ? seats : undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
async function linkCardsToClasses(db: Kysely<any>): Promise<void> {
  const cards = (await db
    .selectFrom('content_record')
    .select(['id', 'fields'])
    .where('collection', '=', 'kidsclasses')
    .orderBy('position')
    .orderBy('id')
    .execute()) as { id: number; fields: string }[];
  if (cards.length === 0) return;
  const classes = (await db.selectFrom('school_class').select(['id', 'name']).execute()) as {
    id: number;
    name: string;
  }[];
  const byName = new Map(classes.map((row) => [row.name.trim().toLowerCase(), Number(row.id)]));
  const current = (await db
    .selectFrom('school_year')
    .select(['id', 'last_day'])
    .where('is_current', '=', 1)
    .executeTakeFirst()) as { id: number; last_day: string } | undefined;
  const next = current
    ? ((await db
        .selectFrom('school_year')
        .select('id')
        .where('first_day', '>', current.last_day)
        .orderBy('first_day')
        .executeTakeFirst()) as { id: number } | undefined)
    : undefined;
  const yearId = next ? Number(next.id) : current ? Number(current.id) : undefined;
  const capacitySet = new Set<number>();
  for (const card of cards) {
    const fields = JSON.parse(card.fields) as Record<string, unknown>;
    const title = typeof fields.title === 'string' ? fields.title.trim().toLowerCase() : '';
    const classId = byName.get(title);
    if (classId === undefined || (typeof fields.classId === 'string' && fields.classId !== '')) continue;
    await db
      .updateTable('content_record')
      .set({ fields: JSON.stringify({ ...fields, classId: String(classId) }) })
      .where('id', '=', card.id)
      .execute();
    await db.updateTable('school_class').set({ takes_admissions: 1 }).where('id', '=', classId).execute();
    const seats = seatsOfText(fields.totalSeats);
    if (yearId === undefined || seats === undefined || capacitySet.has(classId)) continue;
    capacitySet.add(classId);
    await db.insertInto('class_capacity').values({ class_id: classId, year_id: yearId, seats }).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  const cards = (await db
    .selectFrom('content_record')
    .select(['id', 'fields'])
    .where('collection', '=', 'kidsclasses')
    .execute()) as { id: number; fields: string }[];
  for (const card of cards) {
    const { classId: _dropped, ...fields } = JSON.parse(card.fields) as Record<string, unknown>;
    await db
      .updateTable('content_record')
      .set({ fields: JSON.stringify(fields) })
      .where('id', '=', card.id)
      .execute();
  }
  await db.schema.alterTable('school_class').dropColumn('takes_admissions').execute();
  await db.schema.dropTable('class_capacity').execute();
}
