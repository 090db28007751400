import { z } from 'zod';
import { ACCESS_KINDS } from '../../../shared/api/access-log.js';
import { DOCUMENT_KINDS, DOCUMENT_TYPES } from '../../../shared/api/admission-application.js';
import { BLOG_COMMENT_STATUSES } from '../../../shared/api/blog-comment-fields.js';
import { CALENDAR_AUDIENCES, CALENDAR_KINDS } from '../../../shared/api/calendar.js';
import { CONSENT_HOWS, CONSENT_KINDS } from '../../../shared/api/consents.js';
import { CONVERSATION_SIDES, MESSAGE_TYPES } from '../../../shared/api/conversations.js';
import { LOG_KINDS } from '../../../shared/api/day-log.js';
import { EXPORT_STATES } from '../../../shared/api/family-export.js';
import { SCHOOL_FORM_STATUSES } from '../../../shared/api/school-forms.js';
import { SSO_AUDIENCES } from '../../../shared/api/single-sign-on.js';
import { ACCOUNT_STATUSES, ATTENDANCE_STATUSES, USER_TYPES } from '../../../shared/constants.js';
import { LOCALES } from '../../../shared/i18n/locales.js';
import { ADMISSION_STAGES } from '../../../shared/rules/admission-stages.js';
import { MAX_AMOUNT } from '../../../shared/rules/money.js';

/**
 * What a restored row may hold (docs/decisions/0036-restores-that-lose-nothing.md). A zod schema
 * per table, derived from the target's own columns (their declared type and whether they take
 * null) plus the schema's rules that the database does not enforce: the known user types and
 * statuses, money and counts that are never negative, flags that are 0 or 1, JSON columns that
 * parse. SQLite stores text in an integer column without a word, and a row the server cannot read
 * would answer 500 on every later call; so a row is checked before it is inserted, and an archive
 * with one bad value is refused whole.
 */

export interface ColumnFacts {
  name: string;
  /** The type as the target's introspection names it: `INTEGER`, `varchar(40)`, `int4`, `bytea`, ... */
  dataType: string;
  isNullable: boolean;
}

const wholeNumber = z.union(
  [z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER), z.bigint(), z.boolean()],
  { error: 'is not a whole number' },
);
const text = z.string({ error: 'is not text' });
const bytes = z.instanceof(Buffer, { error: 'is not bytes' });
const real = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)], { error: 'is not a number' });

/** The base type of a column, as both engines name it. */
function typeSchema(dataType: string): z.ZodTypeAny {
  const type = dataType.toLowerCase();
  const length = /^(?:varchar|character varying|char|character)\((\d+)\)$/.exec(type)?.[1];
  if (length) return text.max(Number(length), `is longer than ${length} characters`);
  if (/^(integer|int|int2|int4|int8|bigint|smallint|tinyint|mediumint)$/.test(type)) return wholeNumber;
  if (/^(text|varchar|character varying|char|character|bpchar|name|citext|uuid)$/.test(type)) return text;
  if (type === 'blob' || type === 'bytea') return bytes;
  if (/^(real|double|double precision|float|float4|float8|numeric|decimal)/.test(type)) return real;
  if (type === 'bool' || type === 'boolean') {
    return z.union([z.boolean(), z.literal(0), z.literal(1)], { error: 'is not true or false' });
  }
  // Dates, times and JSON come from PostgreSQL as the server's text; anything else is left to the database.
  return z.union([text, z.number()], { error: 'is not text' });
}

const oneOf = (values: readonly (string | number)[], what: string) =>
  z
    .unknown()
    .refine((v) => values.includes(v as string | number), `is not ${what} (one of ${values.join(', ')})`);
const nonNegative = (max = Number.MAX_SAFE_INTEGER) =>
  z
    .unknown()
    .refine(
      (v) =>
        (typeof v === 'number' && v >= 0 && v <= max) ||
        (typeof v === 'bigint' && v >= 0n && v <= BigInt(max)),
      max === Number.MAX_SAFE_INTEGER ? 'is negative' : `is not from 0 to ${max}`,
    );
const amount = nonNegative(MAX_AMOUNT);
const flag = oneOf([0, 1], 'a flag');
const marks = nonNegative(100);
const json = (shape: 'object' | 'array') =>
  z.unknown().refine((v) => {
    if (typeof v !== 'string') return false;
    try {
      const parsed: unknown = JSON.parse(v);
      return shape === 'array' ? Array.isArray(parsed) : typeof parsed === 'object' && parsed !== null;
    } catch {
      return false;
    }
  }, `is not a JSON ${shape}`);

/** The rules beyond the column's type, by table and column (a column an older schema lacks is skipped). */
const RULES: Record<string, Record<string, z.ZodTypeAny>> = {
  app_user: {
    type: oneOf(USER_TYPES, 'a known user type'),
    status: oneOf(ACCOUNT_STATUSES, 'a known status'),
  },
  attendance: {
    status: oneOf(
      ATTENDANCE_STATUSES.map((s) => s.code),
      'an attendance code',
    ),
  },
  mark: { marks, changed_after_release: flag },
  mark_change: { old_marks: marks, new_marks: marks, after_release: flag },
  content_record: { fields: json('object'), position: nonNegative() },
  content_image: { position: nonNegative() },
  content_translation: { fields: json('object') },
  user_photo: { position: nonNegative() },
  time_slot: { position: nonNegative() },
  child_suggestion: { position: nonNegative() },
  media: { variants: json('array'), width: nonNegative(), height: nonNegative(), bytes: nonNegative() },
  care_record: {
    document: json('object'),
    has_allergy: flag,
  },
  care_change: { changes: json('array') },
  consent_entry: {
    kind: oneOf(CONSENT_KINDS, 'a consent'),
    given: flag,
    how: oneOf(CONSENT_HOWS, 'a way of giving consent'),
  },
  checkin: { kind: oneOf(['in', 'out'], 'in or out'), collector_known: flag },
  school_settings: { absence_alerts: flag },
  attempt_counter: { attempts: nonNegative() },
  rate_limit: { hits: nonNegative() },
  blog_comment: { status: oneOf(BLOG_COMMENT_STATUSES, 'a comment status') },
  mail_outbox: {
    status: oneOf(['waiting', 'sending', 'sent', 'failed'], 'a mail status'),
    attempts: nonNegative(),
    headers: json('object'),
  },
  newsletter_issue: { recipients: nonNegative() },
  absence_alert: { told: oneOf(['absent', 'present'], 'absent or present') },
  fee_plan_item: { amount, position: nonNegative() },
  fee_discount: { kind: oneOf(['percent', 'fixed'], 'percent or fixed'), value: amount },
  invoice: {
    subtotal: amount,
    discount: amount,
    total: amount,
    status: oneOf(['issued', 'cancelled'], 'issued or cancelled'),
  },
  invoice_line: { amount, position: nonNegative() },
  receipt_counter: { last_number: nonNegative() },
  payment: { amount, applied: amount, receipt_no: nonNegative() },
  data_version: { version: nonNegative() },
  school_word: { locale: oneOf(LOCALES, 'a language of Schoolyard') },
  photo_moment_photo: { position: nonNegative(), width: nonNegative(), height: nonNegative() },
  // School years (docs/decisions/0085-school-years-and-terms.md); a second current year the index refuses.
  school_year: { is_current: flag },
  // The daily log (docs/decisions/0078-the-daily-log.md).
  log_entry: { kind: oneOf(LOG_KINDS, 'a kind of log entry'), detail: json('object') },
  day_summary_run: { sent: nonNegative() },
  // Messages between home and school (docs/decisions/0080-conversations.md)
  conversation_message: {
    side: oneOf(CONVERSATION_SIDES, 'family or school'),
    type: oneOf(MESSAGE_TYPES, 'a message type'),
    attachment_kind: oneOf(['image', 'pdf'], 'image or pdf'),
    attachment_size: nonNegative(),
  },
  // The school calendar (docs/decisions/0086-the-school-calendar.md)
  calendar_entry: {
    kind: oneOf(CALENDAR_KINDS, 'closure or event'),
    audience: oneOf(CALENDAR_AUDIENCES, 'a calendar audience'),
    sequence: nonNegative(),
    families_invited: flag,
    on_public_feed: flag,
  },
  // The year rollover (docs/decisions/0091-the-year-rollover.md)
  rollover_run: { summary: json('object') },
  // Seats (docs/decisions/0101-seats-that-mean-something.md)
  school_class: { takes_admissions: flag },
  class_capacity: { seats: nonNegative(10000) },
  // The admissions pipeline (docs/decisions/0102-the-admissions-pipeline.md)
  admission_case: {
    stage: oneOf(ADMISSION_STAGES, 'an admission stage'),
    language: oneOf(LOCALES, 'a language'),
  },
  admission_move: { details: json('object') },
  // Two-factor for staff (docs/decisions/0108-two-factor-for-staff.md)
  two_factor_challenge: { enrol: flag },
  two_factor_policy: { staff_required: flag },
  two_factor: { last_step: nonNegative() },
  // The principal's sign-in provider (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md)
  sso_settings: { audience: oneOf(SSO_AUDIENCES, 'staff, parents or both'), staff_must: flag },
  // Who looked (docs/decisions/0106-who-looked.md)
  child_access: {
    kind: oneOf(ACCESS_KINDS, 'a kind of look'),
    viewer_type: oneOf(USER_TYPES, 'a user type'),
  },
  // The application families fill in (docs/decisions/0103-the-application-families-fill-in.md)
  admission_application: {
    document: json('object'),
    status: oneOf(['draft', 'submitted'], 'draft or submitted'),
  },
  admission_document: {
    kind: oneOf(DOCUMENT_KINDS, 'a kind of document'),
    mime_type: oneOf(DOCUMENT_TYPES, 'a document type'),
    size: nonNegative(),
  },
  // Report cards (docs/decisions/0090-report-cards.md)
  report_card: { version: nonNegative(), content: json('object') },
  // Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md)
  school_form: {
    whole_school: flag,
    trip: flag,
    status: oneOf(SCHOOL_FORM_STATUSES, 'draft, sent or closed'),
    questions: json('array'),
  },
  school_form_answer: { answers: json('array') },
  retention_run: {
    kind: oneOf(['nightly', 'erasure'], 'a kind of retention run'),
    student_ids: json('array'),
    row_counts: json('object'),
    files: nonNegative(),
    backups: nonNegative(),
  },
  // A family's data, on request (docs/decisions/0109-a-familys-data-on-request.md)
  family_export: {
    state: oneOf(EXPORT_STATES, 'an export state'),
    requested_by_type: oneOf(USER_TYPES, 'a user type'),
    language: oneOf(LOCALES, 'a language of Schoolyard'),
    downloads: nonNegative(),
    size: nonNegative(),
  },
};

/** One column's schema: its type, then its rule, null where the column takes it. */
function columnSchema(table: string, column: ColumnFacts): z.ZodTypeAny {
  const rule = RULES[table]?.[column.name];
  const base = rule ? typeSchema(column.dataType).pipe(rule) : typeSchema(column.dataType);
  return column.isNullable
    ? base.nullable()
    : z
        .any()
        .refine((v) => v !== null, 'is empty (null)')
        .pipe(base);
}

/** Checks one decoded row (values in `columns` order); undefined when it is good, else what is wrong. */
export type RowCheck = (row: readonly unknown[]) => string | undefined;

/** The row check of a table whose archive lists `columns`, against the target's column facts. */
export function rowCheckOf(table: string, columns: readonly ColumnFacts[]): RowCheck {
  const schemas = columns.map((column) => columnSchema(table, column));
  const schema = z.tuple(schemas as unknown as [z.ZodTypeAny, ...z.ZodTypeAny[]]);
  return (row) => {
    const result = schema.safeParse(row);
    if (result.success) return undefined;
    const issue = result.error.issues[0];
    const index = typeof issue?.path[0] === 'number' ? issue.path[0] : -1;
    const column = columns[index]?.name ?? '?';
    const shown = JSON.stringify(row[index], (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    return `column ${column} ${issue?.message ?? 'is invalid'} (${(shown ?? 'nothing').slice(0, 40)})`;
  };
}
