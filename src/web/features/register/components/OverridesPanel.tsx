import { useId, useState } from 'react';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolDateField } from '../../../components/school/SchoolField.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { addDaysIso, formatDayTime } from '../../../lib/school-time.js';
import { type CheckoutOverride, useCheckoutOverrides } from '../api/get-checkout-overrides.js';

export const OVERRIDES_TEXTS = {
  title: 'Collected by someone not on the list',
  lead: 'Check-outs a teacher confirmed with a written reason, newest first.',
  none: 'No child was collected by someone not on their list in these days.',
} as const;

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
  const [from, setFrom] = useState(() => addDaysIso(today, -OVERRIDE_DAYS));
  const [to, setTo] = useState(today);
  const overrides = useCheckoutOverrides(from, to);

  return (
    <SchoolPanel title={OVERRIDES_TEXTS.title} lead={OVERRIDES_TEXTS.lead} className="register-overrides">
      <div className="attendance-toolbar register-toolbar">
        <SchoolDateField id={`${id}-from`} label="From" value={from} max={to} onChange={setFrom} />
        <SchoolDateField id={`${id}-to`} label="To" value={to} min={from} max={today} onChange={setTo} />
      </div>
      <QueryState query={overrides} empty={OVERRIDES_TEXTS.none}>
        {(rows) => (
          <SchoolTable<CheckoutOverride>
            label={OVERRIDES_TEXTS.title}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                header: 'When',
                cell: (row) => formatDayTime(row.at, timeZone),
                cellClassName: 'register-overrides__when',
              },
              { header: 'Pupil', cell: (row) => row.studentName },
              { header: 'Class', cell: (row) => row.className ?? '—' },
              { header: 'Collected by', cell: (row) => row.collectedBy ?? '—' },
              { header: 'Reason', cell: (row) => row.reason ?? '—' },
              { header: 'Recorded by', cell: (row) => row.recordedBy },
            ]}
          />
        )}
      </QueryState>
    </SchoolPanel>
  );
}
