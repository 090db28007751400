import type { ReactElement } from 'react';
import type {
  FeePlan,
  Invoice,
  OverdueRow,
  Payment,
  Statement,
  StudentFees,
  TermOverviewRow,
} from '../../../../shared/api/fees.js';
import type { SchoolYear } from '../../../../shared/api/school-years.js';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { FeesScreen } from '../components/FeesScreen.js';
import { PaymentScreen } from '../components/PaymentScreen.js';

/** The screens' English texts the tests look for, from the English catalog. */
const { t } = testTranslator('en');
export const FEES_TITLE = t('payments.fees.title');
export const PAYMENT_TITLE = t('payments.ledger.title');
export const issuedText = (count: number) => t('payments.issued', { count });
export const PAYMENT_TEXTS = {
  recorded: (receiptNo: number) => t('payments.payment.recorded', { receiptNo: String(receiptNo) }),
  asCredit: t('payments.payment.asCredit'),
};
export const PLAN_FORM_TEXTS = {
  newTitle: t('payments.planForm.newTitle'),
  editTitle: (name: string) => t('payments.planForm.editTitle', { name }),
  locked: t('payments.planForm.locked'),
  saved: (name: string) => t('payments.planForm.saved', { name }),
  updated: (name: string) => t('payments.planForm.updated', { name }),
};
export const DISCOUNT_TEXTS = {
  remove: t('payments.discount.remove'),
  removeTitle: (name: string) => t('payments.discount.removeTitle', { name }),
  removeBody: (name: string, subtotal: string) => t('payments.discount.removeBody', { name, subtotal }),
  removed: (name: string) => t('payments.discount.removed', { name }),
};
export const STATEMENT_TEXTS = {
  search: t('payments.statement.search'),
  none: (typed: string) => t('payments.statement.none', { typed }),
  choose: t('payments.statement.choose'),
};

/** The screen in `locale` (English, as the app's fallback, without one). */
const inLocale = (ui: ReactElement, locale: AnyLocale | undefined) =>
  locale ? <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider> : ui;

/** The fees tests' school (USD, New York): a KG plan of $1,250.00 with two pupils' invoices. */

export const PLAN: FeePlan = {
  id: 5,
  name: 'Tuition',
  classId: 4,
  className: 'KG',
  term: 'Autumn 2026',
  termId: null,
  dueDate: '2026-11-01',
  currency: 'USD',
  items: [
    { id: 1, name: 'Tuition', amount: 100_000 },
    { id: 2, name: 'Books', amount: 25_000 },
  ],
  total: 125_000,
  invoices: 2,
  createdAt: '2026-10-01T12:00:00.000Z',
};

/**
 * The school's years as `GET admin/school-years` lists them, the latest first: next year (no terms
 * yet), the current year, and last year, whose term has the same name as one of this year's.
 */
export const YEARS: SchoolYear[] = [
  { id: 3, name: '2027–2028', firstDay: '2027-09-01', lastDay: '2028-07-31', current: false, terms: [] },
  {
    id: 2,
    name: '2026–2027',
    firstDay: '2026-09-01',
    lastDay: '2027-07-31',
    current: true,
    terms: [
      { id: 21, yearId: 2, name: 'Autumn term', firstDay: '2026-09-01', lastDay: '2026-12-18' },
      { id: 22, yearId: 2, name: 'Spring term', firstDay: '2027-01-05', lastDay: '2027-03-27' },
    ],
  },
  {
    id: 1,
    name: '2025–2026',
    firstDay: '2025-09-01',
    lastDay: '2026-07-31',
    current: false,
    terms: [{ id: 11, yearId: 1, name: 'Spring term', firstDay: '2026-01-05', lastDay: '2026-03-27' }],
  },
];

/** A plan of a school term (PLAN's term is text only, from before the school years). */
export const TERM_PLAN: FeePlan = {
  ...PLAN,
  id: 7,
  name: 'Clubs',
  term: 'Spring term',
  termId: 11,
  invoices: 0,
};

export const invoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: 11,
  planId: PLAN.id,
  planName: PLAN.name,
  term: PLAN.term,
  studentId: 31,
  studentName: 'Aisha Rahman',
  className: 'KG',
  currency: 'USD',
  lines: [
    { name: 'Tuition', amount: 100_000 },
    { name: 'Books', amount: 25_000 },
  ],
  subtotal: 125_000,
  discount: 0,
  discountReason: '',
  total: 125_000,
  paid: 50_000,
  balance: 75_000,
  dueDate: PLAN.dueDate,
  status: 'partial',
  cancelReason: null,
  issuedAt: '2026-10-02T12:00:00.000Z',
  ...overrides,
});

export const AISHA_INVOICE = invoice();
export const BEN_INVOICE = invoice({
  id: 12,
  studentId: 32,
  studentName: 'Ben Okafor',
  discount: 15_625,
  discountReason: 'Sibling',
  total: 109_375,
  paid: 109_375,
  balance: 0,
  status: 'paid',
});

export const payment = (overrides: Partial<Payment> = {}): Payment => ({
  id: 70,
  receiptNo: 42,
  invoiceId: AISHA_INVOICE.id,
  studentId: 31,
  studentName: 'Aisha Rahman',
  amount: 50_000,
  applied: 50_000,
  credit: 0,
  method: 'bank_transfer',
  reference: 'TR-1',
  paidOn: '2026-10-15',
  currency: 'USD',
  recordedBy: 'Grace Principal',
  createdAt: '2026-10-15T14:00:00.000Z',
  voidedAt: null,
  voidReason: null,
  balanceAfter: 75_000,
  ...overrides,
});

export const OVERVIEW: TermOverviewRow[] = [
  {
    classId: 4,
    className: 'KG',
    term: 'Autumn 2026',
    currency: 'USD',
    invoices: 2,
    billed: 234_375,
    collected: 159_375,
    outstanding: 75_000,
  },
];

export const overdueRow = (overrides: Partial<OverdueRow> = {}): OverdueRow => ({
  invoiceId: 11,
  studentId: 31,
  studentName: 'Aisha Rahman',
  className: 'KG',
  planName: 'Tuition',
  currency: 'USD',
  outstanding: 75_000,
  dueDate: '2026-11-01',
  daysOverdue: 19,
  canEmail: true,
  lastReminderAt: null,
  ...overrides,
});

export const STATEMENT: Statement = {
  studentId: 31,
  studentName: 'Aisha Rahman',
  currency: 'USD',
  balance: 75_000,
  entries: [
    {
      date: '2026-10-02T12:00:00.000Z',
      kind: 'invoice',
      description: 'Tuition, Autumn 2026',
      amount: 125_000,
      balance: 125_000,
      invoiceId: 11,
      paymentId: null,
    },
    {
      // Recorded in the evening of 15 October in New York, already the 16th in UTC.
      date: '2026-10-16T02:00:00.000Z',
      kind: 'payment',
      description: 'Payment, receipt No. 42',
      amount: -50_000,
      balance: 75_000,
      invoiceId: 11,
      paymentId: 70,
    },
  ],
};

export const studentFees = (overrides: Partial<StudentFees> = {}): StudentFees => ({
  studentId: 31,
  studentName: 'Aisha Rahman',
  currency: 'USD',
  balance: 75_000,
  invoices: [AISHA_INVOICE],
  payments: [payment()],
  ...overrides,
});

export const CLASSES = {
  result: [
    { id: 4, classes: 'KG' },
    { id: 6, classes: 'Class 2' },
  ],
};

/** The principal's ledger at `path`, the API answering as above and as `routes` add. */
/** The school's active pupils, as `GET admin/pupils?status=active` answers (the statement's search). */
export const PUPILS = [
  {
    id: 31,
    name: 'Aisha Rahman',
    email: 'aisha@example.test',
    status: 'active',
    classId: 4,
    className: 'Class 1',
  },
  {
    id: 32,
    name: 'Ben Okafor',
    email: 'ben@example.test',
    status: 'active',
    classId: 4,
    className: 'Class 1',
  },
  {
    id: 33,
    name: 'Zoë Aisling',
    email: 'zoe@example.test',
    status: 'active',
    classId: 6,
    className: 'Class 2',
  },
];

export function renderLedger(routes: Record<string, unknown> = {}, path = '/payment', locale?: AnyLocale) {
  const api = mockApi({
    'GET admin/fees/overview': { data: OVERVIEW },
    'GET admin/fee-plans': { data: [PLAN] },
    'GET admin/fee-plans/5/invoices': { data: [AISHA_INVOICE, BEN_INVOICE] },
    'GET admin/fee-plans/5/discounts': {
      data: [
        {
          planId: 5,
          studentId: 32,
          studentName: 'Ben Okafor',
          kind: 'percent',
          value: 1250,
          reason: 'Sibling',
        },
      ],
    },
    'GET classes': CLASSES,
    'GET admin/fees/overdue': { data: [overdueRow()] },
    'GET admin/fees/statement/31': { data: STATEMENT },
    'GET fees/student/31': { data: studentFees() },
    'GET admin/pupils?status=active': { data: PUPILS },
    'GET admin/school-years': { data: YEARS },
    ...(routes as Record<string, object>),
  });
  return { ...renderScreen(inLocale(<PaymentScreen />, locale), { path, pattern: '/payment' }), api };
}

/** The parent's /fees, the API answering as `routes` say. */
export function renderParentFees(routes: Record<string, unknown>, locale?: AnyLocale) {
  const api = mockApi(routes as Record<string, object>);
  return { ...renderScreen(inLocale(<FeesScreen />, locale), { path: '/fees', pattern: '/fees' }), api };
}
