import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FamilyForm, SchoolFormDetail } from '../../../../shared/api/school-forms.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { testTranslator } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { FamilyFormScreen } from './FamilyFormScreen.js';
import { NewSchoolFormScreen } from './NewSchoolFormScreen.js';
import { StaffFormScreen } from './StaffFormScreen.js';

const QUESTIONS: SchoolFormDetail['questions'] = [
  { id: 1, kind: 'yes-no', prompt: 'May Sam come on the trip?', required: true, options: [] },
  { id: 2, kind: 'choice', prompt: 'Lunch', required: true, options: ['Packed lunch', 'School lunch'] },
  { id: 3, kind: 'text', prompt: 'Anything else?', required: false, options: [] },
];

const DETAIL: SchoolFormDetail = {
  id: 4,
  title: 'Zoo trip',
  description: 'A day at the zoo.',
  status: 'sent',
  wholeSchool: false,
  classes: [{ id: 2, name: 'Class 2' }],
  dueOn: '2026-12-10',
  open: true,
  trip: false,
  questions: QUESTIONS,
  sentAt: '2026-11-27T10:00:00.000Z',
  closedAt: null,
  remindedAt: null,
  mayManage: true,
  pupils: [
    {
      studentId: 11,
      studentName: 'Sam Lee',
      classId: 2,
      className: 'Class 2',
      answer: {
        parentName: 'Maria Lee',
        signedName: 'Maria Lee',
        answeredAt: '2026-11-27T15:00:00.000Z',
        answers: [
          { questionId: 1, value: true },
          { questionId: 2, value: 'Packed lunch' },
        ],
      },
      mayGo: null,
    },
    { studentId: 12, studentName: 'Ada Obi', classId: 2, className: 'Class 2', answer: null, mayGo: null },
  ],
};

const FAMILY: FamilyForm = {
  id: 4,
  title: 'Zoo trip',
  description: 'A day at the zoo.',
  status: 'sent',
  wholeSchool: false,
  classes: [{ id: 2, name: 'Class 2' }],
  dueOn: '2026-12-10',
  open: true,
  trip: false,
  questions: QUESTIONS,
  children: [{ studentId: 11, studentName: 'Sam Lee', answer: null }],
};

const renderStaff = (detail: SchoolFormDetail, routes: Record<string, unknown> = {}, locale?: 'ar') => {
  const api = mockApi({ 'GET school-forms/4': { data: detail }, ...routes });
  const ui = <StaffFormScreen id={4} />;
  renderScreen(locale ? <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider> : ui, {
    path: '/school-forms?form=4',
    pattern: '/school-forms',
  });
  return api;
};

describe('StaffFormScreen', () => {
  it('lists every pupil, answered (by whom) or not, with the answers, and reminds the rest', async () => {
    const api = renderStaff(DETAIL, {
      'POST school-forms/4/reminders': { data: { emailed: 2, remindedToday: true } },
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Sam Lee');
    expect(rows[1]).toHaveTextContent('Maria Lee');
    expect(rows[2]).toHaveTextContent('Ada Obi');
    expect(rows[2]).toHaveTextContent('Not answered');
    expect(screen.getByText('1 of 2 answered')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Packed lunch')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Yes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remind those who have not answered' }));
    const said = await screen.findByRole('status');
    expect(said).toHaveTextContent('2 reminders sent.');
    expect(said).toHaveTextContent('A reminder had already gone today; this one was sent too.');
    expect(api.calls('POST')).toEqual(['POST school-forms/4/reminders']);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('gives a teacher the answers to read, without the principal’s actions', async () => {
    renderStaff({ ...DETAIL, mayManage: false });
    expect(await screen.findByText('You can read this form’s answers for your classes.')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Remind those who have not answered' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close the form' })).not.toBeInTheDocument();
  });

  it('sends a draft after asking, and says how many families were mailed', async () => {
    const api = renderStaff(
      { ...DETAIL, status: 'draft', open: false, pupils: [] },
      { 'POST school-forms/4/send': { data: { emailed: 3, remindedToday: false } } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Send to the families' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Send “Zoo trip” to the families now?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to the families' }));
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST school-forms/4/send']));
    expect(await screen.findByText('The form is sent: 3 mails to families.')).toBeInTheDocument();
  });

  it('shows a trip slip’s pupils who may go, from the consent ledger, and those who may not', async () => {
    const [sam, ada] = DETAIL.pupils as [
      SchoolFormDetail['pupils'][number],
      SchoolFormDetail['pupils'][number],
    ];
    renderStaff({
      ...DETAIL,
      trip: true,
      pupils: [
        { ...sam, mayGo: true },
        { ...ada, mayGo: null },
        {
          studentId: 13,
          studentName: 'Bo Chen',
          classId: 2,
          className: 'Class 2',
          answer: { ...(sam.answer as NonNullable<typeof sam.answer>), parentName: 'Li Chen' },
          mayGo: false,
        },
      ],
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'May go' })).toBeInTheDocument();
    // The column's cells, in the pupils' order: the header names each (TableWrap's phone layout).
    const mayGo = () => [...table.querySelectorAll('td[data-label="May go"]')].map((td) => td.textContent);
    await waitFor(() => expect(mayGo()).toEqual(['Yes', 'No answer: may not go', 'No']));
    expect(screen.getByText('1 of 3 may go')).toBeInTheDocument();
    expect(screen.getByText('Trip permission slip')).toBeInTheDocument();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('shows no “May go” for a form that is not a trip', async () => {
    renderStaff(DETAIL);
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'May go' })).not.toBeInTheDocument();
    expect(screen.queryByText(/may go$/)).not.toBeInTheDocument();
  });

  it('speaks Arabic and has no serious axe finding', async () => {
    renderStaff(DETAIL, {}, 'ar');
    expect(await screen.findByRole('button', { name: 'تذكير من لم يُجب' })).toBeInTheDocument();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });
});

describe('FamilyFormScreen', () => {
  const renderFamily = (form: FamilyForm, routes: Record<string, unknown> = {}) => {
    const api = mockApi({ 'GET family/school-forms/4': { data: form }, ...routes });
    renderScreen(<FamilyFormScreen id={4} />, { path: '/school-forms?form=4', pattern: '/school-forms' });
    return api;
  };

  it('asks for the answers and the typed name before sending, then sends them signed', async () => {
    const api = renderFamily(FAMILY, {
      'PUT family/school-forms/4/children/11': ({ body }: { body: unknown }) => ({
        data: {
          ...FAMILY,
          children: [
            {
              studentId: 11,
              studentName: 'Sam Lee',
              answer: {
                byMe: true,
                parentName: 'Maria Lee',
                answeredAt: '2026-11-28T09:00:00.000Z',
                signedName: (body as { signedName: string }).signedName,
                answers: (body as { answers: unknown[] }).answers,
              },
            },
          ],
        },
      }),
    });
    const submit = await screen.findByRole('button', { name: 'Sign and send' });
    await userEvent.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Type your full name to sign');
    expect(alert).toHaveTextContent('May Sam come on the trip?: Answer this question');
    expect(api.calls('PUT')).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('radio', { name: 'School lunch' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Type your full name to sign' }), 'Maria Lee');
    await userEvent.click(submit);
    expect(await screen.findByText('Thank you: your answer is signed and sent.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      signedName: 'Maria Lee',
      answers: [
        { questionId: 1, value: true },
        { questionId: 2, value: 'School lunch' },
      ],
    });
  });

  it('says who answered when another guardian did, without their answers', async () => {
    renderFamily({
      ...FAMILY,
      children: [
        {
          studentId: 11,
          studentName: 'Sam Lee',
          answer: {
            byMe: false,
            parentName: 'Omar Lee',
            answeredAt: '2026-11-27T15:00:00.000Z',
            signedName: null,
            answers: null,
          },
        },
      ],
    });
    expect(await screen.findByText(/^Omar Lee answered on/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
  });

  it('tells the family that a trip slip’s first answer is kept as the child’s consent to the trip', async () => {
    renderFamily({ ...FAMILY, trip: true });
    expect(
      await screen.findByText(
        /your yes or no to the first question is kept as your child’s consent to this trip/,
      ),
    ).toBeInTheDocument();
  });

  it('takes no answer once closed', async () => {
    renderFamily({ ...FAMILY, open: false, status: 'closed' });
    expect(await screen.findByText('This form is closed. No answer was given.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign and send' })).not.toBeInTheDocument();
  });
});

describe('NewSchoolFormScreen', () => {
  it('checks the form, then saves it as a draft and opens its page', async () => {
    const api = mockApi({
      'GET classes': { result: [{ id: 2, classes: 'Class 2' }] },
      'POST school-forms': { data: { ...DETAIL, id: 9, status: 'draft' } },
    });
    renderScreen(<NewSchoolFormScreen />, { path: '/school-forms?new', pattern: '/school-forms' });
    await userEvent.click(await screen.findByRole('button', { name: 'Save the draft' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Enter the form’s title');
    expect(alert).toHaveTextContent('Choose the whole school or at least one class');
    expect(api.calls('POST')).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Zoo trip');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Class 2' }));
    await userEvent.type(screen.getByLabelText('Due date'), '2026-12-10');
    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'May your child come?');
    await userEvent.click(screen.getByRole('button', { name: 'Save the draft' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/school-forms?form=9'));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Zoo trip',
      description: '',
      wholeSchool: false,
      classIds: [2],
      dueOn: '2026-12-10',
      questions: [{ kind: 'yes-no', prompt: 'May your child come?', required: true, options: [] }],
      trip: false,
    });
  });

  it('marks a trip permission slip: question 1 becomes a required yes or no, kept so', async () => {
    const api = mockApi({
      'GET classes': { result: [{ id: 2, classes: 'Class 2' }] },
      'POST school-forms': { data: { ...DETAIL, id: 9, status: 'draft', trip: true } },
    });
    const { container } = renderScreen(<NewSchoolFormScreen />, {
      path: '/school-forms?new',
      pattern: '/school-forms',
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Zoo trip');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Class 2' }));
    await userEvent.type(screen.getByLabelText('Due date'), '2026-12-10');
    const first = screen.getByRole('group', { name: 'Question 1' });
    // Written first as a choice, not required; the trip box makes it the permission question.
    await userEvent.selectOptions(within(first).getByLabelText('Kind of answer'), 'choice');
    await userEvent.click(within(first).getByRole('checkbox', { name: 'An answer is required' }));
    await userEvent.type(within(first).getByRole('textbox', { name: 'Question' }), 'May your child come?');
    const trip = screen.getByRole('checkbox', {
      name: 'A trip permission slip: question 1 asks whether the child may go',
    });
    expect(trip).toHaveAccessibleDescription(/kept as the child’s consent to this trip/);
    await userEvent.click(trip);
    expect(within(first).getByLabelText('Kind of answer')).toHaveValue('yes-no');
    expect(within(first).getByLabelText('Kind of answer')).toBeDisabled();
    expect(within(first).getByRole('checkbox', { name: 'An answer is required' })).toBeChecked();
    expect(within(first).getByRole('checkbox', { name: 'An answer is required' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    // Question 1 cannot be removed from a trip slip; the others can.
    expect(screen.queryByRole('button', { name: 'Remove question 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove question 2' })).toBeInTheDocument();
    await userEvent.type(
      within(screen.getByRole('group', { name: 'Question 2' })).getByRole('textbox', { name: 'Question' }),
      'Lunch?',
    );
    expect(await seriousAxeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Save the draft' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/school-forms?form=9'));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      trip: true,
      questions: [
        { kind: 'yes-no', prompt: 'May your child come?', required: true, options: [] },
        { kind: 'yes-no', prompt: 'Lunch?', required: true, options: [] },
      ],
    });
  });
});
