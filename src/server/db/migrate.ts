import { DEFAULT_MIGRATION_TABLE, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './connect.js';
import * as initialSchema from './migrations/2026-11-22T0100-initial-schema.js';
import * as loginThrottle from './migrations/2026-11-22T0200-login-throttle.js';
import * as schoolLookups from './migrations/2026-11-22T0300-school-lookups.js';
import * as mediaAndForms from './migrations/2026-11-22T0400-media-and-forms.js';
import * as coveringIndexes from './migrations/2026-11-23T0100-covering-indexes.js';
import * as nameKeys from './migrations/2026-11-23T0200-name-keys.js';
import * as rateLimit from './migrations/2026-11-23T0300-rate-limit.js';
import * as attemptCounters from './migrations/2026-11-23T0400-attempt-counters.js';
import * as schoolSettings from './migrations/2026-11-24T0100-school-settings.js';
import * as families from './migrations/2026-11-25T0100-families.js';
import * as email from './migrations/2026-11-26T0100-email.js';
import * as fees from './migrations/2026-11-27T0100-fees.js';
import * as feesIndexes from './migrations/2026-11-27T0200-fees-indexes.js';
import * as dataVersion from './migrations/2026-11-28T0100-data-version.js';
import * as fileStore from './migrations/2026-11-29T0100-file-store.js';
import * as backupRuns from './migrations/2026-11-29T0200-backup-runs.js';
import * as hashedSecrets from './migrations/2026-11-30T0200-hashed-secrets.js';
import * as deviceLogin from './migrations/2026-11-30T0300-device-login.js';
import * as setupToken from './migrations/2026-11-30T0600-setup-token.js';
import * as blogComments from './migrations/2026-12-01T0200-blog-comments.js';
import * as languages from './migrations/2026-12-02T0100-languages.js';
import * as newsletterLanguage from './migrations/2026-12-02T0200-newsletter-language.js';
import * as contentTranslations from './migrations/2026-12-03T0100-content-translations.js';
import * as schoolWords from './migrations/2026-12-03T0200-school-words.js';
import * as dayLog from './migrations/2026-12-04T0100-day-log.js';
import * as photoMoments from './migrations/2026-12-04T0200-photo-moments.js';
// Messages between home and school (docs/decisions/0080-conversations.md)
import * as conversations from './migrations/2026-12-04T0300-conversations.js';
import * as pushAndAlerts from './migrations/2026-12-04T0400-push-and-alerts.js';
import * as answerVersions from './migrations/2026-12-05T0100-answer-versions.js';
// School years and terms (docs/decisions/0085-school-years-and-terms.md)
import * as schoolYears from './migrations/2026-12-06T0100-school-years.js';
import * as calendar from './migrations/2026-12-06T0200-calendar.js';
// Marks belong to an exam of a term and are released (docs/decisions/0087-released-marks.md)
import * as releasedMarks from './migrations/2026-12-07T0100-released-marks.js';
// Report cards (docs/decisions/0090-report-cards.md)
import * as reportCards from './migrations/2026-12-07T0200-report-cards.js';
// The year rollover (docs/decisions/0091-the-year-rollover.md)
import * as rollover from './migrations/2026-12-07T0400-rollover.js';
// Calendar feeds kept made (docs/decisions/0092-kept-calendar-feeds.md)
import * as calendarAnswers from './migrations/2026-12-07T0500-calendar-answers.js';
// Report cards kept made (docs/decisions/0093-kept-report-cards.md)
import * as reportCardAnswers from './migrations/2026-12-07T0600-report-card-answers.js';
// Notices belong to a school year (docs/decisions/0095-past-sight.md)
import * as noticeYears from './migrations/2026-12-07T0800-notice-years.js';
// Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md)
import * as schoolForms from './migrations/2026-12-08T0100-school-forms.js';
// Seats that mean something (docs/decisions/0101-seats-that-mean-something.md)
import * as classSeats from './migrations/2026-12-08T0200-class-seats.js';
// The admissions pipeline (docs/decisions/0102-the-admissions-pipeline.md)
import * as admissionCases from './migrations/2026-12-08T0300-admission-cases.js';
import * as admissionApplications from './migrations/2026-12-08T0400-admission-applications.js';
import * as admissionAnswers from './migrations/2026-12-08T0600-admission-answers.js';
import * as childAccessLog from './migrations/2026-12-08T0700-child-access-log.js';
import * as ssoPending from './migrations/2026-12-08T0800-sso-pending.js';
import * as twoFactor from './migrations/2026-12-08T0900-two-factor.js';
// A family's data, on request (docs/decisions/0109-a-familys-data-on-request.md)
import * as familyExport from './migrations/2026-12-08T1000-family-export.js';
import * as retentionRuns from './migrations/2026-12-08T1100-retention-runs.js';
import * as consentLedger from './migrations/2026-12-08T1200-consent-ledger.js';
import * as signInProvider from './migrations/2026-12-09T0800-sign-in-provider.js';
import * as tripConsents from './migrations/2026-12-09T0900-trip-consents.js';
// The principal resets a staff member's two-factor (docs/decisions/0116-the-principal-resets-two-factor.md)
import * as twoFactorResets from './migrations/2026-12-09T1000-two-factor-resets.js';

/**
 * Migrations are imported, not read from a folder, so that the compiled server and the tests run
 * the same list: a folder read at run time would find .ts files under tsx and vitest but .js (and
 * .js.map) in dist/, and would load them with a dynamic import the type checker cannot follow.
 * Add each new migration here, named by its timestamp; migrate.test.ts fails on a file of
 * migrations/ this list forgets.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22T0100-initial-schema': initialSchema,
  '2026-11-22T0200-login-throttle': loginThrottle,
  '2026-11-22T0300-school-lookups': schoolLookups,
  '2026-11-22T0400-media-and-forms': mediaAndForms,
  '2026-11-23T0100-covering-indexes': coveringIndexes,
  '2026-11-23T0200-name-keys': nameKeys,
  '2026-11-23T0300-rate-limit': rateLimit,
  '2026-11-23T0400-attempt-counters': attemptCounters,
  '2026-11-24T0100-school-settings': schoolSettings,
  '2026-11-25T0100-families': families,
  '2026-11-26T0100-email': email,
  '2026-11-27T0100-fees': fees,
  '2026-11-27T0200-fees-indexes': feesIndexes,
  '2026-11-28T0100-data-version': dataVersion,
  '2026-11-29T0100-file-store': fileStore,
  '2026-11-29T0200-backup-runs': backupRuns,
  '2026-11-30T0200-hashed-secrets': hashedSecrets,
  '2026-11-30T0300-device-login': deviceLogin,
  '2026-11-30T0600-setup-token': setupToken,
  '2026-12-01T0200-blog-comments': blogComments,
  '2026-12-02T0100-languages': languages,
  '2026-12-02T0200-newsletter-language': newsletterLanguage,
  '2026-12-03T0100-content-translations': contentTranslations,
  '2026-12-03T0200-school-words': schoolWords,
  '2026-12-04T0100-day-log': dayLog,
  '2026-12-04T0200-photo-moments': photoMoments,
  '2026-12-04T0300-conversations': conversations,
  '2026-12-04T0400-push-and-alerts': pushAndAlerts,
  '2026-12-05T0100-answer-versions': answerVersions,
  '2026-12-06T0100-school-years': schoolYears,
  '2026-12-06T0200-calendar': calendar,
  '2026-12-07T0100-released-marks': releasedMarks,
  '2026-12-07T0200-report-cards': reportCards,
  '2026-12-07T0400-rollover': rollover,
  '2026-12-07T0500-calendar-answers': calendarAnswers,
  '2026-12-07T0600-report-card-answers': reportCardAnswers,
  '2026-12-07T0800-notice-years': noticeYears,
  '2026-12-08T0100-school-forms': schoolForms,
  '2026-12-08T0200-class-seats': classSeats,
  '2026-12-08T0300-admission-cases': admissionCases,
  '2026-12-08T0400-admission-applications': admissionApplications,
  '2026-12-08T0600-admission-answers': admissionAnswers,
  '2026-12-08T0700-child-access-log': childAccessLog,
  '2026-12-08T0800-sso-pending': ssoPending,
  '2026-12-08T1100-retention-runs': retentionRuns,
  '2026-12-08T1000-family-export': familyExport,
  '2026-12-08T1200-consent-ledger': consentLedger,
  '2026-12-08T0900-two-factor': twoFactor,
  '2026-12-09T1000-two-factor-resets': twoFactorResets,
  '2026-12-09T0900-trip-consents': tripConsents,
  '2026-12-09T0800-sign-in-provider': signInProvider,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The names of this server's migrations, oldest first (the timestamp in each name orders them); a
 * backup's schema version is one of them.
 */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/**
 * This server's migrations that the database has not applied, read cheaply for the readiness check:
 * migrations run in order, so every one named after the newest applied is pending. A database
 * migrated further by a newer server has nothing pending for this one.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  let newest: string | undefined;
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}
      order by name desc limit 1`.execute(db);
    newest = rows[0]?.name;
  } catch {
    // No migration table yet: an empty database, nothing applied.
    newest = undefined;
  }
  return MIGRATION_NAMES.filter((name) => newest === undefined || name > newest);
}

/** Brings the schema up to date; running it again is a no-op. */
export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const migrator = new Migrator({ db, provider, disableTransactions: options.inCallersTransaction });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Moves the schema to just after `name` (down when it is behind the database): for tests of a
 * migration, and for a restore, which loads an archive at the schema it was made with.
 */
export async function migrateTo(
  db: Db,
  name: keyof typeof migrations & string,
  options: MigrateOptions = {},
): Promise<void> {
  const { error } = await new Migrator({
    db,
    provider,
    disableTransactions: options.inCallersTransaction,
  }).migrateTo(name);
  if (error) throw error;
}

export interface MigrateOptions {
  /**
   * `db` is one connection inside a transaction the caller opened (a restore: schema and rows
   * commit together or not at all), so the migrator must not open its own.
   */
  inCallersTransaction?: boolean;
}

/** The newest migration's name: the schema version this code writes. */
export const LATEST_MIGRATION = MIGRATION_NAMES[MIGRATION_NAMES.length - 1] ?? '';

export function isMigrationName(name: string): name is keyof typeof migrations & string {
  return Object.hasOwn(migrations, name);
}
