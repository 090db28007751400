import { useState } from 'react';
import type { AuditEntry } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { formatWhen, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useAudit } from '../api/fees.js';

const changeText = (value: unknown): string =>
  value === null || value === undefined ? '—' : JSON.stringify(value);

/** Every change to money, newest first (`GET admin/fees/audit?page=`). */
export default function Audit() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const timeZone = useSchoolTimeZone();
  const data = audit.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <>
      <QueryState query={audit} isEmpty={(body) => body.data.length === 0} empty="No changes to money yet.">
        {(body) => (
          <SchoolTable<AuditEntry>
            label="Audit log of money"
            rows={body.data}
            rowKey={(row) => row.id}
            columns={[
              {
                header: 'When',
                cell: (row) => (
                  <time dateTime={row.at} className="text-nowrap">
                    {formatWhen(row.at, timeZone)}
                  </time>
                ),
              },
              { header: 'Who', cell: (row) => row.actor },
              { header: 'What', cell: (row) => `${row.action} ${row.entity} ${row.entityId}` },
              {
                header: 'Before',
                cell: (row) => <code className="fees-change">{changeText(row.before)}</code>,
              },
              {
                header: 'After',
                cell: (row) => <code className="fees-change">{changeText(row.after)}</code>,
              },
            ]}
          />
        )}
      </QueryState>
      {pages > 1 ? (
        <nav className="d-flex gap-2 align-items-center mt-2" aria-label="Pages of the audit log">
          <button
            type="button"
            className="btn btn-sm btn-outline-primary rounded-pill"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary rounded-pill"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </>
  );
}
