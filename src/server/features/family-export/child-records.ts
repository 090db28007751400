import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/database.js';

/**
 * Where the school keeps data about a child and about a guardian
 * (docs/decisions/0109-a-familys-data-on-request.md): every table of the database is either in
 * RECORD_TABLES, with the columns that name the child (a pupil account) or the guardian (a parent
 * account), or in LEFT_OUT with the reason. child-records.test.ts fails on a table of the migrated
 * database that is in neither, so a new table cannot be forgotten by the family's archive.
 *
 * A row is the child's when one of its `child` columns holds the child's id (or, for `via`, names a
 * row of another table that does); a row is the guardian's when one of its `guardian` columns holds
 * the guardian's id. A table that names a pupil is read by its pupil column only, never by the
 * guardian's: a guardian's message about their other child is about that child.
 */

/** A row names the person by `column = id`, or through a row of another table (`column in (select key from table where by = id)`). */
export type PersonColumn =
  | string
  | { column: string; in: { table: keyof Database; key: string; by: string } };

export interface RecordTable {
  /** The columns naming the child (a pupil's user id). */
  child: readonly PersonColumn[];
  /** The columns naming the guardian (a parent's user id); none for tables that name a pupil. */
  guardian?: readonly PersonColumn[];
  /** Secrets left out of the archive: hashes of passwords, sessions, tokens and links; push keys. */
  omit?: readonly string[];
}

const byCase = (column: string): PersonColumn => ({
  column,
  in: { table: 'admission_case', key: 'id', by: 'student_id' },
});

/** The tables holding data about a child or a guardian, by table. */
export const RECORD_TABLES = {
  // The accounts themselves: the child's (a pupil may sign in) and the guardian's.
  app_user: { child: ['id'], guardian: ['id'], omit: ['password_hash'] },
  user_photo: { child: ['user_id'], guardian: ['user_id'] },
  session: { child: ['user_id'], guardian: ['user_id'], omit: ['token_hash'] },
  device_login: { child: ['user_id'], guardian: ['user_id'], omit: ['token_hash'] },
  password_reset: { child: ['user_id'], guardian: ['user_id'], omit: ['token_hash'] },
  push_subscription: { child: ['user_id'], guardian: ['user_id'], omit: ['endpoint', 'p256dh', 'auth'] },
  alert_setting: { child: ['user_id'], guardian: ['user_id'] },
  calendar_feed: { child: ['user_id'], guardian: ['user_id'], omit: ['secret_hash'] },
  notification_read: { child: ['user_id'], guardian: ['user_id'] },
  child_suggestion: { child: [], guardian: ['parent_id'] },
  // Two-factor sign-in (docs/decisions/0108-two-factor-for-staff.md) is for staff: a family's rows
  // are none, but a guardian who is also staff sees that it is on, never its secrets.
  two_factor: { child: ['user_id'], guardian: ['user_id'], omit: ['secret_sealed'] },
  two_factor_recovery_code: { child: ['user_id'], guardian: ['user_id'], omit: ['code_hash'] },
  two_factor_challenge: { child: ['user_id'], guardian: ['user_id'], omit: ['token_hash'] },
  two_factor_device: { child: ['user_id'], guardian: ['user_id'], omit: ['token_hash'] },
  // The principal's resets of it (docs/decisions/0116-the-principal-resets-two-factor.md): who and when.
  two_factor_reset: { child: ['user_id'], guardian: ['user_id'] },
  // The family and the child's school life.
  guardian: { child: ['student_id'] },
  enrolment: { child: ['student_id'] },
  mark: { child: ['student_id'] },
  mark_change: { child: ['student_id'] },
  attendance: { child: ['student_id'] },
  notification: { child: ['student_id'] },
  care_record: { child: ['student_id'] },
  care_change: { child: ['student_id'] },
  consent_entry: { child: ['student_id'] },
  checkin: { child: ['student_id'] },
  absence_alert: { child: ['student_id'] },
  log_entry: { child: ['student_id'] },
  conversation_message: { child: ['student_id'] },
  conversation_receipt: { child: ['student_id'] },
  photo_moment_child: { child: ['student_id'] },
  content_image_child: { child: ['student_id'] },
  report_card_comment: { child: ['student_id'] },
  report_card_note: { child: ['student_id'] },
  report_card: { child: ['student_id'] },
  school_form_answer: { child: ['student_id'] },
  child_access: { child: ['student_id'] },
  family_export: { child: ['student_id'], omit: ['token_hash'] },
  // Fees.
  fee_discount: { child: ['student_id'] },
  invoice: { child: ['student_id'] },
  invoice_line: { child: [{ column: 'invoice_id', in: { table: 'invoice', key: 'id', by: 'student_id' } }] },
  payment: { child: ['student_id'], omit: ['idempotency_key', 'request_hash'] },
  money_audit: { child: ['student_id'] },
  // The child's admission.
  admission_case: { child: ['student_id'] },
  admission_move: { child: [byCase('case_id')] },
  admission_offer: { child: [byCase('case_id')], omit: ['token_hash'] },
  admission_application: { child: [byCase('case_id')] },
  admission_application_link: { child: [byCase('case_id')], omit: ['token_hash'] },
  admission_document: { child: [byCase('case_id')] },
} as const satisfies Partial<Record<keyof Database, RecordTable>>;

export type RecordTableName = keyof typeof RECORD_TABLES;

const SCHOOL_CONTENT = 'the school’s own content and set-up, about no one child';
const TECHNICAL = 'the server’s own bookkeeping, about no one';

/** The tables the archive leaves out, and why. */
export const LEFT_OUT: Readonly<Partial<Record<keyof Database, string>>> = {
  content_record: SCHOOL_CONTENT,
  content_image: `${SCHOOL_CONTENT}; the child’s tags in the website’s pictures are in content_image_child`,
  content_translation: SCHOOL_CONTENT,
  school_class: `${SCHOOL_CONTENT}; the child’s classes are in enrolment`,
  subject: SCHOOL_CONTENT,
  time_slot: SCHOOL_CONTENT,
  class_assignment: `${SCHOOL_CONTENT}: the teachers’ timetable`,
  assignment_day: `${SCHOOL_CONTENT}: the teachers’ timetable`,
  exam: `${SCHOOL_CONTENT}; the child’s marks are in mark`,
  setting: SCHOOL_CONTENT,
  school_settings: SCHOOL_CONTENT,
  media: SCHOOL_CONTENT,
  school_year: SCHOOL_CONTENT,
  school_term: SCHOOL_CONTENT,
  fee_plan: `${SCHOOL_CONTENT}; the child’s invoices copy its items`,
  fee_plan_item: `${SCHOOL_CONTENT}; the child’s invoices copy its items`,
  calendar_entry: SCHOOL_CONTENT,
  calendar_entry_class: SCHOOL_CONTENT,
  class_progression: SCHOOL_CONTENT,
  class_capacity: SCHOOL_CONTENT,
  school_form: `${SCHOOL_CONTENT}: the forms sent; the family’s answers are in school_form_answer`,
  school_form_class: SCHOOL_CONTENT,
  school_word: SCHOOL_CONTENT,
  message_hours: SCHOOL_CONTENT,
  newsletter_issue: SCHOOL_CONTENT,
  rollover_run: `${SCHOOL_CONTENT}: the year’s turns`,
  photo_moment:
    'a photo moment is the poster’s, about every child tagged in it; the photos the family may see are in photos/, the child’s tags in photo_moment_child',
  photo_moment_photo: 'as photo_moment',
  enquiry:
    'messages of the public site’s contact form, known by an email address only, not linked to an account',
  booking: 'bookings of the public site, known by an email address only, not linked to an account',
  blog_comment: 'comments under blog posts, known by an email address only, not linked to an account',
  newsletter_subscriber: 'the newsletter’s list, known by an email address only, not linked to an account',
  newsletter_unsubscribe: 'the newsletter’s unsubscribe links (hashes of secrets)',
  mail_outbox:
    'the mails the school sent: the family has them; the outbox keeps them a short while for delivery',
  attempt_counter: TECHNICAL,
  rate_limit: TECHNICAL,
  data_version: TECHNICAL,
  answer_version: TECHNICAL,
  stored_file: `${TECHNICAL}: the files themselves; the child’s photos and documents are in the archive as files`,
  backup_run: TECHNICAL,
  setup_token: TECHNICAL,
  day_summary_run: TECHNICAL,
  vapid_key: TECHNICAL,
  receipt_counter: TECHNICAL,
  sso_pending: `${TECHNICAL}: sign-ins at the school’s provider under way, for ten minutes, before anyone is known`,
  two_factor_policy: `${SCHOOL_CONTENT}: whether staff must use two-factor sign-in`,
  sso_settings: `${SCHOOL_CONTENT}: who signs in with the school’s provider, and its connection (the client secret sealed)`,
  retention_run:
    'the retention job’s record of what it removed, by count; kept as the school’s proof that it deleted',
};

/** One table's rows, as plain JSON values. */
export type JsonRow = Record<string, string | number | boolean | null>;

/** A database value as the archive writes it: bytes in base64, big whole numbers as text. */
function jsonValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return String(value);
}

/** A row without its secrets, as JSON values. */
export function archivedRow(table: RecordTableName, row: Record<string, unknown>): JsonRow {
  const omit: readonly string[] = (RECORD_TABLES[table] as RecordTable).omit ?? [];
  const out: JsonRow = {};
  for (const [column, value] of Object.entries(row)) {
    if (!omit.includes(column)) out[column] = jsonValue(value);
  }
  return out;
}

function personCondition(person: PersonColumn, id: number) {
  if (typeof person === 'string') return sql`${sql.ref(person)} = ${id}`;
  return sql`${sql.ref(person.column)} in (select ${sql.ref(person.in.key)} from ${sql.table(person.in.table)} where ${sql.ref(person.in.by)} = ${id})`;
}

/**
 * The rows of `table` about the child (and about the guardian, when given), as stored: each once,
 * in the order of the table's columns. The rows are read unchanged; archivedRow leaves the secrets out.
 */
export async function rowsAbout(
  db: Db,
  table: RecordTableName,
  people: { childId: number; guardianId: number | null },
): Promise<Record<string, unknown>[]> {
  const rule: RecordTable = RECORD_TABLES[table];
  const conditions = [
    ...rule.child.map((person) => personCondition(person, people.childId)),
    ...(people.guardianId === null
      ? []
      : (rule.guardian ?? []).map((person) => personCondition(person, people.guardianId as number))),
  ];
  if (conditions.length === 0) return [];
  const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.join(
    conditions,
    sql` or `,
  )}`.execute(db as Kysely<unknown>);
  return result.rows;
}

/** Every table's rows about the child (and the guardian), secrets left out; tables without rows too. */
export async function recordsAbout(
  db: Db,
  people: { childId: number; guardianId: number | null },
): Promise<Record<RecordTableName, JsonRow[]>> {
  const out = {} as Record<RecordTableName, JsonRow[]>;
  for (const table of Object.keys(RECORD_TABLES) as RecordTableName[]) {
    const rows = await rowsAbout(db, table, people);
    out[table] = rows.map((row) => archivedRow(table, row));
  }
  return out;
}
