import type { TermOverviewRow } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useI18n } from '../../../lib/i18n.js';
import { useOverview } from '../api/fees.js';
import { Money } from './pieces.js';

/** Per class and term: billed, collected, outstanding (`GET admin/fees/overview`). */
export default function Overview() {
  const { t } = useI18n();
  const overview = useOverview();
  return (
    <QueryState query={overview} empty={t('payments.overview.empty')}>
      {(rows) => (
        <SchoolTable<TermOverviewRow>
          label={t('payments.overview.label')}
          rows={rows}
          rowKey={(row) => `${row.classId}-${row.term}-${row.currency}`}
          columns={[
            { header: t('payments.column.class'), cell: (row) => row.className },
            { header: t('payments.column.term'), cell: (row) => row.term },
            { header: t('payments.column.invoices'), cellClassName: 'text-end', cell: (row) => row.invoices },
            {
              header: t('payments.column.billed'),
              cellClassName: 'text-end',
              cell: (row) => <Money amount={row.billed} currency={row.currency} />,
            },
            {
              header: t('payments.column.collected'),
              cellClassName: 'text-end',
              cell: (row) => <Money amount={row.collected} currency={row.currency} />,
            },
            {
              header: t('payments.column.outstanding'),
              cellClassName: 'text-end',
              cell: (row) => <Money amount={row.outstanding} currency={row.currency} />,
            },
          ]}
        />
      )}
    </QueryState>
  );
}
