import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APPLICATION_RULES } from '../../../../shared/api/admission-application.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { apiError, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { ApplicationPage } from './ApplicationPage.js';
import { DRAFT_VIEW, SENT_VIEW, TOKEN } from './family-links.fixtures.js';

/**
 * The application page (docs/decisions/0103-the-application-families-fill-in.md): the token from the
 * link goes in the body (or the upload's header), never a URL; Save draft keeps what is typed; Send
 * is checked by the shared schema first; once sent the page is a read-only summary.
 */

const open = (routes: Record<string, unknown> = {}) => {
  const api = mockApi({ 'POST admissions/application': { data: DRAFT_VIEW }, ...routes } as Record<
    string,
    object
  >);
  const view = renderScreen(<ApplicationPage />, {
    path: `/apply?token=${TOKEN}`,
    pattern: '/apply',
  });
  return { api, ...view };
};

describe('the application page', () => {
  it('opens the application of the link’s token, sent in the body', async () => {
    const { api } = open();
    expect(await screen.findByRole('heading', { name: 'Application for Lina' })).toBeInTheDocument();
    expect(api.requests[0]).toEqual({
      method: 'POST',
      path: 'admissions/application',
      body: { token: TOKEN },
    });
    expect(screen.getAllByLabelText(/Full name/)[0]).toHaveValue('Lina');
    expect(screen.getByRole('combobox', { name: /^Class/ })).toHaveValue('2');
    expect(screen.getByRole('button', { name: 'Remove birth.pdf' })).toBeInTheDocument();
  });

  it('saves a draft of whatever is typed', async () => {
    const { api, user } = open({
      'POST admissions/application/draft': (request: { body: unknown }) => ({
        data: { ...DRAFT_VIEW, draft: (request.body as { draft: object }).draft },
      }),
    });
    await screen.findByRole('heading', { name: 'Application for Lina' });
    await user.type(screen.getAllByLabelText(/Full name/)[1] as HTMLElement, 'Nour Haddad');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Draft saved/)).toBeInTheDocument();
    const saved = api.requests.find((r) => r.path === 'admissions/application/draft');
    expect(saved?.body).toMatchObject({ token: TOKEN, draft: { guardians: [{ name: 'Nour Haddad' }] } });
  });

  it('checks the application with the shared schema before sending', async () => {
    const { api, user } = open();
    await screen.findByRole('heading', { name: 'Application for Lina' });
    await user.click(screen.getByRole('button', { name: 'Send the application' }));
    expect(await screen.findByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(screen.getByText('Enter the guardian’s name')).toBeInTheDocument();
    expect(screen.getByText('Accept the school’s terms to send the application')).toBeInTheDocument();
    expect(api.calls('POST')).not.toContain('POST admissions/application/submit');
  });

  it('sends a complete application and shows it read-only', async () => {
    const { api, user } = open({ 'POST admissions/application/submit': { data: SENT_VIEW } });
    await screen.findByRole('heading', { name: 'Application for Lina' });
    const names = screen.getAllByLabelText(/Full name/);
    await user.clear(names[0] as HTMLElement);
    await user.type(names[0] as HTMLElement, 'Lina Haddad');
    await user.type(screen.getByLabelText(/Date of birth/), '2021-04-02');
    await user.type(names[1] as HTMLElement, 'Nour Haddad');
    await user.selectOptions(screen.getByRole('combobox', { name: /Relationship/ }), 'Mother');
    await user.type(screen.getByLabelText(/Email/), 'nour@example.org');
    await user.type(screen.getAllByLabelText(/Phone/)[0] as HTMLElement, '+1 555 0101');
    await user.type(screen.getByLabelText(/Start date/), '2027-01-04');
    await user.click(screen.getByLabelText('We accept the school’s terms'));
    await user.type(screen.getByLabelText(/Signature/), 'Nour Haddad');
    await user.click(screen.getByRole('button', { name: 'Send the application' }));
    expect(await screen.findByRole('heading', { name: 'Your application' })).toBeInTheDocument();
    const sent = api.requests.find((r) => r.path === 'admissions/application/submit');
    expect(sent?.body).toMatchObject({
      token: TOKEN,
      application: {
        child: { name: 'Lina Haddad', dateOfBirth: '2021-04-02', photoDocumentId: null },
        guardians: [{ name: 'Nour Haddad', relationship: 'Mother' }],
        wanted: { classId: '2', startDate: '2027-01-04' },
        termsAccepted: true,
        signatureName: 'Nour Haddad',
      },
    });
    expect(screen.queryByRole('button', { name: 'Send the application' })).toBeNull();
  });

  it('uploads a document with the token in its header, not the address', async () => {
    const { api, user } = open({
      'POST admissions/application/documents': {
        data: { ...DRAFT_VIEW.documents[0], id: 6, kind: 'other', name: 'scan.pdf' },
      },
    });
    await screen.findByRole('heading', { name: 'Application for Lina' });
    await user.selectOptions(screen.getByLabelText('What is it?'), 'other');
    await user.upload(
      screen.getByLabelText('File'),
      new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('scan.pdf was added.')).toBeInTheDocument();
    const call = api.spy.mock.calls.find(([input]) => String(input).includes('documents'));
    expect(String(call?.[0])).not.toContain(TOKEN);
    expect(new Headers(call?.[1]?.headers).get(APPLICATION_RULES.tokenHeader)).toBe(TOKEN);
    expect(call?.[1]?.body).toBeInstanceOf(FormData);
  });

  it('shows the server’s refusal of a file', async () => {
    const { user } = open({
      'POST admissions/application/documents': apiError(
        400,
        'VALIDATION_FAILED',
        'That file is not a PDF, JPEG, PNG or WebP picture.',
      ),
    });
    await screen.findByRole('heading', { name: 'Application for Lina' });
    await user.upload(
      screen.getByLabelText('File'),
      new File(['MZ'], 'virus.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('That file is not a PDF, JPEG, PNG or WebP picture.')).toBeInTheDocument();
  });

  it('says so when the link opens nothing, or the case is closed', async () => {
    allowConsoleErrors();
    const { unmount } = open({ 'POST admissions/application': apiError(404, 'NOT_FOUND', 'Not found') });
    expect(await screen.findByText(/This link is not valid/)).toBeInTheDocument();
    unmount();
    open({ 'POST admissions/application': apiError(409, 'APPLICATION_CLOSED', 'Closed') });
    expect(await screen.findByText(/This application is closed/)).toBeInTheDocument();
    const logged = (console.error as unknown as { mock: { calls: unknown[][] } }).mock.calls.flat().join(' ');
    expect(logged, 'the token stays out of the log').not.toContain(TOKEN);
  });

  it('shows a sent application read-only', async () => {
    open({ 'POST admissions/application': { data: SENT_VIEW } });
    expect(await screen.findByRole('heading', { name: 'Your application' })).toBeInTheDocument();
    expect(screen.getByText('Signed by Nour Haddad')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
