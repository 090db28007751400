import type { Kysely } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * Photo moments governed by consent (docs/decisions/0079-photo-consent.md):
 *
 * - the care details' one `photoConsent` flag (the public website) becomes three consents,
 *   `{ website, ownFamily, otherFamilies }`, in the document and in three columns of care_record
 *   (`photo_consent` keeps the website's); a child whose flag was on gets all three on, one whose
 *   flag was off gets all three off;
 * - photo_moment (a teacher's or the principal's post: caption, who, when), photo_moment_photo (its
 *   one to ten pictures, each stored in several widths) and photo_moment_child (the tagged children);
 * - content_image_child: the children an editor tagged in a picture of the website's gallery.
 */

const DOCUMENT_PAGE = 200;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
async function rewriteConsents(db: Kysely<any>, toThree: boolean): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { student_id: number; document: string }[] = await db
      .selectFrom('care_record')
      .select(['student_id', 'document'])
      .where('student_id', '>', after)
      .orderBy('student_id')
      .limit(DOCUMENT_PAGE)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      after = row.student_id;
      let document: Record<string, unknown>;
      try {
        document = JSON.parse(row.document) as Record<string, unknown>;
      } catch {
        continue;
      }
      const old = document.photoConsent;
      if (toThree) {
        const on = old === true;
        if (typeof old === 'object' && old !== null) continue;
        document.photoConsent = { website: on, ownFamily: on, otherFamilies: on };
        await db
          .updateTable('care_record')
          .set({
            document: JSON.stringify(document),
            consent_own_family: on ? 1 : 0,
            consent_other_families: on ? 1 : 0,
          })
          .where('student_id', '=', row.student_id)
          .execute();
      } else {
        const website =
          typeof old === 'object' && old !== null && (old as { website?: unknown }).website === true;
        document.photoConsent = website;
        await db
          .updateTable('care_record')
          .set({ document: JSON.stringify(document) })
          .where('student_id', '=', row.student_id)
          .execute();
      }
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('care_record')
    .addColumn('consent_own_family', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('care_record')
    .addColumn('consent_other_families', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await rewriteConsents(db, true);

  const moment = db.schema.createTable('photo_moment');
  await (isPostgres(db)
    ? moment.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : moment.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('caption', 'text', (c) => c.notNull())
    .addColumn('posted_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('posted_by_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('posted_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('photo_moment_posted')
    .on('photo_moment')
    .columns(['posted_at', 'id'])
    .execute();
  await db.schema
    .createTable('photo_moment_photo')
    .addColumn('moment_id', 'integer', (c) => c.notNull().references('photo_moment.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('widths', 'varchar(100)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_moment_photo_pk', ['moment_id', 'position'])
    .execute();
  await db.schema
    .createTable('photo_moment_child')
    .addColumn('moment_id', 'integer', (c) => c.notNull().references('photo_moment.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('photo_moment_child_pk', ['moment_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('photo_moment_child_student')
    .on('photo_moment_child')
    .columns(['student_id', 'moment_id'])
    .execute();
  await db.schema
    .createTable('content_image_child')
    .addColumn('record_id', 'integer', (c) => c.notNull().references('content_record.id').onDelete('cascade'))
    .addColumn('image', 'varchar(300)', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('content_image_child_pk', ['record_id', 'image', 'student_id'])
    .execute();
  await db.schema
    .createIndex('content_image_child_student')
    .on('content_image_child')
    .column('student_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_image_child').execute();
  await db.schema.dropTable('photo_moment_child').execute();
  await db.schema.dropTable('photo_moment_photo').execute();
  await db.schema.dropTable('photo_moment').execute();
  await rewriteConsents(db, false);
  await db.schema.alterTable('care_record').dropColumn('consent_other_families').execute();
  await db.schema.alterTable('care_record').dropColumn('consent_own_family').execute();
}
