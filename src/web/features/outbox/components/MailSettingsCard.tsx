import { useId } from 'react';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import { useMailSettings, useSaveMailSettings } from '../api/mail-settings.js';
import { OUTBOX_TEXTS } from './texts.js';

/** The principal's mail settings: for now, whether absence alerts go out. Saved on every change. */
export function MailSettingsCard() {
  const { t } = useI18n();
  const id = useId();
  const settings = useMailSettings();
  const save = useSaveMailSettings();

  const change = (absenceAlerts: boolean): void =>
    save.mutate(
      { absenceAlerts },
      {
        onSuccess: () => notify.success(t(OUTBOX_TEXTS.settingsSaved)),
        onError: (error) =>
          notify.error(
            isApiError(error)
              ? t(OUTBOX_TEXTS.failedWith, { reason: error.message })
              : t(OUTBOX_TEXTS.failed),
          ),
      },
    );

  return (
    <SchoolPanel title={t(OUTBOX_TEXTS.settingsTitle)} lead={t(OUTBOX_TEXTS.settingsLead)}>
      <QueryState query={settings} isEmpty={() => false}>
        {(data) => {
          // While a change is saved, the switch shows it; a failure puts the stored value back.
          const on = save.isPending ? save.variables.absenceAlerts : data.absenceAlerts;
          return (
            <div className="form-check form-switch outbox-switch">
              <input
                id={`${id}-absence`}
                type="checkbox"
                role="switch"
                aria-checked={on}
                className="form-check-input"
                checked={on}
                disabled={save.isPending}
                onChange={(event) => change(event.target.checked)}
              />
              <label className="form-check-label" htmlFor={`${id}-absence`}>
                {t(OUTBOX_TEXTS.absenceAlerts)}
              </label>
            </div>
          );
        }}
      </QueryState>
    </SchoolPanel>
  );
}
