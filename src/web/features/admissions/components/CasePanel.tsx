import { useState } from 'react';
import { Link } from 'react-router';
import type { AdmissionCase, AdmissionMove } from '../../../../shared/api/admissions.js';
import { isLocale, LOCALE_NAMES } from '../../../../shared/i18n/locales.js';
import {
  ADMISSION_MOVES,
  type AdmissionStage,
  MOVES_BY_HAND,
} from '../../../../shared/rules/admission-stages.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatWhen, longDate, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useAdmissionCase } from '../api/admissions.js';
import { MoveForm } from './MoveForm.js';
import { STAGE_BADGE, stageFact, stageWord } from './words.js';

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

/**
 * Where the family's application (issue 34, point 3) and the "Enrol" button (point 4,
 * `POST admin/admissions/cases/{id}/enrolment`) go when their branches are merged: the application's
 * answers and documents, and the enrolment's confirmation with its answer or refusals.
 */
function ApplicationAndEnrolmentSpot() {
  const { t } = useI18n();
  return (
    <section
      className="admissions-spot"
      data-spot="application-and-enrolment"
      aria-labelledby="admissions-spot"
    >
      <h3 id="admissions-spot" className="h5">
        {t('admissions.case.application')}
      </h3>
      <p className="mb-0">{t('admissions.case.applicationLater')}</p>
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
      title={found.childName}
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
      <ApplicationAndEnrolmentSpot />
      <section aria-labelledby="admissions-history">
        <h3 id="admissions-history" className="h5 mt-3">
          {t('admissions.case.history')}
        </h3>
        <History moves={found.history} />
      </section>
    </SchoolPanel>
  );
}
