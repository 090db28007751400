import type { AdmissionCase } from '../../../../shared/api/admissions.js';
import type { Translator } from '../../../../shared/i18n/translator.js';
import type { AdmissionStage } from '../../../../shared/rules/admission-stages.js';
import { longDate } from '../../../lib/school-time.js';

/** The board's URL: what the principal chose stays in it (docs/decisions/0105-the-admissions-board.md). */
export const PARAM = {
  year: 'year',
  class: 'class',
  /** One case's page: `?case=<id>`. */
  case: 'case',
  /** The new case form: `?new`, with `&enquiry=<id>` when opened from a contact message. */
  new: 'new',
  enquiry: 'enquiry',
} as const;

/** A stage in the reader's language. */
export const stageWord = (t: Translator['t'], stage: AdmissionStage): string =>
  t(`admissions.stage.${stage}`);

/** The badge class of each stage, spelt whole for the build's CSS cut. */
export const STAGE_BADGE: Readonly<Record<AdmissionStage, string>> = {
  enquiry: 'badge text-bg-light border',
  visit: 'badge text-bg-info',
  applied: 'badge text-bg-primary',
  offered: 'badge text-bg-warning',
  accepted: 'badge text-bg-success',
  enrolled: 'badge text-bg-success',
  waiting: 'badge text-bg-secondary',
  closed: 'badge text-bg-dark',
};

/** What the case's stage holds: the visit, the offer's deadline, the waiting place, the close reason. */
export function stageFact(
  translator: Pick<Translator, 't' | 'locale'>,
  row: Pick<
    AdmissionCase,
    'stage' | 'visitDate' | 'visitTime' | 'offerDeadline' | 'waitingPosition' | 'closeReason'
  >,
): string | undefined {
  const { t, locale } = translator;
  if (row.stage === 'visit' && row.visitDate && row.visitTime)
    return t('admissions.fact.visit', { date: longDate(row.visitDate, { locale }), time: row.visitTime });
  if (row.stage === 'offered' && row.offerDeadline)
    return t('admissions.fact.deadline', { date: longDate(row.offerDeadline, { locale }) });
  if (row.stage === 'waiting' && row.waitingPosition !== null)
    return t('admissions.fact.position', { position: row.waitingPosition });
  if (row.stage === 'closed' && row.closeReason)
    return t('admissions.fact.closed', { reason: row.closeReason });
  return undefined;
}

/**
 * The child a case is about, for its card and title: a Book A Seat request names only the parent,
 * so until the application names the child the case is "{family}’s child".
 */
export const childOf = (t: Translator['t'], found: { childName: string; familyName: string }): string =>
  found.childName.trim() !== ''
    ? found.childName
    : t('admissions.board.childOf', { family: found.familyName });
