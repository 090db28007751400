import '../../../styles/calendar.css';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CalendarEntry } from '../../../../shared/api/calendar.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { shortDate, todayInZone, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { useCalendar, useCancelEntry, useCreateEntry, useUpdateEntry } from '../api/calendar.js';
import { addMonths, isMonth, monthOf, monthRange, monthTitle } from '../lib/months.js';
import { EntryForm } from './EntryForm.js';
import { FeedsPanel } from './FeedsPanel.js';

/** The month shown is kept in the address (`?month=2026-11`), so a link or a reload keeps it. */
export const MONTH_PARAM = 'month';

/** What the principal's form is open for: a new entry, or a change to one. */
type Editing = { entry?: CalendarEntry } | undefined;

function EntryItem({
  entry,
  manage,
  onEdit,
  onCancel,
}: {
  entry: CalendarEntry;
  manage: boolean;
  onEdit: (entry: CalendarEntry) => void;
  onCancel: (entry: CalendarEntry) => void;
}) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const days =
    entry.endDate === entry.startDate
      ? shortDate(entry.startDate, locale)
      : t('calendar.entry.days', {
          first: shortDate(entry.startDate, locale),
          last: shortDate(entry.endDate, locale),
        });
  const time =
    entry.startTime && entry.endTime
      ? t('calendar.entry.times', { start: entry.startTime, end: entry.endTime })
      : t('calendar.entry.allDay');
  const audience =
    entry.audience === 'classes'
      ? t('calendar.entry.forClasses', { classes: entry.classes.map((row) => row.name).join(', ') })
      : t(`calendar.entry.for.${entry.audience}`);
  const classes = [
    'calendar-entry',
    `calendar-entry--${entry.kind}`,
    entry.cancelled ? 'calendar-entry--cancelled' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes}>
      <article aria-labelledby={headingId}>
        <p className="calendar-entry__when mb-1">
          <span className="calendar-entry__days">{days}</span> · <span>{time}</span>
        </p>
        <h4 id={headingId} className="h6 mb-1">
          <span
            className={`badge rounded-pill me-2 ${entry.kind === 'closure' ? 'text-bg-warning' : 'text-bg-primary'}`}
          >
            {t(`calendar.kind.${entry.kind}`)}
          </span>
          {entry.cancelled ? (
            <span className="badge rounded-pill text-bg-secondary me-2">{t('calendar.entry.cancelled')}</span>
          ) : null}
          {entry.cancelled ? (
            <del>
              <bdi>{entry.title}</bdi>
            </del>
          ) : (
            <bdi>{entry.title}</bdi>
          )}
        </h4>
        <p className="small mb-1">
          {audience}
          {entry.familiesInvited ? ` · ${t('calendar.entry.familiesInvited')}` : ''}
          {entry.public ? ` · ${t('calendar.entry.public')}` : ''}
        </p>
        {entry.place ? (
          <p className="small mb-1">
            {t('calendar.entry.place')} <bdi>{entry.place}</bdi>
          </p>
        ) : null}
        {entry.description ? (
          <p className="small mb-1 calendar-entry__description">{entry.description}</p>
        ) : null}
        {manage && !entry.cancelled ? (
          <div className="d-flex flex-wrap gap-2 mt-2">
            <button
              type="button"
              className="btn btn-sm btn-outline-primary rounded-pill"
              onClick={() => onEdit(entry)}
            >
              {t('calendar.entry.edit', { title: entry.title })}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger rounded-pill"
              onClick={() => onCancel(entry)}
            >
              {t('calendar.entry.cancel', { title: entry.title })}
            </button>
          </div>
        ) : null}
      </article>
    </li>
  );
}

/**
 * The school calendar (docs/decisions/0089-screens-for-the-school-year-and-calendar.md): a month's
 * closures and events the user may see, as a list in date order (closures marked, cancelled ones
 * struck through), the months before and after one step away; the principal adds, changes and
 * cancels entries here; everyone finds the feeds to subscribe to under the list. `manage` is the
 * principal's screen; `classes` the classes whose feeds the staff may make.
 */
export function CalendarScreen({
  manage = false,
  classes,
}: {
  manage?: boolean;
  classes?: readonly { id: number; name: string }[];
}) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  const today = todayInZone(timeZone);
  const [params, setParams] = useSearchParams();
  const asked = params.get(MONTH_PARAM);
  const month = isMonth(asked) ? asked : monthOf(today);
  const { from, to } = monthRange(month);
  const listing = useCalendar(from, to);
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const cancel = useCancelEntry();
  const [editing, setEditing] = useState<Editing>();
  const [cancelling, setCancelling] = useState<CalendarEntry | undefined>();
  const monthHeadingId = useId();

  const goTo = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set(MONTH_PARAM, next);
        return copy;
      },
      { replace: true },
    );

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: (entry) => {
        notify.success(t('calendar.entry.cancelledNow', { title: entry.title }));
        setCancelling(undefined);
      },
      onError: (error) => {
        notify.error(isApiError(error) ? error.message : t('calendar.form.failed'));
        setCancelling(undefined);
      },
    });
  };

  const entries = [...(listing.data?.entries ?? [])].sort(
    (a, b) =>
      a.startDate.localeCompare(b.startDate) ||
      (a.startTime ?? '').localeCompare(b.startTime ?? '') ||
      a.id - b.id,
  );

  return (
    <SchoolPanel
      title={t('calendar.place.title')}
      lead={t(manage ? 'calendar.leadManage' : 'calendar.lead')}
      className="calendar-screen"
      actions={
        manage && editing === undefined ? (
          <button type="button" className="btn btn-primary rounded-pill px-4" onClick={() => setEditing({})}>
            {t('calendar.add')}
          </button>
        ) : undefined
      }
    >
      {manage && editing !== undefined ? (
        <EntryForm
          key={editing.entry?.id ?? 'new'}
          entry={editing.entry}
          day={month === monthOf(today) ? today : from}
          onSave={async (body) => {
            const saved = editing.entry
              ? await update.mutateAsync({ entryId: editing.entry.id, body })
              : await create.mutateAsync(body);
            notify.success(
              t(editing.entry ? 'calendar.form.updated' : 'calendar.form.saved', { title: saved.title }),
            );
            setEditing(undefined);
            if (monthOf(saved.startDate) !== month) goTo(monthOf(saved.startDate));
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : null}
      <section className="calendar-month" aria-labelledby={monthHeadingId}>
        <div className="calendar-month__bar d-flex flex-wrap align-items-center justify-content-between gap-2 my-3">
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill"
            onClick={() => goTo(addMonths(month, -1))}
          >
            {t('calendar.previous', { month: monthTitle(addMonths(month, -1), locale) })}
          </button>
          <h3 id={monthHeadingId} className="h4 mb-0" aria-live="polite">
            {monthTitle(month, locale)}
          </h3>
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill"
            onClick={() => goTo(addMonths(month, 1))}
          >
            {t('calendar.next', { month: monthTitle(addMonths(month, 1), locale) })}
          </button>
        </div>
        {listing.isError && listing.data === undefined ? (
          <FailureState error={listing.error} retry={listing.refetch} />
        ) : listing.data === undefined ? (
          <LoadingState />
        ) : entries.length === 0 ? (
          <p>{t('calendar.empty')}</p>
        ) : (
          <ul className="calendar-entries list-unstyled" aria-labelledby={monthHeadingId}>
            {entries.map((entry) => (
              <EntryItem
                key={entry.id}
                entry={entry}
                manage={manage}
                onEdit={(chosen) => setEditing({ entry: chosen })}
                onCancel={setCancelling}
              />
            ))}
          </ul>
        )}
        {month === monthOf(today) ? null : (
          <button type="button" className="btn btn-link px-0" onClick={() => goTo(monthOf(today))}>
            {t('calendar.thisMonth')}
          </button>
        )}
      </section>
      <FeedsPanel classes={classes} />
      {cancelling ? (
        <ConfirmDialog
          title={t('calendar.entry.cancelTitle', { title: cancelling.title })}
          confirmLabel={t('calendar.entry.cancelConfirm')}
          cancelLabel={t('calendar.entry.keep')}
          busy={cancel.isPending}
          onConfirm={confirmCancel}
          onCancel={() => setCancelling(undefined)}
        >
          <p className="mb-0">{t('calendar.entry.cancelBody')}</p>
        </ConfirmDialog>
      ) : null}
    </SchoolPanel>
  );
}
