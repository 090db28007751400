import { useState } from 'react';
import type { ApplicationDocument, CaseApplication } from '../../../../shared/api/admission-application.js';
import { downloadApiFile } from '../../../lib/download.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatWhen, useSchoolTimeZone } from '../../../lib/school-time.js';

/** A document's size in kB or MB, as a family's phone shows it. */
const sizeOf = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

function Documents({ caseId, documents }: { caseId: number; documents: readonly ApplicationDocument[] }) {
  const { t } = useI18n();
  const [failed, setFailed] = useState<string | undefined>();
  if (documents.length === 0) return <p className="mb-0">{t('admissions.apply.documents.none')}</p>;
  return (
    <>
      <ul className="admissions-documents">
        {documents.map((document) => (
          <li key={document.id}>
            <button
              type="button"
              className="btn btn-link p-0 text-start"
              onClick={() => {
                setFailed(undefined);
                downloadApiFile(
                  `admin/admissions/cases/${caseId}/documents/${document.id}`,
                  document.name,
                ).catch((error: unknown) =>
                  setFailed(error instanceof Error ? error.message : String(error)),
                );
              }}
            >
              {t('admissions.case.download', { kind: t(`admissions.apply.kind.${document.kind}`) })}
            </button>{' '}
            <bdi>{document.name}</bdi> ({sizeOf(document.size)})
          </li>
        ))}
      </ul>
      {failed ? (
        <p className="text-danger mb-0" role="alert">
          {failed}
        </p>
      ) : null}
    </>
  );
}

/**
 * The family's application as the principal reads it (docs/decisions/0103-the-application-families-fill-in.md):
 * who sent it, when and from where, the child, the guardians, the care details, the class and start
 * wanted, and the documents to download. A draft shows as under way.
 */
export function CaseApplicationView({
  caseId,
  application,
  documents,
  classNameOf,
}: {
  caseId: number;
  application: CaseApplication;
  documents: readonly ApplicationDocument[];
  classNameOf: (id: number) => string | undefined;
}) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  const sent = application.status === 'submitted';
  const doc = application.document;
  const none = t('admissions.apply.summary.none');
  const contacts = (list: { name?: string; relationship?: string; phone?: string }[] | undefined) =>
    list && list.length > 0 ? (
      <ul className="mb-0">
        {list.map((contact, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list as sent, never reordered here
          <li key={index}>
            <bdi>{contact.name}</bdi> ({contact.relationship}) <bdi dir="ltr">{contact.phone}</bdi>
          </li>
        ))}
      </ul>
    ) : (
      none
    );
  const consent = doc.care?.photoConsent;
  const yesNo = (value: boolean | undefined) => (value ? t('admissions.case.yes') : t('admissions.case.no'));
  const wantedClass = doc.wanted?.classId ? classNameOf(Number(doc.wanted.classId)) : undefined;
  return (
    <div className="admissions-application">
      <p className={sent ? 'alert alert-success' : 'alert alert-info'} role="note">
        {sent && application.submittedAt
          ? t('admissions.case.applicationSent', {
              name: application.signatureName ?? '',
              when: formatWhen(application.submittedAt, timeZone, locale),
              from: application.signedFrom ?? '—',
            })
          : t('admissions.case.applicationDraft', {
              when: formatWhen(application.updatedAt, timeZone, locale),
            })}
      </p>
      <dl className="admissions-facts">
        <div>
          <dt>{t('admissions.apply.child.name')}</dt>
          <dd>
            <bdi>{doc.child?.name || none}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('admissions.apply.child.dob')}</dt>
          <dd>
            <bdi dir="ltr">{doc.child?.dateOfBirth || none}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('admissions.case.wanted')}</dt>
          <dd>
            {wantedClass ?? none}
            {doc.wanted?.startDate ? (
              <>
                {' · '}
                <bdi dir="ltr">{doc.wanted.startDate}</bdi>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('admissions.apply.guardians')}</dt>
          <dd>
            {doc.guardians && doc.guardians.length > 0 ? (
              <ul className="mb-0">
                {doc.guardians.map((guardian, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a list as sent, never reordered here
                  <li key={index}>
                    <bdi>{guardian.name}</bdi>
                    {guardian.relationship
                      ? ` (${t(`admissions.apply.relationship.${guardian.relationship}`)})`
                      : ''}{' '}
                    <bdi dir="ltr">{guardian.email}</bdi> <bdi dir="ltr">{guardian.phone}</bdi>
                  </li>
                ))}
              </ul>
            ) : (
              none
            )}
          </dd>
        </div>
        <div>
          <dt>{t('admissions.apply.care.emergency')}</dt>
          <dd>{contacts(doc.care?.emergencyContacts)}</dd>
        </div>
        <div>
          <dt>{t('admissions.apply.care.pickups')}</dt>
          <dd>{contacts(doc.care?.pickups)}</dd>
        </div>
        <div>
          <dt>{t('admissions.apply.care.allergies')}</dt>
          <dd>{doc.care?.medical?.allergies || none}</dd>
        </div>
        <div>
          <dt>{t('admissions.apply.care.conditions')}</dt>
          <dd>{doc.care?.medical?.conditions || none}</dd>
        </div>
        <div>
          <dt>{t('admissions.apply.care.consents')}</dt>
          <dd>
            <ul className="mb-0">
              <li>
                {t('admissions.apply.care.consent.website')}: {yesNo(consent?.website)}
              </li>
              <li>
                {t('admissions.apply.care.consent.ownFamily')}: {yesNo(consent?.ownFamily)}
              </li>
              <li>
                {t('admissions.apply.care.consent.otherFamilies')}: {yesNo(consent?.otherFamilies)}
              </li>
            </ul>
          </dd>
        </div>
      </dl>
      <h4 className="h6">{t('admissions.apply.documents')}</h4>
      <Documents caseId={caseId} documents={documents} />
    </div>
  );
}
