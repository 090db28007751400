import { useId, useState } from 'react';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolDateField } from '../../../components/school/SchoolField.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useI18n } from '../../../lib/i18n.js';
import { addDaysIso, formatDayTime } from '../../../lib/school-time.js';
import { type CheckoutOverride, useCheckoutOverrides } from '../api/get-checkout-overrides.js';

/** How far back the list starts. */
export const OVERRIDE_DAYS = 30;

export interface OverridesPanelProps {
  today: string;
  timeZone: string | undefined;
}

/**
 * For the principal (docs/decisions/0021-families.md#staff-screens): every check-out to a person who
 * is neither a guardian nor an authorised pick-up, with the teacher's reason and name.
 */
export function OverridesPanel({ today, timeZone }: OverridesPanelProps) {
  const id = useId();
  const { t, locale } = useI18n();
  const [from, setFrom] = useState(() => addDaysIso(today, -OVERRIDE_DAYS));
  const [to, setTo] = useState(today);
  const overrides = useCheckoutOverrides(from, to);

  return (
    <SchoolPanel
      title={t('register.overrides.title')}
      lead={t('register.overrides.lead')}
      className="register-overrides"
    >
      <div className="attendance-toolbar register-toolbar">
        <SchoolDateField
          id={`${id}-from`}
          label={t('register.overrides.from')}
          value={from}
          max={to}
          onChange={setFrom}
        />
        <SchoolDateField
          id={`${id}-to`}
          label={t('register.overrides.to')}
          value={to}
          min={from}
          max={today}
          onChange={setTo}
        />
      </div>
      <QueryState query={overrides} empty={t('register.overrides.none')}>
        {(rows) => (
          <SchoolTable<CheckoutOverride>
            label={t('register.overrides.title')}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                header: t('register.overrides.when'),
                cell: (row) => formatDayTime(row.at, timeZone, locale),
                cellClassName: 'register-overrides__when',
              },
              { header: t('register.overrides.pupil'), cell: (row) => row.studentName },
              { header: t('register.overrides.class'), cell: (row) => row.className ?? '—' },
              { header: t('register.overrides.collectedBy'), cell: (row) => row.collectedBy ?? '—' },
              { header: t('register.overrides.reason'), cell: (row) => row.reason ?? '—' },
              { header: t('register.overrides.recordedBy'), cell: (row) => row.recordedBy },
            ]}
          />
        )}
      </QueryState>
    </SchoolPanel>
  );
}
