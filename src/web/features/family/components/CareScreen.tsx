import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type CareAnswer, type CareDetails, EMPTY_CARE_DETAILS } from '../../../../shared/api/family.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { EmptyState, QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { useCare } from '../api/get-care.js';
import { useCareHistory } from '../api/get-care-history.js';
import { CareEditor } from './CareEditor.js';
import { PickupPhotoImage } from './PickupPhotoImage.js';

export const CARE_TEXTS = {
  title: 'Care details',
  leadEdit:
    'Who to call, what to know about health, and who may collect the child. Only what you save counts.',
  leadRead:
    'Who to call, what to know about health, and who may collect the child. The family keeps this up to date.',
  back: 'Back to the dashboard',
  historyTitle: 'Changes',
  historyLead: 'Every saved change, newest first.',
  noHistory: 'No changes saved yet.',
  none: 'None given',
  consentYes: 'May appear in photos on the school’s website.',
  consentNo: 'Must not appear in photos on the school’s website.',
} as const;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="care-facts__item">
      <dt>{term}</dt>
      <dd>{children === '' ? <span className="text-body-secondary">{CARE_TEXTS.none}</span> : children}</dd>
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
  const { details } = answer;
  return (
    <div className="care-view">
      <PeopleList
        title="Emergency contacts"
        empty="No emergency contacts given."
        people={details.emergencyContacts}
        studentId={answer.studentId}
      />
      <section className="care-section">
        <h3 className="care-section__title">Medical notes</h3>
        <dl className="care-facts">
          <Fact term="Allergies">{details.medical.allergies}</Fact>
          <Fact term="Conditions">{details.medical.conditions}</Fact>
          <Fact term="Medication">{details.medical.medication}</Fact>
          <Fact term="Doctor">{details.medical.doctorName}</Fact>
          <Fact term="Doctor’s phone">{details.medical.doctorPhone}</Fact>
        </dl>
      </section>
      <PeopleList
        title="Who may collect the child"
        empty="Only the child’s guardians."
        people={details.pickups}
        studentId={answer.studentId}
      />
      {answer.guardians.length > 0 ? (
        <p className="care-guardians">
          Guardians, who may always collect the child:{' '}
          {answer.guardians.map((guardian) => `${guardian.name} (${guardian.relationship})`).join(', ')}.
        </p>
      ) : null}
      <section className="care-section">
        <h3 className="care-section__title">Photos</h3>
        <p className="mb-0">{details.photoConsent ? CARE_TEXTS.consentYes : CARE_TEXTS.consentNo}</p>
      </section>
    </div>
  );
}

function CareHistory({ studentId }: { studentId: number }) {
  const history = useCareHistory(studentId);
  const timeZone = useSettings().data?.timeZone;
  return (
    <SchoolPanel title={CARE_TEXTS.historyTitle} lead={CARE_TEXTS.historyLead} className="care-history">
      <QueryState query={history} empty={CARE_TEXTS.noHistory}>
        {(entries) => (
          <ol className="care-history__list">
            {entries.map((entry) => (
              <li key={entry.id} className="care-history__entry">
                <p className="care-history__who">
                  <strong>{entry.by}</strong>,{' '}
                  <time dateTime={entry.at}>{formatWhen(entry.at, timeZone)}</time>
                </p>
                <ul className="care-history__changes">
                  {entry.changes.map((change) => (
                    <li key={`${change.field}|${change.from}|${change.to}`}>
                      <span className="care-history__field">{change.field}</span>:{' '}
                      <del>{change.from || '—'}</del> <span aria-hidden="true">→</span>
                      <span className="visually-hidden"> became </span> <ins>{change.to || '—'}</ins>
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

const lastSaved = (answer: CareAnswer, timeZone: string | undefined): string | undefined =>
  answer.updatedAt
    ? `Last saved ${formatWhen(answer.updatedAt, timeZone)}${answer.updatedBy ? ` by ${answer.updatedBy}` : ''}.`
    : undefined;

/**
 * /care/:id (docs/decisions/0021-families.md#parent-screens): a child's care details. The child's
 * guardians and the principal edit them (`mayEdit`) and see the change history below; the class
 * teachers read them.
 */
export function CareScreen({ studentId }: { studentId: number }) {
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
              {CARE_TEXTS.back}
            </Link>
          ) : null
        }
        title={answer ? `${CARE_TEXTS.title} of ${answer.studentName}` : CARE_TEXTS.title}
        lead={
          answer
            ? [answer.mayEdit ? CARE_TEXTS.leadEdit : CARE_TEXTS.leadRead, lastSaved(answer, timeZone)]
                .filter(Boolean)
                .join(' ')
            : CARE_TEXTS.leadRead
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
      {/* The history is for those who keep the details (the server answers a class teacher 403). */}
      {answer?.mayEdit ? <CareHistory studentId={studentId} /> : null}
    </>
  );
}

/** The document with every medical field present, whatever an older record left out. */
const withDefaults = (details: CareDetails): CareDetails => ({
  ...EMPTY_CARE_DETAILS,
  ...details,
  medical: { ...EMPTY_CARE_DETAILS.medical, ...details.medical },
});
