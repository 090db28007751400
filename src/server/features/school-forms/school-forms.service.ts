import {
  type FamilyForm,
  type FormPupil,
  formIsOpen,
  type SchoolFormDetail,
  type SchoolFormSummary,
} from '../../../shared/api/school-forms.js';
import { type AnyLocale, intlLocale } from '../../../shared/i18n/locales.js';
import { dateInZone } from '../../../shared/school-time.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { translatorFor } from '../../lib/i18n.js';
import { tripConsents } from '../consents/consents.repository.js';
import { guardiansToMail } from '../family/family.repository.js';
import { dayInWords } from '../fees/document-words.js';
import { type MailContent, mailLink } from '../mail/compose.js';
import { queueMails } from '../mail/mail.service.js';
import type { Viewer } from '../school/school.policy.js';
import { userLocale } from '../settings/settings.repository.js';
import { familyAnswerView, type StaffAccess } from './school-forms.policy.js';
import {
  type AudiencePupil,
  answersTo,
  audiencePupils,
  pupilsById,
  type StoredAnswer,
  type StoredForm,
} from './school-forms.repository.js';

/** Where a mail sends the guardian: the form's page (the Forms screen's `?form=`). */
const FORMS_PATH = '/school-forms';

const formFields = (form: StoredForm, today: string) => ({
  id: form.id,
  title: form.title,
  description: form.description,
  status: form.status,
  wholeSchool: form.wholeSchool,
  classes: form.classes,
  dueOn: form.dueOn,
  open: formIsOpen(form, today),
  trip: form.trip,
  questions: form.questions,
});

/**
 * The pupils of a form as the school lists them: its audience now, and the pupils who answered
 * though they are no longer in it (a class change after answering keeps the signed slip).
 */
async function formPupils(
  db: Db,
  form: StoredForm,
): Promise<{ pupil: AudiencePupil; answer?: StoredAnswer }[]> {
  const audience = await audiencePupils(db, form);
  const answers = await answersTo(db, [form.id]);
  const inAudience = new Set(audience.map((pupil) => pupil.studentId));
  const others = await pupilsById(
    db,
    answers.map((answer) => answer.studentId).filter((id) => !inAudience.has(id)),
  );
  const byPupil = new Map(answers.map((answer) => [answer.studentId, answer]));
  return [...audience, ...others].map((pupil) => ({ pupil, answer: byPupil.get(pupil.studentId) }));
}

const seenBy = (access: StaffAccess) => (pupil: AudiencePupil) =>
  access.classIds === 'all' || (pupil.classId !== null && access.classIds.has(pupil.classId));

export async function formSummaries(
  db: Db,
  forms: readonly StoredForm[],
  accessOf: (form: StoredForm) => StaffAccess,
  today: string,
): Promise<SchoolFormSummary[]> {
  return Promise.all(
    forms.map(async (form) => {
      const pupils = (await formPupils(db, form)).filter(({ pupil }) => seenBy(accessOf(form))(pupil));
      return {
        ...formFields(form, today),
        pupils: pupils.length,
        answered: pupils.filter(({ answer }) => answer !== undefined).length,
        sentAt: form.sentAt,
      };
    }),
  );
}

export async function formDetail(
  db: Db,
  form: StoredForm,
  access: StaffAccess,
  today: string,
): Promise<SchoolFormDetail> {
  const seen = (await formPupils(db, form)).filter(({ pupil }) => seenBy(access)(pupil));
  // Who may go on a trip is the consent ledger's (docs/decisions/0115-trips-in-the-consent-ledger.md).
  const mayGo = form.trip
    ? await tripConsents(
        db,
        form.id,
        seen.map(({ pupil }) => pupil.studentId),
      )
    : undefined;
  const pupils: FormPupil[] = seen.map(({ pupil, answer }) => ({
    ...pupil,
    answer: answer
      ? {
          parentName: answer.parentName,
          signedName: answer.signedName,
          answeredAt: answer.answeredAt,
          answers: answer.answers,
        }
      : null,
    mayGo: mayGo?.get(pupil.studentId) ?? null,
  }));
  return {
    ...formFields(form, today),
    sentAt: form.sentAt,
    closedAt: form.closedAt,
    remindedAt: form.remindedAt,
    mayManage: access.mayManage,
    pupils,
  };
}

/** The forms for a family: open ones first, soonest due first; then the rest, latest due first. */
export async function familyForms(
  db: Db,
  viewer: Viewer,
  forms: readonly { form: StoredForm; children: readonly AudiencePupil[] }[],
  today: string,
): Promise<FamilyForm[]> {
  const answers = await answersTo(
    db,
    forms.map(({ form }) => form.id),
    [...new Set(forms.flatMap(({ children }) => children.map((child) => child.studentId)))],
  );
  const views = forms.map(({ form, children }) => ({
    ...formFields(form, today),
    children: children.map((child) => {
      const answer = answers.find((a) => a.formId === form.id && a.studentId === child.studentId);
      return {
        studentId: child.studentId,
        studentName: child.studentName,
        answer: answer ? familyAnswerView(viewer, answer) : null,
      };
    }),
  }));
  return views.sort((a, b) =>
    a.open !== b.open
      ? a.open
        ? -1
        : 1
      : a.open
        ? a.dueOn.localeCompare(b.dueOn)
        : b.dueOn.localeCompare(a.dueOn),
  );
}

type Purpose = 'sent' | 'reminder';

function formMail(
  config: MailConfig,
  form: StoredForm,
  guardian: { name: string; email: string },
  pupils: readonly string[],
  purpose: Purpose,
  locale: AnyLocale,
): MailContent {
  const { t } = translatorFor(locale);
  const values = {
    title: form.title,
    pupils: new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(pupils),
    due: dayInWords(form.dueOn, locale),
  };
  return {
    kind: purpose === 'sent' ? 'school-form' : 'school-form-reminder',
    to: { address: guardian.email, name: guardian.name },
    locale,
    subject: t(
      purpose === 'sent' ? 'school-forms.mail.subject' : 'school-forms.mail.reminderSubject',
      values,
    ),
    greeting: t('school-forms.mail.greeting', { name: guardian.name }),
    paragraphs: [
      t(purpose === 'sent' ? 'school-forms.mail.ask' : 'school-forms.mail.remind', values),
      ...(form.description.trim() === '' ? [] : [form.description]),
    ],
    action: {
      label: t('school-forms.mail.action'),
      url: mailLink(config, FORMS_PATH, { form: String(form.id) }),
    },
    footer: [t('school-forms.mail.footer')],
  };
}

/**
 * Queues one mail per guardian of `pupils` (a guardian of two of them gets one mail naming both),
 * each in the guardian's language; in the caller's transaction. How many were queued.
 */
export async function mailGuardians(
  db: Db,
  config: MailConfig,
  form: StoredForm,
  pupils: readonly AudiencePupil[],
  purpose: Purpose,
): Promise<number> {
  const names = new Map(pupils.map((pupil) => [pupil.studentId, pupil.studentName]));
  const guardians = await guardiansToMail(
    db,
    pupils.map((pupil) => pupil.studentId),
  );
  const byParent = new Map<number, { name: string; email: string; pupils: string[] }>();
  for (const guardian of guardians) {
    const entry = byParent.get(guardian.parentId) ?? {
      name: guardian.name,
      email: guardian.email,
      pupils: [],
    };
    entry.pupils.push(names.get(guardian.studentId) ?? '');
    byParent.set(guardian.parentId, entry);
  }
  const mails = await Promise.all(
    [...byParent.entries()].map(async ([parentId, guardian]) =>
      formMail(config, form, guardian, guardian.pupils, purpose, await userLocale(db, parentId)),
    ),
  );
  return (await queueMails(db, config, mails)).length;
}

/** The audience's pupils with no answer yet. */
export async function unansweredPupils(db: Db, form: StoredForm): Promise<AudiencePupil[]> {
  return (await formPupils(db, form)).filter(({ answer }) => answer === undefined).map(({ pupil }) => pupil);
}

/** Whether the form's last reminder was on the school's today. */
export const remindedOn = (form: StoredForm, today: string, timeZone: string): boolean =>
  form.remindedAt !== null && dateInZone(new Date(form.remindedAt), timeZone) === today;
