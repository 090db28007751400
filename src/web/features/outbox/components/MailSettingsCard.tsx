import { useId } from 'react';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { isApiError } from '../../../lib/api-client.js';
import { notify } from '../../../lib/toast.js';
import { useMailSettings, useSaveMailSettings } from '../api/mail-settings.js';
import { OUTBOX_TEXTS } from './texts.js';

/** The principal's mail settings: for now, whether absence alerts go out. Saved on every change. */
export function MailSettingsCard() {
  const id = useId();
  const settings = useMailSettings();
  const save = useSaveMailSettings();

  const change = (absenceAlerts: boolean): void =>
    save.mutate(
      { absenceAlerts },
      {
        onSuccess: () => notify.success(OUTBOX_TEXTS.settingsSaved),
        onError: (error) =>
          notify.error(isApiError(error) ? `${OUTBOX_TEXTS.failed} ${error.message}` : OUTBOX_TEXTS.failed),
      },
    );

  return (
    <SchoolPanel title={OUTBOX_TEXTS.settingsTitle} lead={OUTBOX_TEXTS.settingsLead}>
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
                {OUTBOX_TEXTS.absenceAlerts}
              </label>
            </div>
          );
        }}
      </QueryState>
    </SchoolPanel>
  );
}
