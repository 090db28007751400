import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAIL_MESSAGES } from '../../../../shared/api/mail.js';
import { notify } from '../../../lib/toast.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { untranslatedTexts } from '../../../test/i18n.js';
import { answer, apiError, columnsOf } from '../../../test/school-test-utils.js';
import { detail, en, FAILED, mail, outboxPage, renderOutbox, SENT, WAITING } from '../testing/outbox.js';
import { OUTBOX_TEXTS } from './texts.js';

const rowOf = async (text: string) => {
  const table = await screen.findByRole('table');
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

describe('Outbox', () => {
  it('lists the mails with to, subject, kind, state and times in the school’s zone', async () => {
    renderOutbox();
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['To', 'Subject', 'Kind', 'State', 'Queued', 'Sent', 'Actions']);
    const sent = await rowOf('Kofi Rahman');
    expect(sent).toHaveTextContent('kofi@example.org');
    expect(sent).toHaveTextContent('Your account is approved');
    expect(sent).toHaveTextContent('Account approved');
    expect(sent).toHaveTextContent('Sent');
    // 14:00 UTC is 09:00 in New York.
    expect(sent).toHaveTextContent('20 Nov 2026, 09:00');
    expect(within(sent).queryByRole('button', { name: /Send again/ })).toBeNull();

    const waiting = await rowOf('Ama Mensah');
    expect(waiting).toHaveTextContent('Absence alert');
    expect(waiting).toHaveTextContent('Waiting');
    expect(waiting).toHaveTextContent(en(OUTBOX_TEXTS.tries, { count: 1, next: '20 Nov 2026, 10:01' }));

    const failed = await rowOf('gone@example.org');
    expect(failed).toHaveTextContent('Newsletter');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('550 No such mailbox');
    expect(within(failed).getByRole('button', { name: 'Send again to gone@example.org' })).toBeEnabled();

    const counts = screen.getByRole('list', { name: en(OUTBOX_TEXTS.counts) });
    expect(counts).toHaveTextContent('1 waiting');
    expect(counts).toHaveTextContent('1 sent');
    expect(counts).toHaveTextContent('1 failed');
  });

  it('says so when mail is not sent from this server, and not when it is', async () => {
    const { unmount } = renderOutbox({ 'GET admin/outbox': outboxPage([SENT], { sending: false }) });
    expect(await screen.findByText(en(OUTBOX_TEXTS.notSending))).toBeInTheDocument();
    unmount();
    renderOutbox();
    await screen.findByRole('table');
    expect(screen.queryByText(en(OUTBOX_TEXTS.notSending))).toBeNull();
  });

  it('filters by state, the choice in the address', async () => {
    const { user, api, location } = renderOutbox({
      'GET admin/outbox?status=failed': outboxPage([FAILED]),
      'GET admin/outbox?status=sent': outboxPage([], { counts: { waiting: 0, sent: 0, failed: 0 } }),
    });
    await screen.findByRole('table');
    const show = screen.getByLabelText(en(OUTBOX_TEXTS.show));
    expect(
      within(show)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Waiting', 'Sent', 'Failed']);
    await user.selectOptions(show, 'failed');
    await waitFor(() => expect(api.calls('GET')).toContain('GET admin/outbox?status=failed'));
    expect(location()).toBe('/outbox?status=failed');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    await user.selectOptions(show, 'sent');
    expect(await screen.findByText(en(OUTBOX_TEXTS.none.sent))).toBeInTheDocument();
  });

  it('pages through the mails', async () => {
    const many = outboxPage([SENT], { total: 120, counts: { waiting: 0, sent: 120, failed: 0 } });
    const { user, api, location } = renderOutbox({
      'GET admin/outbox': many,
      'GET admin/outbox?page=2': { ...many, page: 2, data: [mail({ id: 70, subject: 'On page two' })] },
    });
    const pages = await screen.findByRole('navigation', { name: en(OUTBOX_TEXTS.pages) });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'On page two' })).toBeInTheDocument();
    expect(api.calls('GET')).toContain('GET admin/outbox?page=2');
    expect(location()).toBe('/outbox?page=2');
    expect(pages).toHaveTextContent('Page 2 of 3');
  });

  it('sends a failed mail again and loads the list again', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, api } = renderOutbox({
      'POST admin/outbox/3/retry': { data: { ...FAILED, status: 'waiting', attempts: 0 } },
    });
    const failed = await rowOf('gone@example.org');
    await user.click(within(failed).getByRole('button', { name: 'Send again to gone@example.org' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(en(OUTBOX_TEXTS.retried, { to: 'gone@example.org' })),
    );
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      'admin/outbox/3/retry',
    ]);
    await waitFor(() => expect(api.calls('GET').filter((c) => c === 'GET admin/outbox')).toHaveLength(2));
  });

  it('says why a retry was refused', async () => {
    const error = vi.spyOn(notify, 'error');
    const { user } = renderOutbox({
      'POST admin/outbox/3/retry': apiError(409, 'NOT_FAILED', MAIL_MESSAGES.notFailed),
    });
    const failed = await rowOf('gone@example.org');
    await user.click(within(failed).getByRole('button', { name: 'Send again to gone@example.org' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(`${en(OUTBOX_TEXTS.failed)} ${MAIL_MESSAGES.notFailed}`),
    );
  });

  it('opens a mail to read its text, never its HTML, and closes it', async () => {
    const text = 'Dear Ama Mensah,\n\nAda was recorded <b>absent</b> today.\n\nSunny Meadows';
    const { user, location, container } = renderOutbox({
      'GET admin/outbox/2': { data: detail(WAITING, text) },
    });
    const opener = await screen.findByRole('button', { name: 'Ada was absent today' });
    await user.click(opener);
    expect(location()).toBe('/outbox?mail=2');
    const reader = await screen.findByRole('region', { name: 'Ada was absent today' });
    const body = within(reader).getByRole('figure', { name: en(OUTBOX_TEXTS.body) });
    expect(body.querySelector('pre')?.textContent).toBe(text);
    expect(reader).toHaveTextContent('Ama Mensah <ama@example.org>');
    expect(reader).toHaveTextContent('<2@school.example>');
    expect(reader).toHaveTextContent('451 Try again later');
    await waitFor(() => expect(within(reader).getByRole('heading', { level: 2 })).toHaveFocus());
    // The markup of the mail is not in the page.
    expect(container.querySelector('b, script')).toBeNull();
    expect((window as { injected?: boolean }).injected).toBeUndefined();

    await user.click(within(reader).getByRole('button', { name: en(OUTBOX_TEXTS.close) }));
    expect(location()).toBe('/outbox');
    expect(screen.queryByRole('region', { name: 'Ada was absent today' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ada was absent today' })).toHaveFocus());
  });

  it('says a mail that is not there is not found', async () => {
    allowConsoleErrors();
    renderOutbox(
      { 'GET admin/outbox/99': apiError(404, 'NOT_FOUND', 'That mail was not found.') },
      '/outbox?mail=99',
    );
    expect(await screen.findByText(/Not found/)).toBeInTheDocument();
  });

  it('tells anyone but the principal that the Outbox is not theirs', async () => {
    allowConsoleErrors();
    renderOutbox({
      'GET admin/outbox': apiError(403, 'FORBIDDEN', 'You may not do that.'),
      'GET admin/mail-settings': apiError(403, 'FORBIDDEN', 'You may not do that.'),
    });
    expect((await screen.findAllByText('This is not available for your account.')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Mail settings', () => {
  it('shows the absence-alert switch and saves a change with a toast', async () => {
    const success = vi.spyOn(notify, 'success');
    const { user, api } = renderOutbox({ 'PUT admin/mail-settings': { data: { absenceAlerts: false } } });
    const toggle = await screen.findByRole('switch', { name: en(OUTBOX_TEXTS.absenceAlerts) });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(success).toHaveBeenCalledWith(en(OUTBOX_TEXTS.settingsSaved)));
    expect(api.requests.find((r) => r.method === 'PUT')).toEqual({
      method: 'PUT',
      path: 'admin/mail-settings',
      body: { absenceAlerts: false },
    });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();
  });

  it('puts the switch back and says so when saving fails', async () => {
    allowConsoleErrors();
    const error = vi.spyOn(notify, 'error');
    const { user } = renderOutbox({
      'PUT admin/mail-settings': answer(500, { error: { code: 'X', message: 'Broken.' } }),
    });
    const toggle = await screen.findByRole('switch', { name: en(OUTBOX_TEXTS.absenceAlerts) });
    await user.click(toggle);
    await waitFor(() => expect(error).toHaveBeenCalledWith(`${en(OUTBOX_TEXTS.failed)} Broken.`));
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('speaks the pseudo-locale everywhere but the mails themselves, a mail open', async () => {
    const { container } = renderOutbox(
      {
        'GET admin/outbox': outboxPage([FAILED, WAITING, SENT], { sending: false }),
        'GET admin/outbox/2': { data: detail(WAITING, 'Dear Ama Mensah') },
      },
      '/outbox?mail=2',
      'en-XA',
    );
    await screen.findByRole('table');
    await screen.findByText('Dear Ama Mensah');
    await screen.findByRole('switch');
    expect(
      untranslatedTexts(container, [
        'Kofi Rahman',
        'kofi@example.org',
        'Your account is approved',
        'Ama Mensah',
        'ama@example.org',
        'Ada was absent today',
        '451 Try again later',
        'gone@example.org',
        'News of November',
        '550 No such mailbox',
        'Dear Ama Mensah',
        '<2@school.example>',
        'SMTP_URL',
        'Message-ID',
        'Nov',
      ]),
    ).toEqual([]);
  });

  it('speaks French: columns, kinds, states, counts and dates', async () => {
    renderOutbox({}, '/outbox', 'fr');
    const table = await screen.findByRole('table');
    expect(columnsOf(table)).toEqual(['À', 'Objet', 'Type', 'État', 'Mis en file', 'Envoyé', 'Actions']);
    const waiting = await rowOf('Ama Mensah');
    expect(waiting).toHaveTextContent('Alerte d’absence');
    expect(waiting).toHaveTextContent('1 tentative ; prochain essai 20 nov. 2026, 10:01.');
    expect(screen.getByRole('list', { name: 'Courriels par état' })).toHaveTextContent('1 en attente');
  });
});
