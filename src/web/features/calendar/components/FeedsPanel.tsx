import { useId, useState } from 'react';
import type { FeedAddress } from '../../../../shared/api/calendar.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatDate, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { useCalendarFeeds, useMakeClassFeed, useMakeOwnFeed } from '../api/calendar.js';

/** Google Calendar's add-by-address link: it takes the `webcal:` address as `cid`. */
export const googleCalendarLink = (address: FeedAddress): string =>
  `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(address.webcal)}`;

/** One address with its label, selectable, and a button that copies it. */
function AddressLine({ label, value }: { label: string; value: string }) {
  const { t } = useI18n();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t('calendar.feeds.copied'));
    } catch {
      notify.error(t('calendar.feeds.copyFailed'));
    }
  };
  return (
    <div className="calendar-feed__address">
      <label className="school-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="input-group">
        <input
          id={id}
          className="form-control"
          dir="ltr"
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="btn btn-outline-primary" onClick={() => void copy()}>
          {t('calendar.feeds.copy', { what: label })}
        </button>
      </div>
    </div>
  );
}

/** A feed's two addresses, a link calendar apps open, and the steps for each app. */
function FeedAddresses({ address }: { address: FeedAddress }) {
  const { t } = useI18n();
  return (
    <div className="calendar-feed__addresses">
      <AddressLine label={t('calendar.feeds.webcal')} value={address.webcal} />
      <AddressLine label={t('calendar.feeds.https')} value={address.https} />
      <p className="d-flex flex-wrap gap-2 mt-2 mb-0">
        <a className="btn btn-sm btn-primary rounded-pill" href={address.webcal}>
          {t('calendar.feeds.open')}
        </a>
        <a
          className="btn btn-sm btn-outline-primary rounded-pill"
          href={googleCalendarLink(address)}
          target="_blank"
          rel="noreferrer"
        >
          {t('calendar.feeds.google')}
        </a>
      </p>
    </div>
  );
}

/** How to subscribe in each calendar app: short steps, the same for every feed. */
function SubscribeHelp() {
  const { t } = useI18n();
  const steps = (app: 'google' | 'apple' | 'outlook') => (
    <div className="calendar-help__app">
      <h4 className="h6">{t(`calendar.help.${app}.title`)}</h4>
      <ol className="small">
        <li>{t(`calendar.help.${app}.step1`)}</li>
        <li>{t(`calendar.help.${app}.step2`)}</li>
        <li>{t(`calendar.help.${app}.step3`)}</li>
      </ol>
    </div>
  );
  return (
    <details className="calendar-help mt-3">
      <summary>{t('calendar.help.summary')}</summary>
      <p className="small mt-2">{t('calendar.help.lead')}</p>
      {steps('google')}
      {steps('apple')}
      {steps('outlook')}
    </details>
  );
}

/**
 * A secret feed: made or renewed on request; its address is shown once, right after, since the
 * server keeps only its hash. Renewing asks first: the old address stops working.
 */
function SecretFeed({
  title,
  lead,
  madeAt,
  make,
  busy,
}: {
  title: string;
  lead: string;
  /** When the current address was made, if one was. */
  madeAt: string | undefined;
  make: () => Promise<FeedAddress>;
  busy: boolean;
}) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  const [address, setAddress] = useState<FeedAddress | undefined>();
  const [asking, setAsking] = useState(false);
  const headingId = useId();

  const run = async () => {
    setAsking(false);
    try {
      setAddress(await make());
    } catch (error) {
      notify.error(isApiError(error) ? error.message : t('calendar.feeds.failed'));
    }
  };

  return (
    <section className="calendar-feed" aria-labelledby={headingId}>
      <h4 id={headingId} className="h6">
        {title}
      </h4>
      <p className="small">{lead}</p>
      {address ? (
        <>
          <p className="calendar-feed__once" role="status">
            {t('calendar.feeds.shownOnce')}
          </p>
          <FeedAddresses address={address} />
        </>
      ) : madeAt ? (
        <p className="small">{t('calendar.feeds.madeAt', { when: formatDate(madeAt, timeZone, locale) })}</p>
      ) : null}
      <button
        type="button"
        className="btn btn-outline-primary rounded-pill mt-2"
        disabled={busy}
        onClick={() => (madeAt || address ? setAsking(true) : void run())}
      >
        {madeAt || address ? t('calendar.feeds.renew') : t('calendar.feeds.make')}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t('calendar.feeds.renewTitle')}
          confirmLabel={t('calendar.feeds.renewConfirm')}
          onConfirm={() => void run()}
          onCancel={() => setAsking(false)}
        >
          <p className="mb-0">{t('calendar.feeds.renewWarning')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/**
 * The calendar's feeds (docs/decisions/0089-screens-for-the-school-year-and-calendar.md): the
 * user's own (for a family, their children's classes), a class's for the staff, and the school's
 * public one, each with its `webcal:` and https addresses and the steps to subscribe.
 */
export function FeedsPanel({ classes }: { classes?: readonly { id: number; name: string }[] }) {
  const { t } = useI18n();
  const feeds = useCalendarFeeds();
  const makeOwn = useMakeOwnFeed();
  const makeClass = useMakeClassFeed();
  const [classId, setClassId] = useState('');
  const classSelectId = useId();
  const headingId = useId();
  const chosen = classes?.find((row) => String(row.id) === classId);

  return (
    <section className="calendar-feeds mt-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="h5">
        {t('calendar.feeds.title')}
      </h3>
      <p>{t('calendar.feeds.lead')}</p>
      <SecretFeed
        title={t('calendar.feeds.own')}
        lead={t('calendar.feeds.ownLead')}
        madeAt={feeds.data?.own?.createdAt}
        make={() => makeOwn.mutateAsync(undefined)}
        busy={makeOwn.isPending}
      />
      {classes ? (
        <div className="calendar-feed__class mt-3">
          <div className="school-field">
            <label className="school-field__label" htmlFor={classSelectId}>
              {t('calendar.feeds.chooseClass')}
            </label>
            <select
              id={classSelectId}
              className="form-select"
              value={classId}
              onChange={(event) => setClassId(event.target.value)}
            >
              <option value="">{t('calendar.feeds.noClass')}</option>
              {classes.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.name}
                </option>
              ))}
            </select>
          </div>
          {chosen ? (
            <SecretFeed
              key={chosen.id}
              title={t('calendar.feeds.classTitle', { className: chosen.name })}
              lead={t('calendar.feeds.classLead')}
              madeAt={feeds.data?.classes.find((row) => row.classId === chosen.id)?.createdAt}
              make={() => makeClass.mutateAsync(chosen.id)}
              busy={makeClass.isPending}
            />
          ) : null}
        </div>
      ) : null}
      {feeds.data ? (
        <section className="calendar-feed mt-3" aria-labelledby={`${headingId}-school`}>
          <h4 id={`${headingId}-school`} className="h6">
            {t('calendar.feeds.school')}
          </h4>
          <p className="small">{t('calendar.feeds.schoolLead')}</p>
          <FeedAddresses address={feeds.data.school} />
        </section>
      ) : null}
      <SubscribeHelp />
    </section>
  );
}
