import { Link } from 'react-router';
import type { FamilyForm, SchoolFormSummary } from '../../../../shared/api/school-forms.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatWhen, longDate, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useFamilyForms, useSchoolForms } from '../api/school-forms.js';
import { audienceWords, STATUS_BADGE, statusWord, TRIP_BADGE } from './words.js';

/** The list's search parameter that opens one form's page. */
export const FORM_PARAM = 'form';
/** Where a form's page is. */
export const formLink = (id: number): string => `/school-forms?${FORM_PARAM}=${id}`;
/** The list's search parameter that opens the editor of a new form (the principal's). */
export const NEW_FORM_PARAM = 'new';
export const NEW_FORM_PATH = `/school-forms?${NEW_FORM_PARAM}`;

function StaffFormCard({ form }: { form: SchoolFormSummary }) {
  const { t, locale } = useI18n();
  return (
    <li className="card">
      <div className="card-body">
        <h3 className="h5 card-title d-flex flex-wrap gap-2 align-items-center">
          <Link to={formLink(form.id)}>{form.title}</Link>
          <span className={STATUS_BADGE[form.status]}>{statusWord(t, form.status)}</span>
          {form.trip ? <span className={TRIP_BADGE}>{t('school-forms.trip')}</span> : null}
        </h3>
        <p className="mb-1">{audienceWords(t, form)}</p>
        <p className="mb-1">{t('school-forms.due', { date: longDate(form.dueOn, { locale }) })}</p>
        {form.status === 'draft' ? null : (
          <p className="mb-0 fw-bold">
            {t('school-forms.list.counts', { answered: form.answered, missing: form.pupils - form.answered })}
          </p>
        )}
      </div>
    </li>
  );
}

/** The school's forms (the principal's, a teacher's read-only ones), newest first, with their counts. */
export function StaffFormsScreen({ mayWrite }: { mayWrite: boolean }) {
  const { t } = useI18n();
  const forms = useSchoolForms();
  return (
    <SchoolPanel
      title={t('school-forms.list.heading')}
      lead={t('school-forms.list.lead')}
      actions={
        mayWrite ? (
          <Link to={NEW_FORM_PATH} className="btn btn-primary rounded-pill">
            {t('school-forms.list.new')}
          </Link>
        ) : undefined
      }
    >
      {forms.isPending ? <LoadingState text={t('school-forms.loading')} /> : null}
      {forms.isError ? <FailureState error={forms.error} retry={() => forms.refetch()} /> : null}
      {forms.data?.data.length === 0 ? <p>{t('school-forms.list.none')}</p> : null}
      {forms.data && forms.data.data.length > 0 ? (
        <ul className="list-unstyled d-grid gap-3 mb-0" aria-label={t('school-forms.list.heading')}>
          {forms.data.data.map((form) => (
            <StaffFormCard key={form.id} form={form} />
          ))}
        </ul>
      ) : null}
    </SchoolPanel>
  );
}

function FamilyFormCard({ form }: { form: FamilyForm }) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  return (
    <li className="card">
      <div className="card-body">
        <h3 className="h5 card-title">
          <Link to={formLink(form.id)} aria-label={t('school-forms.family.openForm', { title: form.title })}>
            {form.title}
          </Link>
        </h3>
        <p className="mb-1">
          {form.open
            ? t('school-forms.due', { date: longDate(form.dueOn, { locale }) })
            : statusWord(t, 'closed')}
        </p>
        <ul className="list-unstyled mb-0">
          {form.children.map((child) => (
            <li key={child.studentId}>
              {child.answer
                ? t('school-forms.family.answeredBy', {
                    child: child.studentName,
                    name: child.answer.parentName,
                    when: formatWhen(child.answer.answeredAt, timeZone, locale),
                  })
                : t('school-forms.family.notAnswered', { child: child.studentName })}
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

/** A parent's forms: those still open first (soonest due first), then the earlier ones. */
export function FamilyFormsScreen() {
  const { t } = useI18n();
  const forms = useFamilyForms();
  const open = forms.data?.data.filter((form) => form.open) ?? [];
  const earlier = forms.data?.data.filter((form) => !form.open) ?? [];
  return (
    <SchoolPanel title={t('school-forms.family.heading')} lead={t('school-forms.family.lead')}>
      {forms.isPending ? <LoadingState text={t('school-forms.loading')} /> : null}
      {forms.isError ? <FailureState error={forms.error} retry={() => forms.refetch()} /> : null}
      {forms.data?.data.length === 0 ? <p>{t('school-forms.family.none')}</p> : null}
      {[
        ['open', t('school-forms.family.open'), open] as const,
        ['earlier', t('school-forms.family.earlier'), earlier] as const,
      ].map(([name, heading, list]) =>
        list.length === 0 ? null : (
          <section key={name} className="mb-4" aria-label={heading}>
            <h3 className="h5">{heading}</h3>
            <ul className="list-unstyled d-grid gap-3 mb-0">
              {list.map((form) => (
                <FamilyFormCard key={form.id} form={form} />
              ))}
            </ul>
          </section>
        ),
      )}
    </SchoolPanel>
  );
}
