import '../../../styles/day-log.css';
import { type FormEvent, useId, useState } from 'react';
import type { LogDetailInput } from '../../../../shared/api/day-log.js';
import { entryWords } from '../../../../shared/day-log-words.js';
import { formatTime } from '../../../../shared/school-time.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { isApiError } from '../../../lib/api-client.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { todayInZone, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useClassDayLog } from '../api/get-class-day-log.js';
import { useLogEntry } from '../api/log-entry.js';

export interface QuickLogPupil {
  studentId: number;
  studentName: string;
}

/** The common entries, one tap each once the children are chosen. */
const QUICK: readonly {
  label: MessageKey;
  detail: (meal: string, timeZone: string | undefined) => LogDetailInput;
}[] = [
  { label: 'day-log.quick.mealAll', detail: (what) => ({ kind: 'meal', what, amount: 'all' }) },
  { label: 'day-log.quick.mealMost', detail: (what) => ({ kind: 'meal', what, amount: 'most' }) },
  { label: 'day-log.quick.mealSome', detail: (what) => ({ kind: 'meal', what, amount: 'some' }) },
  { label: 'day-log.quick.mealNone', detail: (what) => ({ kind: 'meal', what, amount: 'none' }) },
  {
    label: 'day-log.quick.napStart',
    detail: (_meal, timeZone) => ({ kind: 'nap', from: nowInSchool(timeZone), to: null }),
  },
  { label: 'day-log.quick.wet', detail: () => ({ kind: 'toilet', toilet: 'wet' }) },
  { label: 'day-log.quick.dirty', detail: () => ({ kind: 'toilet', toilet: 'dirty' }) },
  { label: 'day-log.quick.toilet', detail: () => ({ kind: 'toilet', toilet: 'toilet' }) },
  { label: 'day-log.quick.happy', detail: () => ({ kind: 'mood', mood: 'happy' }) },
  { label: 'day-log.quick.tired', detail: () => ({ kind: 'mood', mood: 'tired' }) },
];

/** Now as the school's time of day (HH:MM), as the server stamps an entry without a time. */
const nowInSchool = (timeZone: string | undefined): string => formatTime(new Date().toISOString(), timeZone);

const field = (form: HTMLFormElement, name: string): string =>
  (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? '';

/**
 * The daily log on Today (docs/decisions/0078-the-daily-log.md): choose children (one tap each, or
 * all), then one tap on a common entry logs it for all of them; a note, an incident or a medication
 * below. The answer is said here (a status line), never only in a toast.
 */
/** The class's entries of today, newest first: what was logged, by whom, for whom. */
function TodaysLog({ classId }: { classId: number }) {
  const translator = useI18n();
  const { t } = translator;
  const today = todayInZone(useSchoolTimeZone());
  const log = useClassDayLog(classId, today);
  const entries = [...(log.data?.data ?? [])].reverse();
  return (
    <section className="day-log-today" aria-label={t('day-log.log.title')}>
      <h3 className="h6 mt-3">{t('day-log.log.title')}</h3>
      {log.data && entries.length === 0 ? <p className="day-log-count">{t('day-log.log.empty')}</p> : null}
      <ol className="day-timeline">
        {entries.map((entry) => (
          <li key={entry.id} className="day-timeline__item">
            <span className="day-timeline__time">{entry.time}</span>
            <p className="day-timeline__line">
              {t('day-log.log.item', {
                child: entry.studentName,
                entry: entryWords(translator, entry).headline,
              })}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function QuickLog({ classId, pupils }: { classId: number; pupils: readonly QuickLogPupil[] }) {
  const id = useId();
  const { t } = useI18n();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [meal, setMeal] = useState(() => t('day-log.quick.defaultMeal'));
  const [status, setStatus] = useState<{ ok: boolean; text: string } | undefined>();
  const save = useLogEntry();
  const timeZone = useSchoolTimeZone();
  const studentIds = pupils.map((p) => p.studentId).filter((studentId) => chosen.has(studentId));

  const toggle = (studentId: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(studentId)) next.delete(studentId);
      else next.add(studentId);
      return next;
    });

  const log = async (detail: LogDetailInput): Promise<boolean> => {
    if (studentIds.length === 0) {
      setStatus({ ok: false, text: t('day-log.quick.chooseFirst') });
      return false;
    }
    try {
      const entries = await save.mutateAsync({ studentIds, detail });
      setStatus({ ok: true, text: t('day-log.quick.saved', { count: entries.length }) });
      return true;
    } catch (error) {
      const reason = isApiError(error) ? error.message : String(error);
      setStatus({ ok: false, text: t('day-log.quick.failed', { reason }) });
      return false;
    }
  };

  const submit =
    (make: (form: HTMLFormElement) => LogDetailInput) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      if (await log(make(form))) form.reset();
    };

  return (
    <SchoolPanel title={t('day-log.quick.title')} lead={t('day-log.quick.lead')} className="day-log-panel">
      <div className="day-log-bar">
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill"
          onClick={() => setChosen(new Set(pupils.map((p) => p.studentId)))}
        >
          {t('day-log.quick.all')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary rounded-pill"
          onClick={() => setChosen(new Set())}
        >
          {t('day-log.quick.none')}
        </button>
        <p className="day-log-count" aria-live="polite">
          {t('day-log.quick.chosen', { count: studentIds.length })}
        </p>
      </div>
      <ul className="day-log-chips" aria-label={t('day-log.quick.choose')}>
        {pupils.map((pupil) => (
          <li key={pupil.studentId}>
            <button
              type="button"
              className="day-log-chip"
              aria-pressed={chosen.has(pupil.studentId)}
              onClick={() => toggle(pupil.studentId)}
            >
              {pupil.studentName}
            </button>
          </li>
        ))}
      </ul>
      <div className="day-log-form">
        <label className="form-label mb-0" htmlFor={`${id}-meal`}>
          {t('day-log.quick.mealWhat')}
        </label>
        <input
          id={`${id}-meal`}
          className="form-control"
          value={meal}
          maxLength={200}
          onChange={(event) => setMeal(event.target.value)}
        />
      </div>
      <ul className="day-log-quick" aria-label={t('day-log.quick.entries')}>
        {QUICK.map((quick) => (
          <li key={quick.label}>
            <button
              type="button"
              className="btn btn-primary rounded-pill"
              disabled={save.isPending}
              onClick={() => void log(quick.detail(meal.trim() || t('day-log.quick.defaultMeal'), timeZone))}
            >
              {t(quick.label)}
            </button>
          </li>
        ))}
      </ul>
      {status ? (
        <p
          className={status.ok ? 'school-state school-state--notice' : 'invalid-feedback d-block'}
          role={status.ok ? 'status' : 'alert'}
        >
          {status.text}
        </p>
      ) : null}
      <details className="day-log-more">
        <summary>{t('day-log.quick.more')}</summary>
        <form
          className="day-log-form"
          aria-label={t('day-log.quick.note')}
          onSubmit={submit((form) => ({ kind: 'note', text: field(form, 'text') }))}
        >
          <label className="form-label mb-0" htmlFor={`${id}-note`}>
            {t('day-log.quick.note')}
          </label>
          <textarea
            id={`${id}-note`}
            name="text"
            className="form-control"
            rows={2}
            required
            maxLength={1000}
          />
          <button type="submit" className="btn btn-outline-primary rounded-pill" disabled={save.isPending}>
            {t('day-log.quick.addNote')}
          </button>
        </form>
        <form
          className="day-log-form"
          aria-label={t('day-log.quick.activity')}
          onSubmit={submit((form) => ({ kind: 'activity', text: field(form, 'text') }))}
        >
          <label className="form-label mb-0" htmlFor={`${id}-activity`}>
            {t('day-log.quick.activity')}
          </label>
          <input id={`${id}-activity`} name="text" className="form-control" required maxLength={200} />
          <button type="submit" className="btn btn-outline-primary rounded-pill" disabled={save.isPending}>
            {t('day-log.quick.addActivity')}
          </button>
        </form>
        <form
          className="day-log-form"
          aria-label={t('day-log.quick.nap')}
          onSubmit={submit((form) => ({
            kind: 'nap',
            from: field(form, 'from'),
            to: field(form, 'to') || null,
          }))}
        >
          <label className="form-label mb-0" htmlFor={`${id}-nap-from`}>
            {t('day-log.quick.napFrom')}
          </label>
          <input id={`${id}-nap-from`} name="from" type="time" className="form-control" required />
          <label className="form-label mb-0" htmlFor={`${id}-nap-to`}>
            {t('day-log.quick.napTo')}
          </label>
          <input id={`${id}-nap-to`} name="to" type="time" className="form-control" />
          <button type="submit" className="btn btn-outline-primary rounded-pill" disabled={save.isPending}>
            {t('day-log.quick.addNap')}
          </button>
        </form>
        <form
          className="day-log-form"
          aria-label={t('day-log.quick.incident')}
          onSubmit={submit((form) => ({
            kind: 'incident',
            what: field(form, 'what'),
            firstAid: field(form, 'firstAid'),
            witnessedBy: field(form, 'witnessedBy'),
          }))}
        >
          <label className="form-label mb-0" htmlFor={`${id}-what`}>
            {t('day-log.quick.incidentWhat')}
          </label>
          <textarea
            id={`${id}-what`}
            name="what"
            className="form-control"
            rows={2}
            required
            maxLength={1000}
          />
          <label className="form-label mb-0" htmlFor={`${id}-aid`}>
            {t('day-log.quick.firstAid')}
          </label>
          <input id={`${id}-aid`} name="firstAid" className="form-control" maxLength={1000} />
          <label className="form-label mb-0" htmlFor={`${id}-saw`}>
            {t('day-log.quick.witnessedBy')}
          </label>
          <input id={`${id}-saw`} name="witnessedBy" className="form-control" maxLength={200} />
          <button type="submit" className="btn btn-outline-danger rounded-pill" disabled={save.isPending}>
            {t('day-log.quick.addIncident')}
          </button>
        </form>
        <form
          className="day-log-form"
          aria-label={t('day-log.quick.medication')}
          onSubmit={submit((form) => ({
            kind: 'medication',
            name: field(form, 'name'),
            dose: field(form, 'dose'),
            reason: field(form, 'reason'),
          }))}
        >
          <label className="form-label mb-0" htmlFor={`${id}-med`}>
            {t('day-log.quick.medicationName')}
          </label>
          <input id={`${id}-med`} name="name" className="form-control" required maxLength={200} />
          <label className="form-label mb-0" htmlFor={`${id}-dose`}>
            {t('day-log.quick.dose')}
          </label>
          <input id={`${id}-dose`} name="dose" className="form-control" required maxLength={200} />
          <label className="form-label mb-0" htmlFor={`${id}-reason`}>
            {t('day-log.quick.reason')}
          </label>
          <input id={`${id}-reason`} name="reason" className="form-control" maxLength={1000} />
          <button type="submit" className="btn btn-outline-primary rounded-pill" disabled={save.isPending}>
            {t('day-log.quick.addMedication')}
          </button>
        </form>
      </details>
      <TodaysLog classId={classId} />
    </SchoolPanel>
  );
}
