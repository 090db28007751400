import { useState } from 'react';
import type { AuditEntry } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatWhen, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useAudit } from '../api/fees.js';

const changeText = (value: unknown): string =>
  value === null || value === undefined ? '—' : JSON.stringify(value);

/** Every change to money, newest first (`GET admin/fees/audit?page=`). */
export default function Audit() {
  const { t, locale } = useI18n();
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const timeZone = useSchoolTimeZone();
  const data = audit.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <>
      <QueryState query={audit} isEmpty={(body) => body.data.length === 0} empty={t('payments.audit.empty')}>
        {(body) => (
          <SchoolTable<AuditEntry>
            label={t('payments.audit.label')}
            rows={body.data}
            rowKey={(row) => row.id}
            columns={[
              {
                header: t('payments.column.when'),
                cell: (row) => (
                  <time dateTime={row.at} className="text-nowrap">
                    {formatWhen(row.at, timeZone, locale)}
                  </time>
                ),
              },
              { header: t('payments.column.who'), cell: (row) => row.actor },
              {
                header: t('payments.column.what'),
                cell: (row) => `${row.action} ${row.entity} ${row.entityId}`,
              },
              {
                header: t('payments.column.before'),
                cell: (row) => <code className="fees-change">{changeText(row.before)}</code>,
              },
              {
                header: t('payments.column.after'),
                cell: (row) => <code className="fees-change">{changeText(row.after)}</code>,
              },
            ]}
          />
        )}
      </QueryState>
      {pages > 1 ? (
        <nav className="d-flex gap-2 align-items-center mt-2" aria-label={t('payments.audit.pages')}>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary rounded-pill"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('payments.audit.previous')}
          </button>
          <span>{t('payments.audit.page', { page, pages })}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary rounded-pill"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('payments.audit.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
