import { describe, expect, it } from 'vitest';
import {
  MAIL_MESSAGES,
  OUTBOX_PAGE_SIZE,
  OutboxMailDetailSchema,
  OutboxMailSchema,
  OutboxPageSchema,
} from '../../../shared/api/mail.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';
import { queueMails } from './mail.service.js';
import { absenceAlertsOn } from './mail-settings.repository.js';

describe.each(TEST_ENGINES)('the Outbox without SMTP_URL (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const as = (caller: Caller | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    callAs(t.app, f, caller, { method, url, ...(payload !== undefined ? { payload } : {}) });
  const page = async (query = '') => {
    const res = await as('principal', 'GET', `/api/admin/outbox${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return OutboxPageSchema.parse(res.json());
  };
  const queue = (count: number, prefix: string) =>
    queueMails(
      t.db,
      t.app.config.mail,
      Array.from({ length: count }, (_, i) => ({
        kind: 'notification' as const,
        to: { address: `${prefix}${i}@example.org`, name: `Parent ${i}` },
        subject: `${prefix} ${i}`,
        greeting: `Dear Parent ${i},`,
        paragraphs: [`Mail <${i}> of ${prefix} & more`],
      })),
    );
  const markFailed = (id: number, reason: string) =>
    t.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', attempts: 8, last_error: reason })
      .where('id', '=', id)
      .execute();

  it('lists the queued mails newest first, a page at a time, with the counts and `sending` false', async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    const ids = await queue(OUTBOX_PAGE_SIZE + 5, 'page');
    const first = await page();
    expect(first.sending).toBe(false);
    expect(first.total).toBe(OUTBOX_PAGE_SIZE + 5);
    expect(first.pageSize).toBe(OUTBOX_PAGE_SIZE);
    expect(first.counts).toEqual({ waiting: OUTBOX_PAGE_SIZE + 5, sent: 0, failed: 0 });
    expect(first.data).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(first.data[0]).toMatchObject({
      id: ids.at(-1),
      kind: 'notification',
      to: `page${OUTBOX_PAGE_SIZE + 4}@example.org`,
      toName: `Parent ${OUTBOX_PAGE_SIZE + 4}`,
      status: 'waiting',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    const second = await page('?page=2');
    expect(second.page).toBe(2);
    expect(second.data.map((m) => m.id)).toEqual(ids.slice(0, 5).reverse());
    expect((await page('?page=3')).data).toEqual([]);
  });

  it('filters by state; a mail being sent counts as waiting', async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    const [waiting, sending, sent, failed] = (await queue(4, 'state')) as [number, number, number, number];
    await t.db.updateTable('mail_outbox').set({ status: 'sending' }).where('id', '=', sending).execute();
    await t.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: new Date().toISOString() })
      .where('id', '=', sent)
      .execute();
    await markFailed(failed, '550 No such mailbox');

    const all = await page();
    expect(all.counts).toEqual({ waiting: 2, sent: 1, failed: 1 });
    expect(all.total).toBe(4);
    const ofState = async (status: string) => (await page(`?status=${status}`)).data.map((m) => m.id);
    expect(await ofState('waiting')).toEqual([sending, waiting]);
    expect(await ofState('sent')).toEqual([sent]);
    const failedPage = await page('?status=failed');
    expect(failedPage.total).toBe(1);
    expect(failedPage.data[0]).toMatchObject({
      id: failed,
      status: 'failed',
      lastError: '550 No such mailbox',
    });
  });

  it('refuses a state or page it does not know with 400', async () => {
    for (const query of [
      '?status=sending',
      '?status=lost',
      '?page=0',
      '?page=-1',
      '?page=two',
      '?page=1.5',
    ]) {
      const res = await as('principal', 'GET', `/api/admin/outbox${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('opens one mail with both bodies, and answers 404 for one that is not there', async () => {
    const [id] = await queue(1, 'open');
    const res = await as('principal', 'GET', `/api/admin/outbox/${id}`);
    expect(res.statusCode).toBe(200);
    const mail = OutboxMailDetailSchema.parse(res.json().data);
    expect(mail.subject).toBe('open 0');
    expect(mail.messageId).toMatch(/^<[^@]+@school\.test>$/);
    expect(mail.text).toContain('Mail <0> of open & more');
    expect(mail.html).toContain('Mail &lt;0&gt; of open &amp; more');
    expect(res.headers['cache-control']).toBe('no-store');

    expect((await as('principal', 'GET', '/api/admin/outbox/999999')).statusCode).toBe(404);
    expect((await as('principal', 'GET', '/api/admin/outbox/abc')).statusCode).toBe(400);
  });

  it('keeps the key of a password-reset link out of the stored mail: the principal reads `…`', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/password-reset',
      payload: { email: 'teacher2@demo.school' },
    });
    expect(res.statusCode).toBe(202);
    const row = await t.db
      .selectFrom('mail_outbox')
      .select(['id', 'text_body', 'html_body', 'link_keys'])
      .where('kind', '=', 'password-reset')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // The key waits beside the mail until it is sent (docs/decisions/0037-no-live-secret-at-rest.md).
    const token = (JSON.parse(row.link_keys ?? '[]') as string[])[0] ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(`${row.text_body}${row.html_body}`).not.toContain(token);
    const mail = OutboxMailDetailSchema.parse(
      (await as('principal', 'GET', `/api/admin/outbox/${row.id}`)).json().data,
    );
    expect(mail.text).toContain('/reset-password?token=…');
    expect(mail.html).toContain('/reset-password?token=…');
    expect(`${mail.text}${mail.html}`).not.toContain(token);
  });

  it('sends a failed mail again (waiting, tries back at 0); 409 for any other, 404 for none', async () => {
    const [failed, waiting] = (await queue(2, 'retry')) as [number, number];
    await markFailed(failed, '550 No such mailbox');

    const res = await as('principal', 'POST', `/api/admin/outbox/${failed}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    const mail = OutboxMailSchema.parse(res.json().data);
    expect(mail).toMatchObject({ id: failed, status: 'waiting', attempts: 0 });
    expect(Date.parse(mail.nextAttemptAt)).toBeLessThanOrEqual(Date.now());

    for (const id of [failed, waiting]) {
      const again = await as('principal', 'POST', `/api/admin/outbox/${id}/retry`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(MAIL_MESSAGES.notFailed);
    }
    expect((await as('principal', 'POST', '/api/admin/outbox/999999/retry')).statusCode).toBe(404);
  });

  it('is the principal’s alone', async () => {
    const [id] = await queue(1, 'guard');
    for (const caller of ['teacher', 'parent', 'student', 'director'] as const) {
      for (const [method, url] of [
        ['GET', '/api/admin/outbox'],
        ['GET', `/api/admin/outbox/${id}`],
        ['POST', `/api/admin/outbox/${id}/retry`],
        ['GET', '/api/admin/mail-settings'],
      ] as const) {
        expect((await as(caller, method, url)).statusCode, `${caller} ${method} ${url}`).toBe(403);
      }
    }
    expect((await as(undefined, 'GET', '/api/admin/outbox')).statusCode).toBe(401);
  });

  it('keeps the absence-alert switch: on by default, off and on again, bad bodies refused', async () => {
    const read = async () => {
      const res = await as('principal', 'GET', '/api/admin/mail-settings');
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    expect(await read()).toEqual({ absenceAlerts: true });
    expect(await absenceAlertsOn(t.db)).toBe(true);

    const off = await as('principal', 'PUT', '/api/admin/mail-settings', { absenceAlerts: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ absenceAlerts: false });
    expect(await read()).toEqual({ absenceAlerts: false });
    expect(await absenceAlertsOn(t.db)).toBe(false);

    for (const body of [
      {},
      { absenceAlerts: 'no' },
      { absenceAlerts: 0 },
      { absenceAlerts: true, more: 1 },
    ]) {
      const res = await as('principal', 'PUT', '/api/admin/mail-settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await absenceAlertsOn(t.db)).toBe(false);
    expect((await as('teacher', 'PUT', '/api/admin/mail-settings', { absenceAlerts: true })).statusCode).toBe(
      403,
    );

    await as('principal', 'PUT', '/api/admin/mail-settings', { absenceAlerts: true });
    expect(await absenceAlertsOn(t.db)).toBe(true);
    // The school's other settings are untouched by the switch.
    expect((await as(undefined, 'GET', '/api/settings')).json().data.timeZone).toBe('America/New_York');
  });
});

describe.each(TEST_ENGINES)('the Outbox with SMTP_URL (%s)', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);

  it('says mail is sent, and shows a sent mail with its time', async () => {
    await t.db.deleteFrom('mail_outbox').execute();
    const [id] = await queueMails(t.db, t.app.config.mail, [
      {
        kind: 'account-approved',
        to: { address: 'sent@example.org', name: 'Sent' },
        subject: 'Welcome',
        paragraphs: ['Your account is approved.'],
      },
    ]);
    expect(await sendMail(t)).toBe(1);
    expect(smtp.to('sent@example.org')).toHaveLength(1);
    const res = await callAs(t.app, f, 'principal', { url: '/api/admin/outbox' });
    const body = OutboxPageSchema.parse(res.json());
    expect(body.sending).toBe(true);
    expect(body.counts).toEqual({ waiting: 0, sent: 1, failed: 0 });
    expect(body.data[0]).toMatchObject({ id, kind: 'account-approved', status: 'sent', attempts: 1 });
    expect(body.data[0]?.sentAt).not.toBeNull();
  });
});
