import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FeePlan } from '../../../../shared/api/fees.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import { useSchoolYears } from '../../../lib/school/get-school-years.js';
import { notify } from '../../../lib/toast.js';
import { useIssueInvoices, usePlans } from '../api/fees.js';
import { PlanForm } from './PlanForm.js';
import { PlanInvoices } from './PlanInvoices.js';
import { Day, errorText, hiddenPart, issuedText, Money, StatementLink } from './pieces.js';

/** The plans, a form for a new one, issuing a plan's invoices, and the open plan's invoices (`?plan=`). */
export default function Plans({ currency }: { currency: string }) {
  const { t, parts } = useI18n();
  const plans = usePlans();
  const years = useSchoolYears();
  const yearOfTerm = new Map(
    (years.data ?? []).flatMap((year) => year.terms.map((term) => [term.id, year.name] as const)),
  );
  const issue = useIssueInvoices();
  const [params, setParams] = useSearchParams();
  const open = parseId(params.get('plan'));
  const openPlan = plans.data?.find((plan) => plan.id === open);
  const [editingId, setEditingId] = useState<number | undefined>();
  const editing = plans.data?.find((plan) => plan.id === editingId);

  const issueFor = (plan: FeePlan) =>
    issue.mutate(plan.id, {
      onSuccess: (created) => notify.success(issuedText(created, t)),
      onError: (error) => notify.error(errorText(error, t('payments.plans.issueFailed'))),
    });

  return (
    <>
      <QueryState query={plans} empty={t('payments.plans.empty')}>
        {(rows) => (
          <SchoolTable<FeePlan>
            label={t('payments.plans.label')}
            rows={rows}
            rowKey={(plan) => plan.id}
            columns={[
              { header: t('payments.column.plan'), cell: (plan) => plan.name },
              { header: t('payments.column.class'), cell: (plan) => plan.className },
              { header: t('payments.column.term'), cell: (plan) => plan.term },
              {
                header: t('payments.column.year'),
                cell: (plan) =>
                  plan.termId === null ? (
                    <span className="text-body-secondary">{t('payments.plans.notInYear')}</span>
                  ) : (
                    (yearOfTerm.get(plan.termId) ?? '')
                  ),
              },
              { header: t('payments.column.due'), cell: (plan) => <Day value={plan.dueDate} /> },
              {
                header: t('payments.column.total'),
                cellClassName: 'text-end',
                cell: (plan) => <Money amount={plan.total} currency={plan.currency} />,
              },
              {
                header: t('payments.column.invoices'),
                cellClassName: 'text-end',
                cell: (plan) => plan.invoices,
              },
              {
                header: <HiddenText>{t('payments.column.actions')}</HiddenText>,
                cell: (plan) => (
                  <div className="d-flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-sm btn-primary rounded-pill"
                      disabled={issue.isPending}
                      onClick={() => issueFor(plan)}
                    >
                      {parts('payments.plans.issue', { name: plan.name, hidden: hiddenPart })}
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
                      {parts('payments.plans.show', { name: plan.name, hidden: hiddenPart })}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary rounded-pill"
                      aria-pressed={plan.id === editingId}
                      onClick={() => setEditingId(plan.id)}
                    >
                      {parts('payments.plans.edit', { name: plan.name, hidden: hiddenPart })}
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
