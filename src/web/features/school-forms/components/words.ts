import type { SchoolFormStatus } from '../../../../shared/api/school-forms.js';
import type { Translator } from '../../../../shared/i18n/translator.js';
import { readEnglishSentence } from '../../../lib/english-sentence-reader.js';

/** A form's status in the reader's language. */
export const statusWord = (t: Translator['t'], status: SchoolFormStatus): string =>
  t(`school-forms.status.${status}`);

/** The badge class of each status, spelt whole for the build's CSS cut. */
export const STATUS_BADGE: Readonly<Record<SchoolFormStatus, string>> = {
  draft: 'badge text-bg-secondary',
  sent: 'badge text-bg-primary',
  closed: 'badge text-bg-dark',
};

/** The badge of a trip permission slip (docs/decisions/0115-trips-in-the-consent-ledger.md). */
export const TRIP_BADGE = 'badge text-bg-info';

/** Who a form goes to: the whole school, or its classes' names. */
export const audienceWords = (
  t: Translator['t'],
  form: { wholeSchool: boolean; classes: readonly { name: string }[] },
): string => (form.wholeSchool ? t('school-forms.wholeSchool') : form.classes.map((c) => c.name).join(', '));

/** A check's English sentence (shared/api/school-forms.ts) in the page's language. */
export const inPageWords = (translator: Pick<Translator, 't' | 'has'>, sentence: string): string =>
  readEnglishSentence(translator, sentence) ?? sentence;
