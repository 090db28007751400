import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BlogCommentStatus } from '../../shared/api/blog-comment-fields.js';

/**
 * One interface per table, collected in `Database` (the Kysely example's shape). Columns are
 * snake_case and correctly spelt; the product's spellings (docs/contract/product.md#spelling) appear only
 * where rows become API answers. Dates are `YYYY-MM-DD` text and instants ISO-8601 text, so both engines
 * compare them the same way.
 */

export interface ContentRecordTable {
  id: Generated<number>;
  collection: string;
  position: number;
  /** The record's fields under their internal names, as a JSON object. */
  fields: string;
  created_at: string;
  updated_at: string;
}

export interface ContentImageTable {
  id: Generated<number>;
  record_id: number;
  position: number;
  image: string;
  alt: string;
  category: string | null;
}

/** A content record's text fields in one of the school's other languages (JSON, internal names). */
export interface ContentTranslationTable {
  record_id: number;
  language: string;
  fields: string;
  updated_at: string;
}

export interface UserTable {
  id: Generated<number>;
  name: string;
  designation: string;
  description: string;
  type: string;
  gender: string;
  dob: string;
  address: string;
  contact: string;
  /** As entered; `email_key` is the lowercased form that must be unique. */
  email: string;
  email_key: string;
  password_hash: string;
  social_link: string;
  status: string;
  /** The user's language (a Locale); null: the school's default (docs/decisions/0059-message-catalogs.md). */
  language: Generated<string | null>;
  /** When the rollover archived the account (docs/decisions/0091-the-year-rollover.md); null: not archived. */
  archived_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface UserPhotoTable {
  id: Generated<number>;
  user_id: number;
  position: number;
  image: string;
}

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface SchoolClassTable {
  id: Generated<number>;
  name: string;
  /** Unique; the name's case-folded form (features/catalog/name-key.ts). */
  name_key: string;
  /** 1 when the class takes admissions (docs/decisions/0101-seats-that-mean-something.md), else 0. */
  takes_admissions: Generated<number>;
}

export interface SubjectTable {
  id: Generated<number>;
  name: string;
  /** Unique; the name's case-folded form (features/catalog/name-key.ts). */
  name_key: string;
}

export interface TimeSlotTable {
  id: Generated<number>;
  /** As shown, e.g. `09:00 - 09:45`. */
  label: string;
  /** Unique; the label's case-folded form (features/catalog/name-key.ts). */
  name_key: string;
  position: number;
}

export interface EnrolmentTable {
  id: Generated<number>;
  student_id: number;
  class_id: number;
  started_on: string;
  /** Null for the pupil's current class; a pupil has at most one. */
  ended_on: string | null;
}

export interface ClassAssignmentTable {
  id: Generated<number>;
  teacher_id: number;
  class_id: number;
  subject_id: number;
  time_slot_id: number;
  created_at: string;
}

/**
 * One row per day an assignment runs. Teacher and class are copied here so that unique indexes
 * make a clash (same teacher or same class, same slot, same day) impossible at the database.
 */
export interface AssignmentDayTable {
  assignment_id: number;
  day: number;
  teacher_id: number;
  class_id: number;
  time_slot_id: number;
}

export interface ExamTable {
  id: Generated<number>;
  class_id: number;
  subject_id: number;
  exam_date: string;
  /** As shown, e.g. `09:00 - 11:00`. */
  time: string;
  created_at: string;
  /** The term holding its date (null only for an exam of a school without terms, docs/decisions/0087-released-marks.md). */
  term_id: number | null;
  /** When its marks reached pupils and guardians; null while not released. */
  released_at: string | null;
  released_by: number | null;
}

export interface MarkTable {
  id: Generated<number>;
  student_id: number;
  class_id: number;
  subject_id: number;
  /** Its exam, whose class and subject class_id and subject_id repeat (for the lists' indexes). */
  exam_id: number;
  marks: number;
  /** 1 once the mark has changed after its exam's release (shown as changed). */
  changed_after_release: Generated<number>;
  updated_by: number | null;
  updated_at: string;
}

export interface MarkChangeTable {
  id: Generated<number>;
  student_id: number;
  class_id: number;
  subject_id: number;
  /** Null for history from before exams held marks, or of an exam since deleted. */
  exam_id: number | null;
  old_marks: number | null;
  new_marks: number;
  /** 1 for a change made after the exam's release. */
  after_release: Generated<number>;
  changed_by: number | null;
  changed_at: string;
}

export interface AttendanceTable {
  id: Generated<number>;
  student_id: number;
  class_id: number;
  att_date: string;
  /** 1 Present, 2 Absent, 3 On Leave. */
  status: number;
  description: string;
  recorded_by: number | null;
  updated_at: string;
}

export interface NotificationTable {
  id: Generated<number>;
  sender_id: number | null;
  /** Exactly one audience: a class, a pupil, or everyone (both null). */
  class_id: number | null;
  student_id: number | null;
  body: string;
  created_at: string;
  /**
   * The school's day it was sent: a notice to a class reaches the pupils enrolled in the class that
   * day (docs/decisions/0095-past-sight.md).
   */
  sent_on: string;
  /** Its school year: the current one when it was sent; null while the school has none. */
  year_id: number | null;
}

export interface NotificationReadTable {
  notification_id: number;
  user_id: number;
  read_at: string;
}

export interface SettingTable {
  key: string;
  value: string;
}

/** The school's own facts, shown across the site: one row, id 1. */
export interface SchoolSettingsTable {
  id: number;
  name: string;
  /** '' for the default logo, else a stored picture's path under /uploads/. */
  logo: string;
  description: string;
  address: string;
  phone: string;
  email: string;
  opening_hours: string;
  twitter: string;
  facebook: string;
  linkedin: string;
  instagram: string;
  footer_text: string;
  /** ISO 4217. */
  currency: string;
  /** IANA. */
  time_zone: string;
  /** 1: guardians are mailed when their child is recorded Absent today (features/mail). */
  absence_alerts: Generated<number>;
  /** The school's default language (a Locale). */
  language: Generated<string>;
  /** The languages it offers, comma-separated, the default among them. */
  languages: Generated<string>;
  updated_at: string;
}

/** A picture of the media library, stored in every width of MEDIA_RULES. */
export interface MediaTable {
  id: Generated<number>;
  /** 32 hex characters: the `<name>` of `media/<name>-<width>.webp`. */
  name: string;
  /** The largest stored file, e.g. `media/<name>-1200.webp`. */
  image: string;
  width: number;
  height: number;
  /** JSON `[ { width, height, image } ]`, narrowest first. */
  variants: string;
  alt: string;
  original_name: string;
  bytes: number;
  uploaded_by: number | null;
  created_at: string;
}

/** Messages of the contact form. */
export interface EnquiryTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
  /** Null while the principal has not marked it handled. */
  handled_at: string | null;
}

/** Seat bookings of the public site. */
export interface BookingTable {
  id: Generated<number>;
  name: string;
  email: string;
  class_name: string;
  created_at: string;
  handled_at: string | null;
}

/** Visitors' comments under blog posts (docs/decisions/0049-blog-comments.md). */
export interface BlogCommentTable {
  id: Generated<number>;
  /** A blog content record's id; null for the article /blogdetail shows without a post. */
  post_id: number | null;
  name: string;
  email: string;
  message: string;
  status: BlogCommentStatus;
  created_at: string;
  /** When the principal last approved or rejected it. */
  decided_at: string | null;
}

export interface NewsletterSubscriberTable {
  id: Generated<number>;
  name: string;
  /** As entered; `email_key` is the lowercased form that must be unique. */
  email: string;
  email_key: string;
  created_at: string;
  /** Null until the address is confirmed from the mail (double opt-in); only confirmed ones get newsletters. */
  confirmed_at: string | null;
  /**
   * SHA-256 of the token of the subscriber's confirmation link (which also unsubscribes, as the
   * newsletters sent before 0037 carry it); the token itself is only in the mail.
   */
  token_hash: string | null;
  /** The language of the request that subscribed (a locale); null: the school's default. */
  language: string | null;
}

/**
 * The unsubscribe links of the newsletters sent: a fresh token per subscriber and newsletter, of
 * which only the SHA-256 is kept (docs/decisions/0037-no-live-secret-at-rest.md).
 */
export interface NewsletterUnsubscribeTable {
  id: Generated<number>;
  subscriber_id: number;
  token_hash: string;
  created_at: string;
}

/** Fixed windows of attempts (lib/attempt-counters.ts): log-ins, email changes. */
export interface AttemptCounterTable {
  key: string;
  attempts: number;
  /** Epoch milliseconds when the window ends. */
  expires_at: number;
}

/**
 * A device that logged in to an account (features/auth/device-login.ts): the SHA-256 of its device
 * cookie's token, never the token; one token may stand for several accounts (a family's computer).
 */
export interface DeviceLoginTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

/** Counters of @fastify/rate-limit (plugins/rate-limit-store.ts); the key is hashed. */
export interface RateLimitTable {
  key: string;
  hits: number;
  /** Epoch milliseconds of the window's first hit. */
  window_start: number;
}

/** A parent linked to a child (docs/decisions/0021-families.md). */
export interface GuardianTable {
  parent_id: number;
  student_id: number;
  /** One of RELATIONSHIPS (shared/api/family.ts). */
  relationship: string;
  created_at: string;
}

/** A child a registering parent named, for the principal to match when approving. */
export interface ChildSuggestionTable {
  id: Generated<number>;
  parent_id: number;
  position: number;
  name: string;
  dob: string;
}

/** A child's care details: one document (shared/api/family.ts CareDetailsSchema) as JSON text. */
export interface CareRecordTable {
  student_id: number;
  document: string;
  /** 1 when the document names an allergy (the register's flag). */
  has_allergy: number;
  updated_at: string;
  updated_by: number | null;
}

/**
 * One consent given or withdrawn (docs/decisions/0111-consent-as-a-ledger.md), appended and never
 * changed; a consent's current state is its latest entry (highest id) of its child or address and kind.
 */
export interface ConsentEntryTable {
  id: Generated<number>;
  /** The child, for a child's consent (shared/api/consents.ts CHILD_CONSENT_KINDS). */
  student_id: number | null;
  /** The subscriber's address, lowercased (newsletter_subscriber.email_key), for the newsletter. */
  subscriber_email: string | null;
  kind: string;
  /** 1 given, 0 withdrawn. */
  given: number;
  by_user: number | null;
  /** Who, as they were named then (or the subscriber's address); null when carried over. */
  by_name: string | null;
  at: string;
  /** shared/api/consents.ts CONSENT_HOWS. */
  how: string;
  /** A trip entry's permission slip (kind `trip`); null for every other entry. */
  school_form_id: number | null;
}

/** A photo moment: one to ten photos a teacher or the principal posted, with a caption. */
export interface PhotoMomentTable {
  id: Generated<number>;
  caption: string;
  posted_by: number | null;
  posted_by_name: string;
  posted_at: string;
}

/** One photo of a moment, stored as `moments/<moment id>/<name>-<width>.webp` in each of `widths`. */
export interface PhotoMomentPhotoTable {
  moment_id: number;
  position: number;
  /** 32 hex digits. */
  name: string;
  /** The stored widths, narrowest first, comma separated (`400,800,1200`). */
  widths: string;
  width: number;
  height: number;
}

/** A child tagged in a photo moment. */
export interface PhotoMomentChildTable {
  moment_id: number;
  student_id: number;
}

/** A child an editor tagged in a picture of a content record (the website's gallery). */
export interface ContentImageChildTable {
  record_id: number;
  image: string;
  student_id: number;
}

/** One saved change of a child's care details: who, when, and what (JSON list of { field, from, to }). */
export interface CareChangeTable {
  id: Generated<number>;
  student_id: number;
  changed_by: number | null;
  changed_by_name: string;
  changed_at: string;
  changes: string;
}

/** An arrival or departure in the day's register. */
export interface CheckinTable {
  id: Generated<number>;
  student_id: number;
  class_id: number | null;
  /** The school day, YYYY-MM-DD in the school's time zone. */
  day: string;
  kind: 'in' | 'out';
  at: string;
  recorded_by: number | null;
  recorded_by_name: string;
  collected_by: string | null;
  /** Check-outs: 1 when the collector is a guardian or an authorised pick-up, 0 when not. */
  collector_known: number | null;
  reason: string | null;
  /** A check-out to the person a "Someone else collects today" message named (docs/decisions/0080-conversations.md). */
  collector_message_id: Generated<number | null>;
}

export type MailStatus = 'waiting' | 'sending' | 'sent' | 'failed';

/** One outbound mail (docs/decisions/0022-email-outbox.md). */
export interface MailOutboxTable {
  id: Generated<number>;
  /** `<random@host>`, the same on every try. */
  message_id: string;
  /** What caused it (shared/api/mail.ts MAIL_KINDS). */
  kind: string;
  to_address: string;
  to_name: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** Extra headers as a JSON object. */
  headers: string;
  /**
   * The keys of the mail's links, a JSON array, while it waits; the bodies and headers hold `…`
   * in their place. Dropped once the mail is sent, failed or too old, and never in a backup
   * (docs/decisions/0037-no-live-secret-at-rest.md).
   */
  link_keys: string | null;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A password-reset link: only its token's hash is kept; single use, short-lived. */
export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A newsletter the principal sent. */
export interface NewsletterIssueTable {
  id: Generated<number>;
  subject: string;
  body: string;
  sent_by: number | null;
  sent_by_name: string;
  recipients: number;
  created_at: string;
}

/** What a pupil's guardians were last told about the pupil's absence on a day. */
export interface AbsenceAlertTable {
  student_id: number;
  day: string;
  told: 'absent' | 'present';
  updated_at: string;
}

/** A fee plan: a class's fees for a term (docs/decisions/0026-fees.md). Amounts in minor units. */
export interface FeePlanTable {
  id: Generated<number>;
  name: string;
  class_id: number;
  /** Its term's name (free text before decision 0085; kept in step with school_term.name). */
  term: string;
  /** Its school term (null for a plan made with a term's text only). */
  term_id: number | null;
  due_date: string;
  currency: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** docs/decisions/0085-school-years-and-terms.md */
export interface SchoolYearTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  first_day: string;
  last_day: string;
  /** 1 for the current year (at most one, by a partial unique index), else 0. */
  is_current: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SchoolTermTable {
  id: Generated<number>;
  year_id: number;
  name: string;
  name_key: string;
  first_day: string;
  last_day: string;
}

export interface FeePlanItemTable {
  id: Generated<number>;
  plan_id: number;
  position: number;
  name: string;
  amount: number;
}

export interface FeeDiscountTable {
  plan_id: number;
  student_id: number;
  kind: 'percent' | 'fixed';
  /** Basis points for 'percent', minor units for 'fixed'. */
  value: number;
  reason: string;
  updated_by: number | null;
  updated_at: string;
}

export interface InvoiceTable {
  id: Generated<number>;
  plan_id: number;
  student_id: number | null;
  student_name: string;
  class_name: string;
  subtotal: number;
  discount: number;
  discount_reason: string;
  total: number;
  status: 'issued' | 'cancelled';
  cancel_reason: string | null;
  cancelled_at: string | null;
  cancelled_by: number | null;
  issued_at: string;
  issued_by: number | null;
  last_reminder_at: string | null;
}

export interface InvoiceLineTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  name: string;
  amount: number;
}

export interface ReceiptCounterTable {
  id: number;
  last_number: number;
}

export interface PaymentTable {
  id: Generated<number>;
  receipt_no: number;
  invoice_id: number;
  student_id: number | null;
  student_name: string;
  amount: number;
  /** The part that paid the invoice; amount - applied is credit on the pupil's account. */
  applied: number;
  method: string;
  reference: string;
  paid_on: string;
  provider: string;
  provider_reference: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  balance_after: number;
  recorded_by: number | null;
  recorded_by_name: string;
  created_at: string;
  voided_at: string | null;
  void_reason: string | null;
  voided_by: number | null;
}

/** Every change to money: who, when, what, before and after (JSON). */
export interface MoneyAuditTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  actor_name: string;
  action: string;
  entity: string;
  entity_id: number;
  student_id: number | null;
  before: string | null;
  after: string | null;
}

/** A named version counter (lib/data-version.ts). */
export interface DataVersionTable {
  name: string;
  version: number;
}

/** A stored file kept in the database (lib/file-store/database-file-store.ts). */
export interface StoredFileTable {
  path: string;
  bytes: Buffer;
  size: number;
  /** Hex SHA-256 of the bytes (the file's ETag). */
  sha256: string;
  stored_at: string;
}

/**
 * A scheduled backup's time slot (docs/decisions/0033-backup-and-restore.md): claimed by the one
 * process whose insert wins, then filled in with how the backup went.
 */
export interface BackupRunTable {
  /** floor(start time / interval), so every process computes the same slot. */
  slot: number;
  started_at: string;
  finished_at: string | null;
  /** 1 written, 0 failed, null while running. */
  ok: number | null;
  file_name: string | null;
  bytes: number | null;
  message: string | null;
}

/**
 * The school's text for a catalog message in one language (docs/decisions/0065-the-schools-own-words.md),
 * shown instead of the catalog's.
 */
export interface SchoolWordTable {
  locale: string;
  /** The message's full key, `area.key`. */
  message_key: string;
  /** ICU MessageFormat with the English message's arguments. */
  text: string;
  updated_at: string;
}

/** The hash of the one-time set-up link while a real school's first principal is not made yet. */
export interface SetupTokenTable {
  token_hash: string;
  created_at: string;
}

/** One entry of a child's daily log (docs/decisions/0078-the-daily-log.md). */
export interface LogEntryTable {
  id: Generated<number>;
  student_id: number;
  class_id: number | null;
  day: string;
  time: string;
  kind: string;
  /** shared/api/day-log.ts LogDetailSchema as JSON text. */
  detail: string;
  recorded_by: number | null;
  recorded_by_name: string;
  recorded_at: string;
  acknowledged_at: string | null;
  acknowledged_by: number | null;
  acknowledged_by_name: string | null;
}

/** The end-of-day summaries of a school day, claimed once by one process. */
export interface DaySummaryRunTable {
  day: string;
  claimed_at: string;
  sent: number;
}

/** A message of a child's conversation (docs/decisions/0080-conversations.md); never updated but for its alert. */
export interface ConversationMessageTable {
  id: Generated<number>;
  student_id: number;
  sender_id: number | null;
  sender_name: string;
  side: 'family' | 'school';
  type: 'text' | 'absent' | 'late-pickup' | 'other-collector';
  body: string;
  for_day: string | null;
  reason: string | null;
  pickup_time: string | null;
  collector_name: string | null;
  collector_phone: string | null;
  attachment_path: string | null;
  attachment_kind: 'image' | 'pdf' | null;
  attachment_name: string | null;
  attachment_size: number | null;
  sent_at: string;
  alert_due_at: string | null;
  alerted_at: string | null;
}

/** Who read a message of the other side, first read. */
export interface ConversationReceiptTable {
  message_id: number;
  reader_id: number;
  reader_name: string;
  student_id: number;
  read_at: string;
}

/** The school's message hours: one row (id 1), none until the principal saves them. */
export interface MessageHoursTable {
  id: number;
  /** Weekdays, comma separated, 0 = Sunday. */
  days: string;
  opens: string;
  closes: string;
  updated_at: string;
}

export interface Database {
  content_record: ContentRecordTable;
  content_image: ContentImageTable;
  content_translation: ContentTranslationTable;
  app_user: UserTable;
  user_photo: UserPhotoTable;
  session: SessionTable;
  school_class: SchoolClassTable;
  subject: SubjectTable;
  time_slot: TimeSlotTable;
  enrolment: EnrolmentTable;
  class_assignment: ClassAssignmentTable;
  assignment_day: AssignmentDayTable;
  exam: ExamTable;
  mark: MarkTable;
  mark_change: MarkChangeTable;
  attendance: AttendanceTable;
  notification: NotificationTable;
  notification_read: NotificationReadTable;
  setting: SettingTable;
  school_settings: SchoolSettingsTable;
  media: MediaTable;
  enquiry: EnquiryTable;
  booking: BookingTable;
  blog_comment: BlogCommentTable;
  newsletter_subscriber: NewsletterSubscriberTable;
  newsletter_unsubscribe: NewsletterUnsubscribeTable;
  attempt_counter: AttemptCounterTable;
  device_login: DeviceLoginTable;
  rate_limit: RateLimitTable;
  guardian: GuardianTable;
  child_suggestion: ChildSuggestionTable;
  care_record: CareRecordTable;
  consent_entry: ConsentEntryTable;
  care_change: CareChangeTable;
  checkin: CheckinTable;
  mail_outbox: MailOutboxTable;
  password_reset: PasswordResetTable;
  newsletter_issue: NewsletterIssueTable;
  absence_alert: AbsenceAlertTable;
  fee_plan: FeePlanTable;
  school_year: SchoolYearTable;
  school_term: SchoolTermTable;
  fee_plan_item: FeePlanItemTable;
  fee_discount: FeeDiscountTable;
  invoice: InvoiceTable;
  invoice_line: InvoiceLineTable;
  receipt_counter: ReceiptCounterTable;
  payment: PaymentTable;
  money_audit: MoneyAuditTable;
  data_version: DataVersionTable;
  stored_file: StoredFileTable;
  backup_run: BackupRunTable;
  setup_token: SetupTokenTable;
  school_word: SchoolWordTable;
  photo_moment: PhotoMomentTable;
  photo_moment_photo: PhotoMomentPhotoTable;
  photo_moment_child: PhotoMomentChildTable;
  content_image_child: ContentImageChildTable;
  log_entry: LogEntryTable;
  day_summary_run: DaySummaryRunTable;
  // Messages between home and school (docs/decisions/0080-conversations.md)
  conversation_message: ConversationMessageTable;
  conversation_receipt: ConversationReceiptTable;
  message_hours: MessageHoursTable;
  vapid_key: VapidKeyTable;
  push_subscription: PushSubscriptionTable;
  alert_setting: AlertSettingTable;
  answer_version: AnswerVersionTable;
  // The school calendar (docs/decisions/0086-the-school-calendar.md)
  calendar_entry: CalendarEntryTable;
  calendar_entry_class: CalendarEntryClassTable;
  calendar_feed: CalendarFeedTable;
  // The year rollover (docs/decisions/0091-the-year-rollover.md)
  class_progression: ClassProgressionTable;
  rollover_run: RolloverRunTable;
  class_capacity: ClassCapacityTable;
  admission_case: AdmissionCaseTable;
  admission_move: AdmissionMoveTable;
  child_access: ChildAccessTable;
  sso_pending: SsoPendingTable;
  admission_offer: AdmissionOfferTable;
  // The application families fill in (docs/decisions/0103-the-application-families-fill-in.md)
  admission_application: AdmissionApplicationTable;
  admission_application_link: AdmissionApplicationLinkTable;
  admission_document: AdmissionDocumentTable;
  // Report cards (docs/decisions/0090-report-cards.md)
  report_card_comment: ReportCardCommentTable;
  report_card_note: ReportCardNoteTable;
  report_card: ReportCardTable;
  // Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md)
  school_form: SchoolFormTable;
  school_form_class: SchoolFormClassTable;
  school_form_answer: SchoolFormAnswerTable;
  // Retention and erasure (docs/decisions/0110-retention-and-erasure.md)
  retention_run: RetentionRunTable;
  // A family's data, on request (docs/decisions/0109-a-familys-data-on-request.md)
  family_export: FamilyExportTable;
  // Two-factor for staff (docs/decisions/0108-two-factor-for-staff.md)
  two_factor: TwoFactorTable;
  two_factor_recovery_code: TwoFactorRecoveryCodeTable;
  two_factor_challenge: TwoFactorChallengeTable;
  two_factor_device: TwoFactorDeviceTable;
  two_factor_policy: TwoFactorPolicyTable;
  // The principal resets a staff member's two-factor (docs/decisions/0116-the-principal-resets-two-factor.md)
  two_factor_reset: TwoFactorResetTable;
  // The principal's sign-in provider (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md)
  sso_settings: SsoSettingsTable;
}

/** A run of the retention job (one a night) or an erasure request carried out, with what it removed. */
export interface RetentionRunTable {
  id: Generated<number>;
  /** `nightly:<day>` (claimed once across processes) or `erasure:<student id>:<instant>`. */
  slot: string;
  /** 'nightly' or 'erasure'. */
  kind: string;
  started_at: string;
  finished_at: string | null;
  /** JSON array of the children whose records it touched. */
  student_ids: Generated<string>;
  /** JSON object: rows removed or anonymised, by kind (shared/rules/retention.ts). */
  row_counts: Generated<string>;
  files: Generated<number>;
  backups: Generated<number>;
  /** An erasure: who asked for it, in the principal's words. */
  requested_by: string | null;
  ran_by: number | null;
  ran_by_name: string | null;
  message: string | null;
}

/** A request for an archive of a child's data, and how it went; kept after the archive is gone. */
export interface FamilyExportTable {
  id: Generated<number>;
  student_id: number;
  /** Null once the account is removed; the name and type stay. */
  requested_by: number | null;
  requested_by_name: string;
  requested_by_type: string;
  /** The archive's and the mail's language (a Locale): the requester's. */
  language: string;
  requested_at: string;
  requested_from: string;
  /** shared/api/family-export.ts EXPORT_STATES. */
  state: string;
  /** The builder's claim: when, and until when another may take it over. */
  claimed_at: string | null;
  claimed_until: string | null;
  ready_at: string | null;
  expires_at: string | null;
  /** The archive in the file store while it is kept. */
  file_path: string | null;
  size: number | null;
  /** SHA-256 of the mailed link's token; the token is only in the mail. */
  token_hash: string | null;
  downloads: Generated<number>;
  last_downloaded_at: string | null;
  error: string | null;
}

/** A staff member's TOTP secret, sealed (lib/secret-box.ts); enabled once confirmed. */
export interface TwoFactorTable {
  user_id: number;
  secret_sealed: string;
  enabled_at: string | null;
  /** The TOTP step of the last accepted code. */
  last_step: Generated<number>;
  created_at: string;
}

/** A recovery code's SHA-256; used_at once it opened a session. */
export interface TwoFactorRecoveryCodeTable {
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** A right password waiting for its second factor; the token's SHA-256. */
export interface TwoFactorChallengeTable {
  token_hash: string;
  user_id: number;
  /** 1: the account must set two-factor up first. */
  enrol: Generated<number>;
  expires_at: string;
}

/** A device that skips the code for an account until expires_at; its cookie token's SHA-256. */
export interface TwoFactorDeviceTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** One row (id 1): whether the school requires two-factor of all staff. */
export interface TwoFactorPolicyTable {
  id: number;
  staff_required: Generated<number>;
  updated_at: string;
}

/** A reset of a staff member's two-factor by the principal: who and when. */
export interface TwoFactorResetTable {
  id: Generated<number>;
  /** The staff member whose two-factor was reset. */
  user_id: number;
  /** The principal; null once their account is removed (the name stays). */
  reset_by: number | null;
  reset_by_name: string;
  reset_at: string;
}

/** A form the principal sends to families; `questions` is JSON, fixed once sent. */
export interface SchoolFormTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  /** 1: the whole school; 0: the classes of school_form_class. */
  whole_school: number;
  /** 1: a trip permission slip, whose first question's yes or no is a trip consent (0115). */
  trip: Generated<number>;
  due_on: string;
  questions: string;
  status: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  closed_at: string | null;
  reminded_at: string | null;
}

/** A class a form goes to. */
export interface SchoolFormClassTable {
  form_id: number;
  class_id: number;
}

/** A pupil's answer to a form, signed by one of their guardians; `answers` is JSON by question id. */
export interface SchoolFormAnswerTable {
  id: Generated<number>;
  form_id: number;
  student_id: number;
  parent_id: number | null;
  parent_name: string;
  signed_name: string;
  answers: string;
  answered_at: string;
  answered_from: string;
}

/** Where a class's pupils go when the year turns: the next class, or null when they leave. */
export interface ClassProgressionTable {
  class_id: number;
  next_class_id: number | null;
}

/** A class's seats in a school year (docs/decisions/0101-seats-that-mean-something.md). */
export interface ClassCapacityTable {
  class_id: number;
  year_id: number;
  seats: number;
}

/** A family's way to a seat, one child and class and year (docs/decisions/0102-the-admissions-pipeline.md). */
export interface AdmissionCaseTable {
  id: Generated<number>;
  child_name: string;
  class_id: number | null;
  year_id: number | null;
  family_name: string;
  email: string;
  phone: Generated<string>;
  /** The family's language (a Locale): of the page they booked from. */
  language: string;
  message: Generated<string>;
  /** shared/rules/admission-stages.ts ADMISSION_STAGES. */
  stage: string;
  visit_date: string | null;
  visit_time: string | null;
  offer_deadline: string | null;
  waiting_since: string | null;
  close_reason: string | null;
  source: string;
  booking_id: number | null;
  enquiry_id: number | null;
  student_id: number | null;
  created_by: number | null;
  created_at: string;
  stage_changed_by: number | null;
  stage_changed_at: string;
  updated_at: string;
}

/** Who looked at a child's care details or downloaded a document about them (docs/decisions/0106-who-looked.md). */
export interface ChildAccessTable {
  id: Generated<number>;
  student_id: number;
  /** null once the account is removed; the name and type stay. */
  viewer_id: number | null;
  viewer_name: string;
  viewer_type: string;
  /** One of ACCESS_KINDS (shared/api/access-log.ts). */
  kind: string;
  detail: Generated<string>;
  address: Generated<string>;
  at: string;
}

/** One move of an admission case (its first row: the case was made, from null). */
export interface AdmissionMoveTable {
  id: Generated<number>;
  case_id: number;
  from_stage: string | null;
  to_stage: string;
  moved_by: number | null;
  moved_at: string;
  note: Generated<string>;
  /** JSON object: the move's details. */
  details: Generated<string>;
}

/** An offer of a seat with its reply link (the token's hash). */
export interface AdmissionOfferTable {
  id: Generated<number>;
  case_id: number;
  token_hash: string;
  deadline: string;
  created_at: string;
  answer: string | null;
  answered_at: string | null;
  withdrawn_at: string | null;
}

/** A case's application: the draft, then the sent one (`document` is JSON). */
export interface AdmissionApplicationTable {
  case_id: number;
  /** JSON object: shared/api/admission-application.ts ApplicationDraft, or Application once submitted. */
  document: Generated<string>;
  /** 'draft' | 'submitted'. */
  status: Generated<string>;
  signature_name: string | null;
  signed_at: string | null;
  /** The IP address the application was sent from. */
  signed_from: string | null;
  submitted_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A link that opens a case's application (the token's hash); each mail may carry a new one. */
export interface AdmissionApplicationLinkTable {
  id: Generated<number>;
  case_id: number;
  token_hash: string;
  created_at: string;
}

/** A document uploaded with an application; the file is in the file store at `stored_name`. */
export interface AdmissionDocumentTable {
  id: Generated<number>;
  case_id: number;
  /** shared/api/admission-application.ts DOCUMENT_KINDS. */
  kind: string;
  original_name: string;
  mime_type: string;
  size: number;
  stored_name: string;
  uploaded_at: string;
}

/** A rollover that ran, from one school year to the next (each year once on either side). */
export interface RolloverRunTable {
  id: Generated<number>;
  from_year_id: number;
  to_year_id: number;
  ran_by: number | null;
  ran_at: string;
  backup_file: string;
  /** JSON: the counts of the preview it carried out. */
  summary: string;
}

/** A subject teacher's comment on a pupil's report card for a term. */
export interface ReportCardCommentTable {
  student_id: number;
  term_id: number;
  subject_id: number;
  class_id: number;
  comment: string;
  written_by: number | null;
  updated_at: string;
}

/** The class teacher's comment and the principal's remark on a pupil's report card for a term. */
export interface ReportCardNoteTable {
  student_id: number;
  term_id: number;
  class_id: number;
  class_teacher_comment: Generated<string>;
  class_teacher_id: number | null;
  principal_remark: Generated<string>;
  principal_id: number | null;
  updated_at: string;
}

/** A published report card: what it showed (JSON), by version. */
export interface ReportCardTable {
  id: Generated<number>;
  student_id: number;
  term_id: number;
  class_id: number;
  version: number;
  content: string;
  published_at: string;
  published_by: number | null;
}

/** A closure or an event of the school calendar; days and times in the school's time zone. */
export interface CalendarEntryTable {
  id: Generated<number>;
  uid: string;
  sequence: number;
  /** 'closure' or 'event'. */
  kind: string;
  title: string;
  description: string;
  place: string;
  start_day: string;
  end_day: string;
  /** HH:MM; both null for an all-day entry. */
  start_time: string | null;
  end_time: string | null;
  /** 'everyone', 'staff' or 'classes' (calendar_entry_class). */
  audience: string;
  families_invited: number;
  on_public_feed: number;
  cancelled_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CalendarEntryClassTable {
  entry_id: number;
  class_id: number;
}

/** A calendar feed's secret address (only its hash): a user's own calendar (class_id null) or a class's. */
export interface CalendarFeedTable {
  id: Generated<number>;
  user_id: number;
  class_id: number | null;
  secret_hash: string;
  created_at: string;
}

/** How often what a kept answer is made of has changed, by key (lib/answer-versions.ts); raised by triggers. */
export interface AnswerVersionTable {
  key: string;
  version: number;
}

/** The server's VAPID key pair for Web Push (one row, id 1), base64url as web-push writes them. */
export interface VapidKeyTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: string;
}

/** A browser's push subscription (PushSubscription.toJSON()), for one user. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A user's choice for one kind of alert (ALERT_KINDS): 'push', 'email' or 'off'. */
export interface AlertSettingTable {
  user_id: number;
  kind: string;
  channel: string;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type ContentRecordRow = Selectable<ContentRecordTable>;
export type ContentImageRow = Selectable<ContentImageTable>;

/** A sign-in with the school's provider under way (docs/decisions/0107-sign-in-with-the-schools-provider.md). */
/**
 * The principal's choices for signing in with the school's provider: one row (id 1), written once
 * the principal saves the screen; until then the environment's OIDC_FOR and OIDC_STAFF_MUST apply.
 */
export interface SsoSettingsTable {
  id: number;
  /** 'staff', 'parents' or 'both'. */
  audience: string;
  staff_must: Generated<number>;
  /** The provider the principal entered; null when none (or the environment names one). */
  issuer_url: string | null;
  client_id: string | null;
  /** The client secret sealed (lib/secret-box.ts, purpose `sso-client-secret`); null: a public client. */
  client_secret_sealed: string | null;
  provider_name: Generated<string>;
  updated_at: string;
}

export interface SsoPendingTable {
  /** SHA-256 of the state; the browser holds the state. */
  state_hash: string;
  nonce: string;
  code_verifier: string;
  created_at: string;
  expires_at: string;
}
