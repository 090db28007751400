/**
 * How long a leaver's records are kept (docs/decisions/0110-retention-and-erasure.md): each kind of
 * record, its period after the child leaves, the law's floor where there is one, and why. Pure
 * rules, used by the server's nightly job, the principal's settings screen and the tests.
 */

export const RETENTION_KINDS = [
  'dayLog',
  'photos',
  'messages',
  'care',
  'forms',
  'admissions',
  'accessLog',
  'account',
  'attendance',
  'results',
  'fees',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export interface RetentionRule {
  /** Months kept after the child leaves, unless the principal sets otherwise. */
  defaultMonths: number;
  /** The law's floor: the principal cannot set fewer months (0: none). */
  minimumMonths: number;
  /** What is kept, in words. */
  what: string;
  /** Why this long: the law or guidance it follows. */
  reason: string;
}

/** The longest period the principal may set (ten years past the longest accounting period). */
export const MAX_RETENTION_MONTHS = 240;

const STORAGE_LIMITATION =
  'GDPR art. 5(1)(e) storage limitation; COPPA 16 CFR 312.10 (no keeping indefinitely)';

export const RETENTION_RULES: Record<RetentionKind, RetentionRule> = {
  dayLog: {
    defaultMonths: 12,
    minimumMonths: 0,
    what: 'Daily log entries (meals, naps, nappies, notes)',
    reason: `${STORAGE_LIMITATION}; EYFS and ICO guidance: a reasonable period after the child leaves, for questions from the family`,
  },
  photos: {
    defaultMonths: 12,
    minimumMonths: 0,
    what: 'Photo moments and website pictures the child is tagged in (a moment only of the child goes with its files)',
    reason: `${STORAGE_LIMITATION}; photos are kept on consent, which ends with the child’s time at the school`,
  },
  messages: {
    defaultMonths: 12,
    minimumMonths: 0,
    what: 'Messages between the family and the school about the child, their attachments, and notices to the child',
    reason: `${STORAGE_LIMITATION}; a year to answer questions about the child’s last months`,
  },
  care: {
    defaultMonths: 12,
    minimumMonths: 0,
    what: 'Care details: medical notes, emergency contacts, pick-ups and their photos, and their history of changes',
    reason: `${STORAGE_LIMITATION}; health data is special category data (GDPR art. 9), kept no longer than needed`,
  },
  forms: {
    defaultMonths: 12,
    minimumMonths: 0,
    what: 'Answers to forms and permission slips, and the consents to trips and local outings',
    reason: `${STORAGE_LIMITATION}; a consent given for a trip or an activity is needed only while it may be questioned`,
  },
  admissions: {
    defaultMonths: 12,
    minimumMonths: 0,
    what: 'The child’s admission case, application and its documents',
    reason: `${STORAGE_LIMITATION}; the application served the admission and the first year`,
  },
  accessLog: {
    defaultMonths: 12,
    minimumMonths: 0,
    what: 'Who looked at the child’s care details and documents',
    reason: 'GDPR art. 5(2) accountability: kept as long as the records it describes may be asked about',
  },
  account: {
    defaultMonths: 12,
    minimumMonths: 0,
    what: 'The child’s account (name, birth date, address, contact, photos) and guardian links; afterwards the remaining records read “Former pupil #id”',
    reason: `${STORAGE_LIMITATION}; the archived account can read for a year after leaving (docs/decisions/0091-the-year-rollover.md)`,
  },
  attendance: {
    defaultMonths: 36,
    minimumMonths: 0,
    what: 'Attendance, the day’s arrivals and departures, and absence alerts',
    reason: `${STORAGE_LIMITATION}; England’s School Attendance (Pupil Registration) Regulations keep register entries three years`,
  },
  results: {
    defaultMonths: 60,
    minimumMonths: 0,
    what: 'Marks, their history, report cards and their comments',
    reason: `${STORAGE_LIMITATION}; the IRMS schools toolkit keeps a pupil’s record for references and transcripts after leaving`,
  },
  fees: {
    defaultMonths: 84,
    minimumMonths: 72,
    what: 'Invoices, receipts, discounts and the money audit: afterwards anonymised, amounts and dates kept',
    reason:
      'Accounting and tax law: six years at least (UK HMRC and Companies Act; US IRS up to seven); France’s Code de commerce art. L123-22 asks ten (set 120 months)',
  },
};

export type RetentionPeriods = Record<RetentionKind, number>;

export const DEFAULT_RETENTION_PERIODS: RetentionPeriods = Object.fromEntries(
  RETENTION_KINDS.map((kind) => [kind, RETENTION_RULES[kind].defaultMonths]),
) as RetentionPeriods;

/** An erasure's periods: nothing kept but what law requires, and that anonymised. */
export const ERASURE_PERIODS: RetentionPeriods = Object.fromEntries(
  RETENTION_KINDS.map((kind) => [kind, 0]),
) as RetentionPeriods;

/** The periods' kinds under the law's minimum, with the minimum. */
export function belowMinimum(periods: RetentionPeriods): { kind: RetentionKind; minimumMonths: number }[] {
  return RETENTION_KINDS.filter((kind) => periods[kind] < RETENTION_RULES[kind].minimumMonths).map(
    (kind) => ({ kind, minimumMonths: RETENTION_RULES[kind].minimumMonths }),
  );
}

/** The longest period set: backups older than it are not kept. */
export const longestPeriod = (periods: RetentionPeriods): number =>
  Math.max(...RETENTION_KINDS.map((kind) => periods[kind]));

/**
 * `YYYY-MM-DD` `months` after `day`, clamped to the month's end (31 Jan + 1 month = 28/29 Feb).
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * Whether a kind's records of a child who left on `leftOn` are past their time on `today`: the
 * period ends `months` after the leaving day, and the records go the day after it ends
 * (0 months: at once).
 */
export const isPastPeriod = (leftOn: string, months: number, today: string): boolean =>
  months === 0 || addMonths(leftOn, months) < today;

/** The name the remaining records of an erased or long-gone child show. */
export const formerPupilName = (id: number): string => `Former pupil #${id}`;
/** The name a guardian's remaining entries (a payment they made) show. */
export const FORMER_GUARDIAN_NAME = 'Former guardian';
/** The name a family account shows once its last child's account has gone (docs/decisions/0118-a-familys-account-goes-with-its-last-child.md). */
export const formerGuardianName = (id: number): string => `${FORMER_GUARDIAN_NAME} #${id}`;
