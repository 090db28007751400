import '../../../styles/fees.css';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import { downloadLedger } from '../api/fees.js';
import { errorText } from './pieces.js';

/** The ledger's sections in their order, each with its name's message. */
export const LEDGER_TABS = {
  overview: 'payments.ledger.tab.overview',
  plans: 'payments.ledger.tab.plans',
  overdue: 'payments.ledger.tab.overdue',
  statement: 'payments.ledger.tab.statement',
  audit: 'payments.ledger.tab.audit',
} as const satisfies Record<string, MessageKey>;
type Tab = keyof typeof LEDGER_TABS;
const tabOf = (value: string | null): Tab =>
  value !== null && value in LEDGER_TABS ? (value as Tab) : 'overview';

// One file per section, each loaded with its tab.
const Overview = lazy(() => import('./OverviewTab.js'));
const Plans = lazy(() => import('./PlansTab.js'));
const Overdue = lazy(() => import('./OverdueTab.js'));
const Statement = lazy(() => import('./StatementTab.js'));
const Audit = lazy(() => import('./AuditTab.js'));

/**
 * Payment, /payment (docs/decisions/0026-fees.md): the school's fee ledger for the principal. The
 * section and the open plan or pupil live in the address (`?tab=&plan=&student=`).
 */
export function PaymentScreen() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const currency = useSettings().data?.currency ?? 'USD';
  const [exporting, setExporting] = useState(false);

  const exportCsv = async (): Promise<void> => {
    setExporting(true);
    try {
      await downloadLedger();
    } catch (error) {
      notify.error(errorText(error, t('payments.ledger.exportFailed')));
    } finally {
      setExporting(false);
    }
  };

  return (
    <SchoolPanel
      title={t('payments.ledger.title')}
      lead={t('payments.ledger.lead')}
      actions={
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill px-4"
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          {t('payments.ledger.export')}
        </button>
      }
    >
      <nav aria-label={t('payments.ledger.sections')}>
        <ul className="nav nav-pills fees-tabs mb-3">
          {(Object.keys(LEDGER_TABS) as Tab[]).map((key) => (
            <li key={key} className="nav-item">
              <Link
                to={`?tab=${key}`}
                replace
                className={`nav-link${key === tab ? ' active' : ''}`}
                aria-current={key === tab ? 'page' : undefined}
              >
                {t(LEDGER_TABS[key])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<LoadingState />}>
        {tab === 'overview' ? <Overview /> : null}
        {tab === 'plans' ? <Plans currency={currency} /> : null}
        {tab === 'overdue' ? <Overdue /> : null}
        {tab === 'statement' ? (
          <Statement key={params.get('student')} studentId={parseId(params.get('student'))} />
        ) : null}
        {tab === 'audit' ? <Audit /> : null}
      </Suspense>
    </SchoolPanel>
  );
}
