import type { TermOverviewRow } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useOverview } from '../api/fees.js';
import { Money } from './pieces.js';

/** Per class and term: billed, collected, outstanding (`GET admin/fees/overview`). */
export default function Overview() {
  const overview = useOverview();
  return (
    <QueryState query={overview} empty="No invoices yet. Make a plan and issue its invoices.">
      {(rows) => (
        <SchoolTable<TermOverviewRow>
          label="Fees per class and term"
          rows={rows}
          rowKey={(row) => `${row.classId}-${row.term}-${row.currency}`}
          columns={[
            { header: 'Class', cell: (row) => row.className },
            { header: 'Term', cell: (row) => row.term },
            { header: 'Invoices', cellClassName: 'text-end', cell: (row) => row.invoices },
            {
              header: 'Billed',
              cellClassName: 'text-end',
              cell: (row) => <Money amount={row.billed} currency={row.currency} />,
            },
            {
              header: 'Collected',
              cellClassName: 'text-end',
              cell: (row) => <Money amount={row.collected} currency={row.currency} />,
            },
            {
              header: 'Outstanding',
              cellClassName: 'text-end',
              cell: (row) => <Money amount={row.outstanding} currency={row.currency} />,
            },
          ]}
        />
      )}
    </QueryState>
  );
}
