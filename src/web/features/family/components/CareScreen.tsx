import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type CareAnswer, type CareDetails, EMPTY_CARE_DETAILS } from '../../../../shared/api/family.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { EmptyState, QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { useCare } from '../api/get-care.js';
import { useCareHistory } from '../api/get-care-history.js';
import { RELATIONSHIP_KEY } from '../lib/relationships.js';
import { AccessLogPanel } from './AccessLogPanel.js';
import { CareEditor } from './CareEditor.js';
import { ConsentsPanel } from './ConsentsPanel.js';
import { DataExportPanel } from './DataExportPanel.js';
import { PickupPhotoImage } from './PickupPhotoImage.js';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="care-facts__item">
      <dt>{term}</dt>
      <dd>
        {children === '' ? <span className="text-body-secondary">{t('family.care.none')}</span> : children}
      </dd>
    </div>
  );
}

function PeopleList({
  title,
  empty,
  people,
  studentId,
}: {
  title: string;
  empty: string;
  people: readonly { name: string; relationship: string; phone: string; photo?: string | null }[];
  /** The child whose pick-up photos these are. */
  studentId: number;
}) {
  return (
    <section className="care-section">
      <h3 className="care-section__title">{title}</h3>
      {people.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ol className="care-people">
          {people.map((person) => (
            <li key={`${person.name}|${person.phone}`} className="care-person">
              {person.photo ? (
                <PickupPhotoImage
                  studentId={studentId}
                  photo={person.photo}
                  className="care-person__photo"
                  alt=""
                />
              ) : null}
              <span className="care-person__name">{person.name}</span>
              <span className="care-person__relationship">{person.relationship}</span>
              <a className="care-person__phone" href={`tel:${person.phone.replace(/[^+\d]/g, '')}`}>
                {person.phone}
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** What a class teacher sees: the same document, to read and call from. */
export function CareView({ answer }: { answer: CareAnswer }) {
  const { t } = useI18n();
  const { details } = answer;
  return (
    <div className="care-view">
      <PeopleList
        title={t('family.care.emergencyContacts')}
        empty={t('family.care.noEmergencyContacts')}
        people={details.emergencyContacts}
        studentId={answer.studentId}
      />
      <section className="care-section">
        <h3 className="care-section__title">{t('family.care.medicalNotes')}</h3>
        <dl className="care-facts">
          <Fact term={t('family.care.allergies')}>{details.medical.allergies}</Fact>
          <Fact term={t('family.care.conditions')}>{details.medical.conditions}</Fact>
          <Fact term={t('family.care.medication')}>
            {details.medical.medications.map((m) => (m.dose ? `${m.name}: ${m.dose}` : m.name)).join('; ')}
          </Fact>
          <Fact term={t('family.care.doctor')}>{details.medical.doctorName}</Fact>
          <Fact term={t('family.care.doctorPhone')}>{details.medical.doctorPhone}</Fact>
        </dl>
      </section>
      <PeopleList
        title={t('family.care.pickups')}
        empty={t('family.care.noPickups')}
        people={details.pickups}
        studentId={answer.studentId}
      />
      {answer.guardians.length > 0 ? (
        <p className="care-guardians">
          {t('family.care.guardians', {
            list: answer.guardians
              .map((guardian) =>
                t('family.care.guardian', {
                  name: guardian.name,
                  relationship: t(RELATIONSHIP_KEY[guardian.relationship]),
                }),
              )
              .join(t('family.care.listSeparator')),
          })}
        </p>
      ) : null}
      <section className="care-section">
        <h3 className="care-section__title">{t('family.care.photos')}</h3>
        <ul className="list-unstyled mb-0">
          <li>
            {t(
              details.photoConsent.website ? 'family.care.consentWebsiteYes' : 'family.care.consentWebsiteNo',
            )}
          </li>
          <li>
            {t(
              details.photoConsent.ownFamily
                ? 'family.care.consentOwnFamilyYes'
                : 'family.care.consentOwnFamilyNo',
            )}
          </li>
          <li>
            {t(
              details.photoConsent.otherFamilies
                ? 'family.care.consentOtherFamiliesYes'
                : 'family.care.consentOtherFamiliesNo',
            )}
          </li>
        </ul>
      </section>
    </div>
  );
}

function CareHistory({ studentId }: { studentId: number }) {
  const { t, locale } = useI18n();
  const history = useCareHistory(studentId);
  const timeZone = useSettings().data?.timeZone;
  return (
    <SchoolPanel
      title={t('family.care.historyTitle')}
      lead={t('family.care.historyLead')}
      className="care-history"
    >
      <QueryState query={history} empty={t('family.care.noHistory')}>
        {(entries) => (
          <ol className="care-history__list">
            {entries.map((entry) => (
              <li key={entry.id} className="care-history__entry">
                <p className="care-history__who">
                  <strong>{entry.by}</strong>,{' '}
                  <time dateTime={entry.at}>{formatWhen(entry.at, timeZone, locale)}</time>
                </p>
                <ul className="care-history__changes">
                  {entry.changes.map((change) => (
                    <li key={`${change.field}|${change.from}|${change.to}`}>
                      <span className="care-history__field">{change.field}</span>:{' '}
                      <del>{change.from || '—'}</del> <span aria-hidden="true">→</span>
                      <span className="visually-hidden"> {t('family.care.became')} </span>{' '}
                      <ins>{change.to || '—'}</ins>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </SchoolPanel>
  );
}

function lastSaved(
  answer: CareAnswer,
  timeZone: string | undefined,
  { t, locale }: Translator,
): string | undefined {
  if (!answer.updatedAt) return undefined;
  const when = formatWhen(answer.updatedAt, timeZone, locale);
  return answer.updatedBy
    ? t('family.care.lastSavedBy', { when, name: answer.updatedBy })
    : t('family.care.lastSaved', { when });
}

/**
 * /care/:id (docs/decisions/0021-families.md#parent-screens): a child's care details. The child's
 * guardians and the principal edit them (`mayEdit`) and see the change history below; the class
 * teachers read them.
 */
export function CareScreen({ studentId }: { studentId: number }) {
  const translator = useI18n();
  const { t } = translator;
  const care = useCare(studentId);
  const viewer = useCurrentUser().data;
  const timeZone = useSettings().data?.timeZone;
  const answer = care.data;
  return (
    <>
      <SchoolPanel
        actions={
          // A parent came from this child's dashboard: back to the same child.
          viewer?.type === USER_TYPE.parent ? (
            <Link
              className="btn btn-outline-primary rounded-pill"
              to={`${schoolPaths.dashboard}?child=${studentId}`}
            >
              {t('family.care.back')}
            </Link>
          ) : null
        }
        title={answer ? t('family.care.titleOf', { name: answer.studentName }) : t('family.care.title')}
        lead={
          answer
            ? [
                t(answer.mayEdit ? 'family.care.leadEdit' : 'family.care.leadRead'),
                lastSaved(answer, timeZone, translator),
              ]
                .filter(Boolean)
                .join(' ')
            : t('family.care.leadRead')
        }
        className="care-panel"
      >
        <QueryState query={care} isEmpty={() => false}>
          {(loaded) =>
            loaded.mayEdit ? (
              <CareEditor studentId={studentId} saved={withDefaults(loaded.details)} />
            ) : (
              <CareView answer={loaded} />
            )
          }
        </QueryState>
      </SchoolPanel>
      {/* Everyone who reads the details reads the consents; guardians and the principal change them. */}
      {answer ? <ConsentsPanel studentId={studentId} studentName={answer.studentName} /> : null}
      {/* The history is for those who keep the details (the server answers a class teacher 403). */}
      {answer?.mayEdit ? <CareHistory studentId={studentId} /> : null}
      {answer?.mayEdit ? <AccessLogPanel studentId={studentId} /> : null}
      {/* A guardian's and the principal's: the child's data, on request (docs/decisions/0109-a-familys-data-on-request.md). */}
      {answer?.mayEdit ? <DataExportPanel studentId={studentId} studentName={answer.studentName} /> : null}
    </>
  );
}

/** The document with every medical field present, whatever an older record left out. */
const withDefaults = (details: CareDetails): CareDetails => ({
  ...EMPTY_CARE_DETAILS,
  ...details,
  medical: { ...EMPTY_CARE_DETAILS.medical, ...details.medical },
});
