import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AuditEntrySchema,
  type DiscountInput,
  DiscountSchema,
  type FeePlanInput,
  FeePlanSchema,
  IDEMPOTENCY_HEADER,
  InvoiceSchema,
  IssuedInvoicesSchema,
  OverdueRowSchema,
  type PaymentInput,
  PaymentSchema,
  ReminderSentSchema,
  StatementSchema,
  StudentFeesSchema,
  TermOverviewRowSchema,
} from '../../../../shared/api/fees.js';
import { apiClient } from '../../../lib/api-client.js';
import { downloadApiFile } from '../../../lib/download.js';

/**
 * Every fees query sits under this key, so that a change to money loads them all again; it starts
 * with 'school' like the rest of the school area's keys (lib/school/query-keys.ts), so logging out
 * drops them.
 */
export const feesKey = ['school', 'fees'] as const;
const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

// ---------------------------------------------------------------- reads

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: [...feesKey, 'overview'],
    queryFn: async ({ signal }) =>
      (await apiClient.get('admin/fees/overview', { signal, schema: dataOf(z.array(TermOverviewRowSchema)) }))
        .data,
  });
export const useOverview = () => useQuery(overviewQueryOptions());

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: [...feesKey, 'plans'],
    queryFn: async ({ signal }) =>
      (await apiClient.get('admin/fee-plans', { signal, schema: dataOf(z.array(FeePlanSchema)) })).data,
  });
export const usePlans = () => useQuery(plansQueryOptions());

export const usePlanInvoices = (planId: number) =>
  useQuery({
    queryKey: [...feesKey, 'plan-invoices', planId],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get(`admin/fee-plans/${planId}/invoices`, {
          signal,
          schema: dataOf(z.array(InvoiceSchema)),
        })
      ).data,
  });

export const usePlanDiscounts = (planId: number) =>
  useQuery({
    queryKey: [...feesKey, 'plan-discounts', planId],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get(`admin/fee-plans/${planId}/discounts`, {
          signal,
          schema: dataOf(z.array(DiscountSchema)),
        })
      ).data,
  });

export const useOverdue = () =>
  useQuery({
    queryKey: [...feesKey, 'overdue'],
    queryFn: async ({ signal }) =>
      (await apiClient.get('admin/fees/overdue', { signal, schema: dataOf(z.array(OverdueRowSchema)) })).data,
  });

export const useStatement = (studentId: number | undefined) =>
  useQuery({
    queryKey: [...feesKey, 'statement', studentId],
    enabled: studentId !== undefined,
    queryFn: async ({ signal }) =>
      (await apiClient.get(`admin/fees/statement/${studentId}`, { signal, schema: dataOf(StatementSchema) }))
        .data,
  });

const AuditPageSchema = z.object({
  data: z.array(AuditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export const useAudit = (page: number) =>
  useQuery({
    queryKey: [...feesKey, 'audit', page],
    queryFn: ({ signal }) =>
      apiClient.get(`admin/fees/audit?page=${page}`, { signal, schema: AuditPageSchema }),
  });

/** `GET fees/student/{id}`: a pupil's invoices, payments and balance (the principal, the guardians). */
export const useStudentFees = (studentId: number) =>
  useQuery({
    queryKey: [...feesKey, 'student', studentId],
    queryFn: async ({ signal }) =>
      (await apiClient.get(`fees/student/${studentId}`, { signal, schema: dataOf(StudentFeesSchema) })).data,
  });

// ---------------------------------------------------------------- changes

/** A change to money; afterwards every fees view loads again (sums, lists, statements, the audit). */
function useFeesMutation<Variables, T>(mutationFn: (variables: Variables) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: feesKey }) });
}

export const useCreatePlan = () =>
  useFeesMutation(
    async (input: FeePlanInput) =>
      (await apiClient.post('admin/fee-plans', input, { schema: dataOf(FeePlanSchema) })).data,
  );

/**
 * `PUT admin/fee-plans/{id}`: the whole plan again. Once it has invoices only its name, term and
 * due date may differ from what it was (else 409 PLAN_HAS_INVOICES).
 */
export const useUpdatePlan = () =>
  useFeesMutation(
    async ({ planId, input }: { planId: number; input: FeePlanInput }) =>
      (await apiClient.put(`admin/fee-plans/${planId}`, input, { schema: dataOf(FeePlanSchema) })).data,
  );

export const useIssueInvoices = () =>
  useFeesMutation(
    async (planId: number) =>
      (
        await apiClient.post(`admin/fee-plans/${planId}/invoices`, undefined, {
          schema: IssuedInvoicesSchema,
        })
      ).data.created,
  );

export const useSetDiscount = () =>
  useFeesMutation(
    async ({ planId, studentId, input }: { planId: number; studentId: number; input: DiscountInput }) =>
      (
        await apiClient.put(`admin/fee-plans/${planId}/discounts/${studentId}`, input, {
          schema: dataOf(DiscountSchema),
        })
      ).data,
  );

export const useRemoveDiscount = () =>
  useFeesMutation(({ planId, studentId }: { planId: number; studentId: number }) =>
    apiClient.delete(`admin/fee-plans/${planId}/discounts/${studentId}`),
  );

export const useCancelInvoice = () =>
  useFeesMutation(
    async ({ invoiceId, reason }: { invoiceId: number; reason: string }) =>
      (
        await apiClient.post(
          `fees/invoices/${invoiceId}/cancel`,
          { reason },
          { schema: dataOf(InvoiceSchema) },
        )
      ).data,
  );

/**
 * `POST fees/payments` with the submission's Idempotency-Key: the form makes one key per
 * submission, so a double click or a retry of the same submission records one payment only.
 */
export const useRecordPayment = () =>
  useFeesMutation(
    async ({ input, key }: { input: PaymentInput; key: string }) =>
      (
        await apiClient.post('fees/payments', input, {
          schema: dataOf(PaymentSchema),
          headers: { [IDEMPOTENCY_HEADER]: key },
        })
      ).data,
  );

export const useVoidPayment = () =>
  useFeesMutation(
    async ({ paymentId, reason }: { paymentId: number; reason: string }) =>
      (await apiClient.post(`fees/payments/${paymentId}/void`, { reason }, { schema: dataOf(PaymentSchema) }))
        .data,
  );

export const useSendReminder = () =>
  useFeesMutation(
    async (invoiceId: number) =>
      (
        await apiClient.post(`admin/fees/invoices/${invoiceId}/reminder`, undefined, {
          schema: ReminderSentSchema,
        })
      ).data.emailed,
  );

// ---------------------------------------------------------------- files

export const receiptPath = (paymentId: number) => `fees/payments/${paymentId}/receipt.pdf`;
export const downloadReceipt = (paymentId: number, receiptNo: number) =>
  downloadApiFile(receiptPath(paymentId), `receipt-${receiptNo}.pdf`);
export const downloadReminderLetter = (invoiceId: number) =>
  downloadApiFile(`admin/fees/invoices/${invoiceId}/reminder.pdf`, `reminder-${invoiceId}.pdf`);
export const downloadLedger = () => downloadApiFile('admin/fees/ledger.csv', 'fee-ledger.csv');
