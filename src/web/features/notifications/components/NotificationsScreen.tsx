import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { NoticeYear } from '../../../../shared/api/school-admin.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText, SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { notificationsQueryOptions, type SchoolNotification } from '../../../lib/school/get-notifications.js';
import { formatWhen, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { useMarkNotificationsRead } from '../api/mark-read.js';

export const NOTIFICATION_TEXTS = {
  newBadge: 'notifications.newBadge',
  /** Read out after the badge: "New" alone does not say what is new about the row. */
  newBadgeHidden: 'notifications.newBadgeHidden',
  markRead: 'notifications.markRead',
  markAllRead: 'notifications.markAllRead',
  markFailed: 'notifications.markFailed',
  allRead: 'notifications.allRead',
  yearLabel: 'notifications.year.label',
  yearCurrent: 'notifications.year.current',
  yearLead: 'notifications.year.lead',
} as const;

/**
 * Notification, /notification (docs/contract/product.md#school-screens): Student Name, Class, notification
 * (`GET notification`), and ours: who sent it, when, and which ones the viewer has not read yet, with a way
 * to mark them read (`POST notification/{id}/read`). One school year at a time: the current one first,
 * a past one by the year picker, under its name (docs/decisions/0095-past-sight.md).
 */
export function NotificationsScreen() {
  const { t } = useI18n();
  // undefined: the current year, the same list the badges count.
  const [yearId, setYearId] = useState<number | undefined>(undefined);
  const notifications = useQuery({ ...notificationsQueryOptions(yearId), placeholderData: keepPreviousData });
  const markRead = useMarkNotificationsRead();
  const shown = notifications.data;
  const unread = (shown?.notices ?? []).filter((row) => row.unread);
  const pastYear = shown?.year && !shown.year.current ? shown.year : undefined;

  const mark = (ids: number[]) =>
    markRead.mutate(ids, { onError: () => notify.error(t(NOTIFICATION_TEXTS.markFailed)) });

  return (
    <SchoolPanel
      title={t('notifications.title')}
      lead={
        shown
          ? [
              pastYear ? t(NOTIFICATION_TEXTS.yearLead, { year: pastYear.name }) : t('notifications.lead'),
              unread.length > 0
                ? t('notifications.unreadCountSentence', { count: unread.length })
                : t(NOTIFICATION_TEXTS.allRead),
            ].join(' ')
          : t('notifications.lead')
      }
      actions={
        <>
          {shown && shown.years.length > 1 ? (
            <YearPicker
              years={shown.years}
              value={shown.year?.id}
              onChange={(year) => setYearId(year.current ? undefined : year.id)}
            />
          ) : null}
          {unread.length > 1 ? (
            <button
              type="button"
              className="btn btn-outline-primary rounded-pill"
              disabled={markRead.isPending}
              onClick={() => mark(unread.map((row) => row.id))}
            >
              {t(NOTIFICATION_TEXTS.markAllRead)}
            </button>
          ) : null}
        </>
      }
    >
      <QueryState query={notifications} isEmpty={(answer) => answer.notices.length === 0}>
        {({ notices }) => (
          <TableWrap label={t('notifications.tableLabel')}>
            <table className="table school-table school-notifications">
              <thead>
                <tr>
                  <th scope="col">{t('notifications.column.studentName')}</th>
                  <th scope="col">{t('notifications.column.class')}</th>
                  <th scope="col">{t('notifications.column.notification')}</th>
                  <th scope="col">{t('notifications.column.from')}</th>
                  <th scope="col">{t('notifications.column.sent')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('notifications.column.read')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {notices.map((row) => (
                  <NotificationRow
                    key={row.id}
                    row={row}
                    busy={markRead.isPending}
                    onMarkRead={() => mark([row.id])}
                  />
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </QueryState>
    </SchoolPanel>
  );
}

/** The school years to read notices of, the latest first; the current one says so. */
export function YearPicker({
  years,
  value,
  onChange,
}: {
  years: readonly NoticeYear[];
  value: number | undefined;
  onChange: (year: NoticeYear) => void;
}) {
  const { t } = useI18n();
  return (
    <label className="school-field school-field--inline">
      <span className="school-field__label">{t(NOTIFICATION_TEXTS.yearLabel)}</span>
      <select
        className="form-select"
        value={value === undefined ? '' : String(value)}
        onChange={(event) => {
          const year = years.find((row) => String(row.id) === event.target.value);
          if (year) onChange(year);
        }}
      >
        {years.map((year) => (
          <option key={year.id} value={year.id}>
            {year.current ? t(NOTIFICATION_TEXTS.yearCurrent, { name: year.name }) : year.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function NotificationRow({
  row,
  busy,
  onMarkRead,
}: {
  row: SchoolNotification;
  busy: boolean;
  onMarkRead: () => void;
}) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  return (
    <tr className={row.unread ? 'school-notification--unread' : undefined}>
      <td className="text-nowrap">{row.studentName}</td>
      <td className="text-nowrap">{row.className}</td>
      <td className="school-table__text">
        {row.unread ? (
          <span className="school-badge school-badge--new me-2">
            {t(NOTIFICATION_TEXTS.newBadge)}
            <HiddenText>{t(NOTIFICATION_TEXTS.newBadgeHidden)}</HiddenText>
          </span>
        ) : null}
        {row.text}
      </td>
      <td className="text-nowrap">{row.from}</td>
      <td className="text-nowrap">
        <time dateTime={row.sentAt}>{formatWhen(row.sentAt, timeZone, locale)}</time>
      </td>
      <td className="text-end">
        {row.unread ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary text-nowrap"
            disabled={busy}
            onClick={onMarkRead}
          >
            {t(NOTIFICATION_TEXTS.markRead)}
            <HiddenText>{t('notifications.markReadWhich', { text: row.text.slice(0, 60) })}</HiddenText>
          </button>
        ) : null}
      </td>
    </tr>
  );
}
