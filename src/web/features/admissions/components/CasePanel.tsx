import { useState } from 'react';
import { Link } from 'react-router';
import type { EnrolmentAnswer } from '../../../../shared/api/admission-enrolment.js';
import type { AdmissionCase, AdmissionMove } from '../../../../shared/api/admissions.js';
import { isLocale, LOCALE_NAMES } from '../../../../shared/i18n/locales.js';
import {
  ADMISSION_MOVES,
  type AdmissionStage,
  MOVES_BY_HAND,
} from '../../../../shared/rules/admission-stages.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { useClassSeats } from '../../../lib/school/get-class-seats.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { formatWhen, longDate, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useAdmissionCase, useSendApplicationLink } from '../api/admissions.js';
import { CaseApplicationView } from './CaseApplication.js';
import { EnrolForm, EnrolmentDone } from './EnrolForm.js';
import { MoveForm } from './MoveForm.js';
import { childOf, STAGE_BADGE, stageFact, stageWord } from './words.js';

/** The moves the principal may make from `stage` (the transition table less the enrolment's). */
export const handMovesFrom = (stage: AdmissionStage): AdmissionStage[] =>
  ADMISSION_MOVES[stage].filter((to) => MOVES_BY_HAND.includes(to));

/** What a move set: the visit, the offer's deadline, the close reason. */
function MoveFact({ move }: { move: AdmissionMove }) {
  const translator = useI18n();
  const fact = stageFact(translator, {
    stage: move.toStage,
    visitDate: move.details.visitDate ?? null,
    visitTime: move.details.visitTime ?? null,
    offerDeadline: move.details.offerDeadline ?? null,
    waitingPosition: null,
    closeReason: move.details.closeReason ?? null,
  });
  return fact ? <p className="mb-0">{fact}</p> : null;
}

function History({ moves }: { moves: readonly AdmissionMove[] }) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  return (
    <ol className="admissions-history">
      {moves.map((move) => (
        <li key={move.id}>
          <p className="mb-0 fw-bold">
            {move.fromStage === null
              ? t('admissions.case.opened', { to: stageWord(t, move.toStage) })
              : t('admissions.case.move', {
                  from: stageWord(t, move.fromStage),
                  to: stageWord(t, move.toStage),
                })}
          </p>
          <p className="mb-0">
            <time dateTime={move.movedAt}>{formatWhen(move.movedAt, timeZone, locale)}</time>{' '}
            {move.movedBy !== null
              ? t('admissions.case.by', { name: move.movedBy })
              : move.fromStage === null
                ? t('admissions.case.byWebsite')
                : t('admissions.case.byFamily')}
          </p>
          <MoveFact move={move} />
          {move.note ? <p className="mb-0">{t('admissions.case.note', { note: move.note })}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function Details({ found }: { found: AdmissionCase }) {
  const { t, locale } = useI18n();
  const rows: [string, string][] = [
    [t('admissions.case.familyName'), found.familyName],
    [t('admissions.case.email'), found.email],
    [t('admissions.case.phone'), found.phone || '—'],
    [t('admissions.case.language'), isLocale(found.language) ? LOCALE_NAMES[found.language] : found.language],
    [t('admissions.case.class'), found.className ?? '—'],
    [t('admissions.case.year'), found.yearName ?? '—'],
    [t('admissions.case.source'), t(`admissions.case.source.${found.source}`)],
    [t('admissions.case.stage'), stageWord(t, found.stage)],
  ];
  return (
    <>
      <dl className="admissions-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{term === t('admissions.case.email') ? <a href={`mailto:${value}`}>{value}</a> : value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-body-secondary mb-2">
        {t('admissions.board.since', { date: longDate(found.stageChangedAt.slice(0, 10), { locale }) })}
      </p>
      <h4 className="h6">{t('admissions.case.message')}</h4>
      <p className="admissions-message">{found.message || t('admissions.case.noMessage')}</p>
    </>
  );
}

type FoundCase = NonNullable<ReturnType<typeof useAdmissionCase>['data']>['data'];

/**
 * The family's application (docs/decisions/0103-the-application-families-fill-in.md) and the
 * enrolment (docs/decisions/0104-enrolment-in-one-step.md): the application as sent or under way
 * with its documents, a button that mails the family their link, and, once the offer is accepted
 * and the application sent, the enrolment in one step.
 */
function ApplicationAndEnrolment({ found }: { found: FoundCase }) {
  const { t } = useI18n();
  const sendLink = useSendApplicationLink(found.id);
  const [linkSent, setLinkSent] = useState<string | undefined>();
  const [linkProblems, setLinkProblems] = useState<string[]>([]);
  const [enrolling, setEnrolling] = useState(false);
  const [done, setDone] = useState<EnrolmentAnswer | undefined>();
  const seats = useClassSeats(found.yearId ?? undefined).data?.data.classes ?? [];
  const application = found.application;
  const sent = application?.status === 'submitted';
  const open = found.stage !== 'closed' && found.stage !== 'enrolled';
  const mayEnrol = found.stage === 'accepted' && sent;
  return (
    <section className="admissions-spot" aria-labelledby="admissions-spot">
      <h3 id="admissions-spot" className="h5">
        {t('admissions.case.application')}
      </h3>
      {application ? (
        <CaseApplicationView
          caseId={found.id}
          application={application}
          documents={found.documents}
          classNameOf={(id) =>
            seats.find((row) => row.classId === id)?.className ??
            (id === found.classId ? (found.className ?? undefined) : undefined)
          }
        />
      ) : (
        <p>{t('admissions.case.noApplication')}</p>
      )}
      {open && !sent ? (
        <div className="mt-2">
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill"
            disabled={sendLink.isPending}
            onClick={async () => {
              setLinkSent(undefined);
              setLinkProblems([]);
              try {
                setLinkSent((await sendLink.mutateAsync()).data.sentTo);
              } catch (error) {
                setLinkProblems(saveErrorLines(error));
              }
            }}
          >
            {t('admissions.case.sendLink')}
          </button>
          {linkSent ? (
            <p className="mt-2 mb-0" role="status">
              {t('admissions.case.linkSent', { email: linkSent })}
            </p>
          ) : null}
          <ErrorLines lines={linkProblems} />
        </div>
      ) : null}
      {done ? <EnrolmentDone done={done} /> : null}
      {mayEnrol && !done ? (
        enrolling ? (
          <EnrolForm
            caseId={found.id}
            classId={found.classId}
            yearId={found.yearId}
            startDate={application?.document.wanted?.startDate}
            onCancel={() => setEnrolling(false)}
            onDone={(answer) => {
              setEnrolling(false);
              setDone(answer);
            }}
          />
        ) : (
          <div className="mt-3">
            <button type="button" className="btn btn-primary rounded-pill" onClick={() => setEnrolling(true)}>
              {t('admissions.enrol.open')}
            </button>
          </div>
        )
      ) : null}
      {found.stage === 'accepted' && !sent ? (
        <p className="mt-2 mb-0">{t('admissions.enrol.waitForApplication')}</p>
      ) : null}
    </section>
  );
}

/**
 * One case (`?case=<id>`, docs/decisions/0105-the-admissions-board.md): the family, their message,
 * where the application and enrolment go, the moves the transition table allows (each a small form),
 * and the history (who, when, note).
 */
export function CasePanel({ id, backTo }: { id: number; backTo: string }) {
  const translator = useI18n();
  const { t } = translator;
  const query = useAdmissionCase(id);
  const [moving, setMoving] = useState<AdmissionStage | undefined>();
  const [said, setSaid] = useState<string | undefined>();
  if (query.isPending) return <LoadingState text={t('admissions.loading')} />;
  if (query.isError) return <FailureState error={query.error} retry={() => query.refetch()} />;
  const found = query.data.data;
  const moves = handMovesFrom(found.stage);
  const fact = stageFact(translator, found);
  return (
    <SchoolPanel
      title={childOf(t, found)}
      lead={fact}
      actions={
        <>
          <span className={STAGE_BADGE[found.stage]}>{stageWord(t, found.stage)}</span>
          <Link className="btn btn-outline-primary rounded-pill" to={backTo}>
            {t('admissions.case.back')}
          </Link>
        </>
      }
    >
      {said ? (
        <div className="alert alert-success" role="status">
          {said}
        </div>
      ) : null}
      <div className="admissions-case">
        <section aria-labelledby="admissions-details">
          <h3 id="admissions-details" className="h5">
            {t('admissions.case.details')}
          </h3>
          <Details found={found} />
        </section>
        <section aria-labelledby="admissions-moves">
          <h3 id="admissions-moves" className="h5">
            {t('admissions.moves.heading')}
          </h3>
          {moves.length === 0 ? <p>{t('admissions.moves.none')}</p> : null}
          {moving ? (
            <MoveForm
              key={moving}
              caseId={found.id}
              to={moving}
              onCancel={() => setMoving(undefined)}
              onMoved={(stage) => {
                setMoving(undefined);
                setSaid(
                  [
                    t('admissions.moves.done', { stage: stageWord(t, stage) }),
                    ...(['visit', 'offered', 'waiting'].includes(stage)
                      ? [t('admissions.moves.mailed')]
                      : []),
                  ].join(' '),
                );
              }}
            />
          ) : (
            <div className="d-flex flex-wrap gap-2">
              {moves.map((to) => (
                <button
                  key={to}
                  type="button"
                  className="btn btn-outline-primary rounded-pill"
                  onClick={() => {
                    setSaid(undefined);
                    setMoving(to);
                  }}
                >
                  {t(`admissions.moves.to.${to as Exclude<AdmissionStage, 'enrolled'>}`)}
                </button>
              ))}
            </div>
          )}
        </section>
      </div>
      <ApplicationAndEnrolment found={found} />
      <section aria-labelledby="admissions-history">
        <h3 id="admissions-history" className="h5 mt-3">
          {t('admissions.case.history')}
        </h3>
        <History moves={found.history} />
      </section>
    </SchoolPanel>
  );
}
