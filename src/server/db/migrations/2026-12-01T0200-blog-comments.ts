import type { Kysely } from 'kysely';
import { isPostgres } from '../engine.js';

/**
 * Visitors' comments under blog posts, kept pending until the principal approves them
 * (docs/decisions/0049-blog-comments.md). `post_id` is a blog content record's id, or null for the
 * article /blogdetail shows without a post; no foreign key, so removing a post keeps its comments
 * for the principal's record (the site no longer shows them).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blog_comment')
    .addColumn('id', 'integer', (col) =>
      isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('post_id', 'integer')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(40)')
    .execute();
  // The site reads the approved ones; the principal's screen counts the pending ones.
  await db.schema.createIndex('blog_comment_status').on('blog_comment').columns(['status', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_comment').execute();
}
