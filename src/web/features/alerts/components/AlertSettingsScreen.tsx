import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import {
  ALERT_CHANNELS,
  ALERT_KINDS,
  type AlertChannel,
  type AlertKind,
} from '../../../../shared/api/alerts.js';
import type { AlertSettings } from '../../../../shared/api/push.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import { alertSettingsKey, useAlertSettings, useSaveAlertSettings } from '../api/alert-settings.js';
import { currentSubscription, pushSupport, turnOffPush, turnOnPush } from '../lib/push-device.js';

type Channels = Record<AlertKind, AlertChannel>;

/** This device's push: on or off here, and the buttons that change it. */
function ThisDevice({ devices }: { devices: number }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const support = pushSupport();
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    currentSubscription()
      .then((subscription) => {
        if (live) setSubscribed(subscription !== null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const change = async (turnOn: boolean) => {
    setBusy(true);
    try {
      const count = turnOn ? await turnOnPush() : await turnOffPush();
      setSubscribed(turnOn);
      queryClient.setQueryData<AlertSettings>(alertSettingsKey(), (old) =>
        old ? { ...old, pushDevices: count } : old,
      );
    } catch {
      notify.error(t(pushSupport() === 'denied' ? 'alerts.push.denied' : 'alerts.push.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="alert-settings__device mb-4">
      <p className="mb-2">{t('alerts.devices', { count: devices })}</p>
      {support === 'unsupported' ? <p className="mb-0">{t('alerts.push.unsupported')}</p> : null}
      {support === 'denied' ? <p className="mb-0">{t('alerts.push.denied')}</p> : null}
      {support === 'supported' && subscribed ? (
        <>
          <p className="mb-2">{t('alerts.push.on')}</p>
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill px-4"
            disabled={busy}
            onClick={() => void change(false)}
          >
            {t('alerts.push.turnOff')}
          </button>
        </>
      ) : null}
      {support === 'supported' && !subscribed ? (
        <button
          type="button"
          className="btn btn-primary rounded-pill px-4"
          disabled={busy}
          onClick={() => void change(true)}
        >
          {t('alerts.push.turnOn')}
        </button>
      ) : null}
    </div>
  );
}

function SettingsForm({ settings }: { settings: AlertSettings }) {
  const { t } = useI18n();
  const save = useSaveAlertSettings();
  const [channels, setChannels] = useState<Channels>(settings.channels as Channels);
  const [said, setSaid] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaid('');
    const changed = Object.fromEntries(
      ALERT_KINDS.filter((kind) => channels[kind] !== settings.channels[kind]).map((kind) => [
        kind,
        channels[kind],
      ]),
    );
    save.mutate(
      { channels: changed },
      {
        onSuccess: () => setSaid(t('alerts.saved')),
        onError: () => setSaid(t('alerts.saveFailed')),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="alert-settings">
      <ThisDevice devices={settings.pushDevices} />
      {ALERT_KINDS.map((kind) => (
        <fieldset key={kind} className="alert-settings__kind mb-3">
          <legend className="h6 mb-2">{t(`alerts.kind.${kind}`)}</legend>
          <div className="btn-group w-100" role="presentation">
            {ALERT_CHANNELS.map((channel) => {
              const id = `alert-${kind}-${channel}`;
              return (
                <span key={channel} className="flex-fill d-flex">
                  <input
                    type="radio"
                    className="btn-check"
                    name={`alert-${kind}`}
                    id={id}
                    value={channel}
                    checked={channels[kind] === channel}
                    onChange={() => setChannels((old) => ({ ...old, [kind]: channel }))}
                  />
                  <label className="btn btn-outline-primary flex-fill py-2" htmlFor={id}>
                    {t(`alerts.channel.${channel}`)}
                  </label>
                </span>
              );
            })}
          </div>
        </fieldset>
      ))}
      <button
        type="submit"
        className="btn btn-primary rounded-pill px-4 py-2 w-100"
        disabled={save.isPending}
      >
        {t('alerts.save')}
      </button>
      <p role="status" className="mt-3 mb-0">
        {said}
      </p>
    </form>
  );
}

/**
 * Notification settings (docs/decisions/0081-push-and-live.md): per kind of news, push, email or
 * off; and push on this device. Big targets, one column: made for a thumb on a phone.
 */
export function AlertSettingsScreen() {
  const { t } = useI18n();
  const settings = useAlertSettings();
  return (
    <SchoolPanel title={t('alerts.title')} lead={t('alerts.lead')}>
      {settings.isPending ? <LoadingState /> : null}
      {settings.isError ? (
        <FailureState error={settings.error} retry={() => void settings.refetch()} />
      ) : null}
      {settings.data ? <SettingsForm settings={settings.data} /> : null}
    </SchoolPanel>
  );
}
