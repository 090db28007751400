import { type Kysely, sql } from 'kysely';

/**
 * docs/decisions/0014-school-settings.md: the school's own facts in one row (id 1), so that the header,
 * footer, contact panel and page titles stop saying what the code said. A database made before this gets the
 * row with neutral defaults, and the address, email, phone and opening hours its contact record showed (they
 * are the school's facts from now on; docs/decisions/0014-school-settings.md). The values are written here
 * rather than imported, as a migration keeps the schema of its day.
 */

const LIMITS = { address: 200, email: 254, phone: 30, openingHours: 200 } as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('school_settings')
    // One row: the id is always 1.
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('logo', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('opening_hours', 'varchar(200)', (c) => c.notNull())
    .addColumn('twitter', 'varchar(300)', (c) => c.notNull())
    .addColumn('facebook', 'varchar(300)', (c) => c.notNull())
    .addColumn('linkedin', 'varchar(300)', (c) => c.notNull())
    .addColumn('instagram', 'varchar(300)', (c) => c.notNull())
    .addColumn('footer_text', 'varchar(200)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  const contact = await contactFacts(db);
  await db
    .insertInto('school_settings')
    .values({
      id: 1,
      name: 'Our School',
      logo: '',
      description: '',
      address: contact.address,
      phone: contact.phone,
      email: contact.email,
      opening_hours: contact.openingHours,
      twitter: '',
      facebook: '',
      linkedin: '',
      instagram: '',
      footer_text: 'All rights reserved.',
      currency: 'USD',
      time_zone: 'UTC',
      updated_at: new Date().toISOString(),
    })
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('school_settings').execute();
}

/** The first contact record's address, email, phone and opening hours, each '' when absent or too long. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function contactFacts(db: Kysely<any>): Promise<Record<keyof typeof LIMITS, string>> {
  const row = await db
    .selectFrom('content_record')
    .select('fields')
    .where('collection', '=', 'contacts')
    .orderBy('position')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  let fields: Record<string, unknown> = {};
  try {
    fields = row ? (JSON.parse(String(row.fields)) as Record<string, unknown>) : {};
  } catch {
    // A record that cannot be read gives nothing to copy.
  }
  const fact = (key: keyof typeof LIMITS): string => {
    const value = fields[key];
    if (typeof value !== 'string') return '';
    const trimmed = value.trim();
    return trimmed.length <= LIMITS[key] ? trimmed : '';
  };
  return {
    address: fact('address'),
    email: fact('email'),
    phone: fact('phone'),
    openingHours: fact('openingHours'),
  };
}
