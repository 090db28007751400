import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FeePlan } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { parseId } from '../../../lib/school/format.js';
import { notify } from '../../../lib/toast.js';
import { useIssueInvoices, usePlans } from '../api/fees.js';
import { PlanForm } from './PlanForm.js';
import { PlanInvoices } from './PlanInvoices.js';
import { Day, errorText, issuedText, Money, StatementLink } from './pieces.js';

/** The plans, a form for a new one, issuing a plan's invoices, and the open plan's invoices (`?plan=`). */
export default function Plans({ currency }: { currency: string }) {
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
