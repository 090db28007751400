import '../../../styles/fees.css';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type {
  AuditEntry,
  FeePlan,
  OverdueRow,
  Payment,
  TermOverviewRow,
} from '../../../../shared/api/fees.js';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText, SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { isApiError } from '../../../lib/api-client.js';
import { parseId } from '../../../lib/school/format.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import {
  downloadLedger,
  downloadReminderLetter,
  useAudit,
  useIssueInvoices,
  useOverdue,
  useOverview,
  usePlans,
  useSendReminder,
  useStatement,
  useStudentFees,
  useVoidPayment,
} from '../api/fees.js';
import { PlanForm } from './PlanForm.js';
import { PlanInvoices } from './PlanInvoices.js';
import { balanceText, Day, Money, ReasonForm, ReceiptLink } from './pieces.js';

export const PAYMENT_TITLE = 'Fee ledger';

export const LEDGER_TABS = {
  overview: 'Overview',
  plans: 'Plans',
  overdue: 'Overdue',
  statement: 'Statement',
  audit: 'Audit log',
} as const;
type Tab = keyof typeof LEDGER_TABS;
const tabOf = (value: string | null): Tab =>
  value !== null && value in LEDGER_TABS ? (value as Tab) : 'overview';

export const issuedText = (created: number) => `${created} ${created === 1 ? 'invoice' : 'invoices'} created`;

const errorText = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/** Per class and term: billed, collected, outstanding (`GET admin/fees/overview`). */
function Overview() {
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

function StatementLink({ studentId, name }: { studentId: number; name: string }) {
  return (
    <Link to={`?tab=statement&student=${studentId}`}>
      {name} <HiddenText>(statement)</HiddenText>
    </Link>
  );
}

/** The plans, a form for a new one, issuing a plan's invoices, and the open plan's invoices (`?plan=`). */
function Plans({ currency }: { currency: string }) {
  const plans = usePlans();
  const issue = useIssueInvoices();
  const [params, setParams] = useSearchParams();
  const open = parseId(params.get('plan'));
  const openPlan = plans.data?.find((plan) => plan.id === open);
  const [editingId, setEditingId] = useState<number | undefined>();
  const editing = plans.data?.find((plan) => plan.id === editingId);

  const issueFor = (plan: FeePlan) =>
    issue.mutate(plan.id, {
      onSuccess: (created) => notify.success(issuedText(created)),
      onError: (error) => notify.error(errorText(error, 'The invoices could not be issued.')),
    });

  return (
    <>
      <QueryState query={plans} empty="No fee plans yet.">
        {(rows) => (
          <SchoolTable<FeePlan>
            label="Fee plans"
            rows={rows}
            rowKey={(plan) => plan.id}
            columns={[
              { header: 'Plan', cell: (plan) => plan.name },
              { header: 'Class', cell: (plan) => plan.className },
              { header: 'Term', cell: (plan) => plan.term },
              { header: 'Due', cell: (plan) => <Day value={plan.dueDate} /> },
              {
                header: 'Total',
                cellClassName: 'text-end',
                cell: (plan) => <Money amount={plan.total} currency={plan.currency} />,
              },
              { header: 'Invoices', cellClassName: 'text-end', cell: (plan) => plan.invoices },
              {
                header: <HiddenText>Actions</HiddenText>,
                cell: (plan) => (
                  <div className="d-flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-sm btn-primary rounded-pill"
                      disabled={issue.isPending}
                      onClick={() => issueFor(plan)}
                    >
                      Issue invoices <HiddenText>of {plan.name}</HiddenText>
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary rounded-pill"
                      aria-pressed={plan.id === open}
                      onClick={() =>
                        setParams(
                          (current) => {
                            const next = new URLSearchParams(current);
                            next.set('plan', String(plan.id));
                            return next;
                          },
                          { replace: true },
                        )
                      }
                    >
                      Show invoices <HiddenText>of {plan.name}</HiddenText>
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary rounded-pill"
                      aria-pressed={plan.id === editingId}
                      onClick={() => setEditingId(plan.id)}
                    >
                      Edit <HiddenText>{plan.name}</HiddenText>
                    </button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {openPlan ? (
        <PlanInvoices
          key={openPlan.id}
          plan={openPlan}
          statementLink={(studentId, name) => <StatementLink studentId={studentId} name={name} />}
        />
      ) : null}
      {editing ? (
        <PlanForm
          key={editing.id}
          currency={currency}
          plan={editing}
          onDone={() => setEditingId(undefined)}
        />
      ) : (
        <PlanForm currency={currency} />
      )}
    </>
  );
}

/** Invoices past their due date with something owed; a reminder by mail, or a letter to print. */
function Overdue() {
  const overdue = useOverdue();
  const remind = useSendReminder();
  const timeZone = useSettings().data?.timeZone;
  const when = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone }).format(new Date(iso));
  return (
    <QueryState query={overdue} empty="Nothing is overdue.">
      {(rows) => (
        <SchoolTable<OverdueRow>
          label="Overdue invoices"
          rows={rows}
          rowKey={(row) => row.invoiceId}
          columns={[
            {
              header: 'Pupil',
              cell: (row) =>
                row.studentId === null ? (
                  row.studentName
                ) : (
                  <StatementLink studentId={row.studentId} name={row.studentName} />
                ),
            },
            { header: 'Class', cell: (row) => row.className },
            { header: 'Plan', cell: (row) => row.planName },
            {
              header: 'Outstanding',
              cellClassName: 'text-end',
              cell: (row) => <Money amount={row.outstanding} currency={row.currency} />,
            },
            { header: 'Due', cell: (row) => <Day value={row.dueDate} /> },
            {
              header: 'Days overdue',
              cellClassName: 'text-end',
              cell: (row) => row.daysOverdue,
            },
            {
              header: 'Last reminder',
              cell: (row) => (row.lastReminderAt ? when(row.lastReminderAt) : 'None yet'),
            },
            {
              header: <HiddenText>Reminders</HiddenText>,
              cell: (row) => (
                <div className="d-flex flex-wrap gap-2 align-items-center">
                  <button
                    type="button"
                    className="btn btn-sm btn-primary rounded-pill"
                    disabled={!row.canEmail || remind.isPending}
                    aria-describedby={row.canEmail ? undefined : `no-email-${row.invoiceId}`}
                    onClick={() =>
                      remind.mutate(row.invoiceId, {
                        onSuccess: (emailed) =>
                          notify.success(
                            `Reminder sent to ${emailed} ${emailed === 1 ? 'guardian' : 'guardians'} of ${row.studentName}.`,
                          ),
                        onError: (error) => notify.error(errorText(error, 'The reminder could not be sent.')),
                      })
                    }
                  >
                    Email reminder <HiddenText>to {row.studentName}’s guardians</HiddenText>
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary rounded-pill"
                    onClick={() =>
                      downloadReminderLetter(row.invoiceId).catch((error: unknown) =>
                        notify.error(errorText(error, 'The letter could not be made.')),
                      )
                    }
                  >
                    Print letter <HiddenText>for {row.studentName}</HiddenText>
                  </button>
                  {row.canEmail ? null : (
                    <span id={`no-email-${row.invoiceId}`} className="small text-body-secondary">
                      No guardian has an email: print the letter.
                    </span>
                  )}
                </div>
              ),
            },
          ]}
        />
      )}
    </QueryState>
  );
}

/** A pupil's payments with their receipts; one that is not voided can be voided with a reason. */
function PupilPayments({ studentId }: { studentId: number }) {
  const fees = useStudentFees(studentId);
  const voidPayment = useVoidPayment();
  const [voiding, setVoiding] = useState<Payment | undefined>();
  return (
    <>
      <h3 className="h5 mt-4">Payments</h3>
      <QueryState
        query={fees}
        isEmpty={(data) => data.payments.length === 0}
        empty="No payments recorded for this pupil."
      >
        {(data) => (
          <SchoolTable<Payment>
            label={`Payments of ${data.studentName}`}
            rows={data.payments}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Receipt', cell: (row) => `No. ${row.receiptNo}` },
              { header: 'Paid on', cell: (row) => <Day value={row.paidOn} /> },
              {
                header: 'Amount',
                cellClassName: 'text-end',
                cell: (row) => <Money amount={row.amount} currency={row.currency} />,
              },
              {
                header: 'Method',
                cell: (row) =>
                  `${PAYMENT_METHOD_LABELS[row.method]}${row.reference ? ` (${row.reference})` : ''}`,
              },
              {
                header: 'State',
                cell: (row) => (row.voidedAt ? `Voided: ${row.voidReason ?? ''}` : 'Recorded'),
              },
              {
                header: <HiddenText>Actions</HiddenText>,
                cell: (row) => (
                  <div className="d-flex flex-wrap gap-2 align-items-center">
                    <ReceiptLink paymentId={row.id} receiptNo={row.receiptNo} />
                    {row.voidedAt ? null : (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger rounded-pill"
                        onClick={() => setVoiding(row)}
                      >
                        Void <HiddenText>receipt No. {row.receiptNo}</HiddenText>
                      </button>
                    )}
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {voiding ? (
        <ReasonForm
          key={voiding.id}
          title={`Void the payment of receipt No. ${voiding.receiptNo}`}
          submitLabel="Void payment"
          busy={voidPayment.isPending}
          onClose={() => setVoiding(undefined)}
          onSubmit={async (reason) => {
            await voidPayment.mutateAsync({ paymentId: voiding.id, reason });
            notify.success(`The payment of receipt No. ${voiding.receiptNo} is voided.`);
            setVoiding(undefined);
          }}
        />
      ) : null}
    </>
  );
}

/** A pupil's statement (`GET admin/fees/statement/{id}`): every money event with the running balance. */
function Statement({ studentId }: { studentId: number | undefined }) {
  const statement = useStatement(studentId);
  const timeZone = useSettings().data?.timeZone;
  if (studentId === undefined)
    return (
      <p className="school-state school-state--empty">
        Choose a pupil by their name in a plan’s invoices or in the overdue list.
      </p>
    );
  return (
    <>
      <QueryState query={statement} isEmpty={() => false}>
        {(data) => (
          <>
            <h3 className="h5">
              Statement of {data.studentName}: {balanceText(data.balance, data.currency)}
            </h3>
            {data.entries.length === 0 ? (
              <p className="school-state school-state--empty">Nothing billed or paid yet.</p>
            ) : (
              <SchoolTable
                label={`Statement of ${data.studentName}`}
                rows={data.entries}
                rowKey={(row) => `${row.kind}-${row.invoiceId}-${row.paymentId}-${row.date}`}
                columns={[
                  { header: 'Date', cell: (row) => <Day value={row.date} timeZone={timeZone} /> },
                  { header: 'What', cell: (row) => row.description },
                  {
                    header: 'Amount',
                    cellClassName: 'text-end',
                    cell: (row) =>
                      row.amount < 0 ? (
                        <>
                          − <Money amount={-row.amount} currency={data.currency} />
                        </>
                      ) : (
                        <Money amount={row.amount} currency={data.currency} />
                      ),
                  },
                  {
                    header: 'Balance',
                    cellClassName: 'text-end',
                    cell: (row) => balanceText(row.balance, data.currency),
                  },
                ]}
              />
            )}
          </>
        )}
      </QueryState>
      <PupilPayments studentId={studentId} />
    </>
  );
}

const changeText = (value: unknown): string =>
  value === null || value === undefined ? '—' : JSON.stringify(value);

/** Every change to money, newest first (`GET admin/fees/audit?page=`). */
function Audit() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const timeZone = useSettings().data?.timeZone;
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
                cell: (row) =>
                  new Intl.DateTimeFormat('en-GB', {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                    timeZone,
                  }).format(new Date(row.at)),
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

/**
 * Payment, /payment (docs/decisions/0026-fees.md): the school's fee ledger for the principal. The
 * section and the open plan or pupil live in the address (`?tab=&plan=&student=`).
 */
export function PaymentScreen() {
  const [params] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const currency = useSettings().data?.currency ?? 'USD';
  const [exporting, setExporting] = useState(false);

  const exportCsv = async (): Promise<void> => {
    setExporting(true);
    try {
      await downloadLedger();
    } catch (error) {
      notify.error(errorText(error, 'The export failed.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <SchoolPanel
      title={PAYMENT_TITLE}
      lead="Fee plans per class and term, invoices, payments and receipts."
      actions={
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill px-4"
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          Export CSV
        </button>
      }
    >
      <nav aria-label="Ledger sections">
        <ul className="nav nav-pills fees-tabs mb-3">
          {(Object.keys(LEDGER_TABS) as Tab[]).map((key) => (
            <li key={key} className="nav-item">
              <Link
                to={`?tab=${key}`}
                replace
                className={`nav-link${key === tab ? ' active' : ''}`}
                aria-current={key === tab ? 'page' : undefined}
              >
                {LEDGER_TABS[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'overview' ? <Overview /> : null}
      {tab === 'plans' ? <Plans currency={currency} /> : null}
      {tab === 'overdue' ? <Overdue /> : null}
      {tab === 'statement' ? (
        <Statement key={params.get('student')} studentId={parseId(params.get('student'))} />
      ) : null}
      {tab === 'audit' ? <Audit /> : null}
    </SchoolPanel>
  );
}
