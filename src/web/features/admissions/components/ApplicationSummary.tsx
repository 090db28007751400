import type { ApplicationView } from '../../../../shared/api/admission-application.js';
import { useI18n } from '../../../lib/i18n.js';

/** The application as sent: read-only, for the family to keep (docs/decisions/0103-the-application-families-fill-in.md). */
export function ApplicationSummary({ view, headingId }: { view: ApplicationView; headingId: string }) {
  const { t } = useI18n();
  const draft = view.draft;
  const none = t('admissions.apply.summary.none');
  const className =
    view.classes.find((c) => c.id === Number(draft.wanted?.classId))?.name ?? view.className ?? none;
  const contacts = (list: { name?: string; relationship?: string; phone?: string }[] | undefined) =>
    list && list.length > 0 ? (
      <ul className="mb-0">
        {list.map((c, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a sent list never changes
          <li key={index}>
            <bdi>{c.name}</bdi> ({c.relationship}) <bdi dir="ltr">{c.phone}</bdi>
          </li>
        ))}
      </ul>
    ) : (
      none
    );
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="h3">
        {t('admissions.apply.summary')}
      </h2>
      <div className="alert alert-success" role="status">
        <p className="mb-1">{t('admissions.apply.sent', { date: (view.submittedAt ?? '').slice(0, 10) })}</p>
        <p className="mb-0">{t('admissions.apply.sent.readOnly')}</p>
      </div>
      <dl className="row">
        <dt className="col-sm-4">{t('admissions.apply.child.name')}</dt>
        <dd className="col-sm-8">
          <bdi>{draft.child?.name}</bdi>
        </dd>
        <dt className="col-sm-4">{t('admissions.apply.child.dob')}</dt>
        <dd className="col-sm-8">
          <bdi dir="ltr">{draft.child?.dateOfBirth}</bdi>
        </dd>
        <dt className="col-sm-4">{t('admissions.apply.guardians')}</dt>
        <dd className="col-sm-8">
          <ul className="mb-0">
            {(draft.guardians ?? []).map((g, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a sent list never changes
              <li key={index}>
                <bdi>{g.name}</bdi> (
                {g.relationship ? t(`admissions.apply.relationship.${g.relationship}`) : ''}),{' '}
                <bdi dir="ltr">{g.email}</bdi>, <bdi dir="ltr">{g.phone}</bdi>
              </li>
            ))}
          </ul>
        </dd>
        <dt className="col-sm-4">{t('admissions.apply.care.emergency')}</dt>
        <dd className="col-sm-8">{contacts(draft.care?.emergencyContacts)}</dd>
        <dt className="col-sm-4">{t('admissions.apply.care.pickups')}</dt>
        <dd className="col-sm-8">{contacts(draft.care?.pickups)}</dd>
        <dt className="col-sm-4">{t('admissions.apply.care.allergies')}</dt>
        <dd className="col-sm-8">{draft.care?.medical?.allergies || none}</dd>
        <dt className="col-sm-4">{t('admissions.apply.wanted.class')}</dt>
        <dd className="col-sm-8">{className}</dd>
        <dt className="col-sm-4">{t('admissions.apply.wanted.start')}</dt>
        <dd className="col-sm-8">
          <bdi dir="ltr">{draft.wanted?.startDate}</bdi>
        </dd>
        <dt className="col-sm-4">{t('admissions.apply.documents')}</dt>
        <dd className="col-sm-8">
          {view.documents.length > 0 ? (
            <ul className="mb-0">
              {view.documents.map((d) => (
                <li key={d.id}>
                  {t(`admissions.apply.kind.${d.kind}`)}: <bdi>{d.name}</bdi>
                </li>
              ))}
            </ul>
          ) : (
            none
          )}
        </dd>
        <dt className="col-sm-4">{t('admissions.apply.terms')}</dt>
        <dd className="col-sm-8">
          {t('admissions.apply.summary.signedBy', { name: view.signatureName ?? '' })}
        </dd>
      </dl>
    </section>
  );
}
