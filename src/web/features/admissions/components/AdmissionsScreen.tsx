import '../../../styles/admissions.css';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type {
  AdmissionBoard,
  AdmissionBoardCard,
  ClassSeatsAnswer,
} from '../../../../shared/api/admissions.js';
import { ADMISSION_STAGES } from '../../../../shared/rules/admission-stages.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import { useClassSeats } from '../../../lib/school/get-class-seats.js';
import { longDate } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import { useBoard } from '../api/admissions.js';
import { CasePanel } from './CasePanel.js';
import { NewCaseForm } from './NewCaseForm.js';
import { childOf, PARAM, STAGE_BADGE, stageFact, stageWord } from './words.js';

function Seats({ seats }: { seats: AdmissionBoard['seats'] }) {
  const { t } = useI18n();
  const rows: [string, string][] = [
    [
      t('admissions.board.capacity'),
      seats.capacity === null ? t('admissions.board.noCapacity') : String(seats.capacity),
    ],
    [t('admissions.board.enrolled'), String(seats.enrolled)],
    [t('admissions.board.accepted'), String(seats.acceptedOffers)],
    [t('admissions.board.free'), seats.free === null ? '—' : String(seats.free)],
  ];
  return (
    <section aria-labelledby="admissions-seats">
      <h3 id="admissions-seats" className="h5">
        {t('admissions.board.seats')}
      </h3>
      <dl className="admissions-seats">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Counts({ counts }: { counts: AdmissionBoard['counts'] }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="admissions-counts">
      <h3 id="admissions-counts" className="h5">
        {t('admissions.board.counts')}
      </h3>
      <ul className="admissions-counts">
        {ADMISSION_STAGES.map((stage) => (
          <li key={stage}>
            <span>{stageWord(t, stage)}</span> <span className="fw-bold">{counts[stage]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CaseCard({ row, href }: { row: AdmissionBoardCard; href: string }) {
  const translator = useI18n();
  const { t, locale } = translator;
  const fact = stageFact(translator, row);
  return (
    <li className="admissions-card">
      <Link
        to={href}
        className="admissions-card__name"
        aria-label={t('admissions.board.open', { child: childOf(t, row) })}
      >
        {childOf(t, row)}
      </Link>
      <p className="mb-0">{t('admissions.board.family', { family: row.familyName, email: row.email })}</p>
      {fact ? <p className="mb-0 fw-bold">{fact}</p> : null}
      <p className="mb-0 text-body-secondary">
        {t('admissions.board.since', { date: longDate(row.stageChangedAt.slice(0, 10), { locale }) })}
      </p>
    </li>
  );
}

/** The cases by stage in pipeline order (the waiting list by place, as the server orders it). */
function Stages({ board, hrefOf }: { board: AdmissionBoard; hrefOf: (caseId: number) => string }) {
  const { t } = useI18n();
  const id = useId();
  if (board.cases.length === 0) return <p>{t('admissions.board.none')}</p>;
  return (
    <div className="admissions-board">
      {ADMISSION_STAGES.filter((stage) => board.counts[stage] > 0).map((stage) => (
        <section key={stage} className="admissions-stage" aria-labelledby={`${id}-${stage}`}>
          <h3 id={`${id}-${stage}`} className="admissions-stage__title h6">
            <span className={STAGE_BADGE[stage]}>{stageWord(t, stage)}</span>{' '}
            <span>{board.counts[stage]}</span>
          </h3>
          <ul className="admissions-stage__cases">
            {board.cases
              .filter((row) => row.stage === stage)
              .map((row) => (
                <CaseCard key={row.id} row={row} href={hrefOf(row.id)} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The year and class the board shows: those of the URL, else the admissions year and its first class taking admissions. */
function chosen(seats: ClassSeatsAnswer, params: URLSearchParams) {
  const yearId = parseId(params.get(PARAM.year)) ?? seats.year?.id;
  const taking = seats.classes.filter((row) => row.takesAdmissions);
  const asked = parseId(params.get(PARAM.class));
  const classId =
    asked !== undefined && seats.classes.some((row) => row.classId === asked) ? asked : taking[0]?.classId;
  return { yearId, classId, taking };
}

/**
 * The principal's admissions board (docs/decisions/0105-the-admissions-board.md): a year (by default
 * the admissions year) and a class taking admissions, kept in the URL; the class's seats, the counts
 * per stage, the cases by stage and the waiting list by place. `?case=<id>` is a case's page and
 * `?new` the new case form (`&enquiry=<id>` from a contact message): states of this one screen.
 */
export function AdmissionsScreen() {
  const translator = useI18n();
  const { t } = translator;
  const id = useId();
  const [params, setParams] = useSearchParams();
  const yearParam = parseId(params.get(PARAM.year));
  const seatsQuery = useClassSeats(yearParam);
  const settings = useSettings();
  const seats = seatsQuery.data?.data;
  const { yearId, classId, taking } = seats
    ? chosen(seats, params)
    : { yearId: undefined, classId: undefined, taking: [] };
  const board = useBoard(classId, yearId);
  const caseId = parseId(params.get(PARAM.case));

  /** The URL with the board's choice kept and the rest as given. */
  const hrefWith = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams();
    if (yearId !== undefined) next.set(PARAM.year, String(yearId));
    if (classId !== undefined) next.set(PARAM.class, String(classId));
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    return `?${next.toString()}`;
  };
  const boardHref = hrefWith({});

  if (caseId !== undefined) return <CasePanel id={caseId} backTo={boardHref} />;
  if (seatsQuery.isPending) return <LoadingState text={t('admissions.loading')} />;
  if (seatsQuery.isError) return <FailureState error={seatsQuery.error} retry={() => seatsQuery.refetch()} />;
  const answer = seatsQuery.data.data;

  if (params.has(PARAM.new)) {
    return (
      <SchoolPanel title={t('admissions.new.heading')}>
        <NewCaseForm
          choices={{
            classes: (taking.length > 0 ? taking : answer.classes).map((row) => ({
              id: row.classId,
              name: row.className,
            })),
            years: answer.years,
            classId,
            yearId,
            language: settings.data?.language ?? 'en',
          }}
          enquiryId={parseId(params.get(PARAM.enquiry))}
          onCancel={() => setParams(new URLSearchParams(boardHref))}
          onOpened={(opened, child) => {
            notify.success(t('admissions.new.opened', { child }));
            setParams(new URLSearchParams(hrefWith({ [PARAM.case]: String(opened) })));
          }}
        />
      </SchoolPanel>
    );
  }

  const classOptions = taking.some((row) => row.classId === classId)
    ? taking
    : [...taking, ...answer.classes.filter((row) => row.classId === classId)];
  return (
    <SchoolPanel
      title={t('admissions.board.heading')}
      lead={t('admissions.board.lead')}
      actions={
        <Link className="btn btn-primary rounded-pill" to={hrefWith({ [PARAM.new]: '' })}>
          {t('admissions.board.newCase')}
        </Link>
      }
    >
      <div className="admissions-pickers">
        <div className="school-field">
          <label className="school-field__label" htmlFor={`${id}-year`}>
            {t('admissions.board.year')}
          </label>
          <select
            id={`${id}-year`}
            className="form-select"
            value={yearId ?? ''}
            onChange={(event) =>
              setParams(
                new URLSearchParams({
                  [PARAM.year]: event.target.value,
                  ...(classId ? { [PARAM.class]: String(classId) } : {}),
                }),
              )
            }
          >
            {answer.years.map((year) => (
              <option key={year.id} value={year.id}>
                {year.id === answer.admissionsYearId
                  ? t('admissions.board.yearOfAdmissions', { name: year.name })
                  : year.name}
              </option>
            ))}
          </select>
        </div>
        {classOptions.length > 0 ? (
          <div className="school-field">
            <label className="school-field__label" htmlFor={`${id}-class`}>
              {t('admissions.board.class')}
            </label>
            <select
              id={`${id}-class`}
              className="form-select"
              value={classId ?? ''}
              onChange={(event) =>
                setParams(
                  new URLSearchParams({
                    ...(yearId ? { [PARAM.year]: String(yearId) } : {}),
                    [PARAM.class]: event.target.value,
                  }),
                )
              }
            >
              {classOptions.map((row) => (
                <option key={row.classId} value={row.classId}>
                  {row.className}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {classId === undefined ? (
        <p>{t('admissions.board.noClasses')}</p>
      ) : board.isPending ? (
        <LoadingState text={t('admissions.loading')} />
      ) : board.isError ? (
        <FailureState error={board.error} retry={() => board.refetch()} />
      ) : (
        <>
          <div className="admissions-summary">
            <Seats seats={board.data.data.seats} />
            <Counts counts={board.data.data.counts} />
          </div>
          <Stages board={board.data.data} hrefOf={(opened) => hrefWith({ [PARAM.case]: String(opened) })} />
        </>
      )}
    </SchoolPanel>
  );
}
