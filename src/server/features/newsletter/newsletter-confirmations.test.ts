import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CONFIRMATIONS_PER_MAILBOX } from '../../../shared/api/newsletter.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { call, nextAddress } from '../users/test-helpers.js';
import { mailboxOf } from './newsletter.service.js';

/**
 * The newsletter form is anyone's: it must not become a way to aim mail at someone
 * (docs/decisions/0039-private-answers-and-limits.md). One mailbox gets a few confirmation mails a
 * day however its address is spelt, and those mails carry nothing the sender chose.
 */

describe('the mailbox of an address', () => {
  it('folds letter case and a +tag, and nothing else', () => {
    expect(mailboxOf('Victim+1@Example.ORG')).toBe('victim@example.org');
    expect(mailboxOf(' victim+news+more@example.org ')).toBe('victim@example.org');
    expect(mailboxOf('victim@example.org')).toBe('victim@example.org');
    expect(mailboxOf('first.last@example.org')).toBe('first.last@example.org');
    // A tag with nothing before it is no tag.
    expect(mailboxOf('+only@example.org')).toBe('+only@example.org');
    expect(mailboxOf('victim@sub+domain.example')).toBe('victim@sub+domain.example');
  });
});

describe.each(TEST_ENGINES)('newsletter confirmations on %s', (engine) => {
  const { t, smtp } = withMailingDemoSchool(engine);
  const { max } = NEWSLETTER_CONFIRMATIONS_PER_MAILBOX;

  /** From a new client address each time: the form's per-address limit is not what is tested. */
  const subscribe = (body: object) =>
    call(t.app, { method: 'POST', url: '/api/newsletter', payload: body, remoteAddress: nextAddress() });
  const confirmationsQueuedTo = async (domain: string) =>
    (
      await t.db
        .selectFrom('mail_outbox')
        .select('to_address')
        .where('kind', '=', 'newsletter-confirm')
        .where(sql<string>`lower(to_address)`, 'like', `%@${domain}`)
        .execute()
    ).length;

  it('a visitor whose browser asks for French gets the confirmation mail in French', async () => {
    await t.db.updateTable('school_settings').set({ languages: 'en,fr,ar' }).execute();
    const email = 'lea.visitor@example.org';
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/newsletter',
      payload: { name: 'Léa Visitor', email },
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await t.db
      .selectFrom('newsletter_subscriber')
      .select('language')
      .where('email_key', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.language).toBe('fr');
    await sendMail(t);
    const [mail] = smtp.to(email);
    expect(mail?.subject).toMatch(/^Veuillez confirmer votre abonnement/);
    expect(mail?.text).toContain('Bonjour,');
    expect(mail?.text).toContain('Confirmer mon abonnement');
  });

  it(`20 spellings of one mailbox: ${max} confirmation mails, every answer as usual`, async () => {
    const answers = [];
    for (let i = 1; i <= 20; i++) {
      const email = `${i % 2 ? 'Victim' : 'victim'}+${i}@Aimed.example`;
      answers.push(await subscribe({ name: 'A stranger', email }));
    }
    // The form says the same to every one of them: it tells nobody where the mail stopped.
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ data: { received: true } });
    }
    expect(await confirmationsQueuedTo('aimed.example')).toBe(max);
    expect(await sendMail(t)).toBe(max);
    expect(smtp.mails.filter((mail) => /@aimed\.example/i.test(mail.to))).toHaveLength(max);

    // The plain address is the same mailbox; another mailbox has its own count.
    await subscribe({ name: 'A stranger', email: 'victim@aimed.example' });
    expect(await confirmationsQueuedTo('aimed.example')).toBe(max);
    await subscribe({ name: 'Someone else', email: 'other@aimed.example' });
    expect(await confirmationsQueuedTo('aimed.example')).toBe(max + 1);
  });

  it('sign-ups at once share the count too, on every engine', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        subscribe({ name: 'A stranger', email: `rush+${i}@rushed.example` }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect(await confirmationsQueuedTo('rushed.example')).toBe(max);
  });

  it('a sign-up that mails nothing costs the mailbox nothing; a day later it may be mailed again', async () => {
    // An address on the list and unconfirmed, mailed within the hour: repeats mail nothing and use
    // none of the mailbox's count.
    expect((await subscribe({ name: 'Rae', email: 'rae@later.example' })).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) {
      expect((await subscribe({ name: 'Rae', email: 'RAE@later.example' })).statusCode).toBe(200);
    }
    for (let i = 1; i < max; i++) await subscribe({ name: 'Rae', email: `rae+${i}@later.example` });
    expect(await confirmationsQueuedTo('later.example')).toBe(max);
    await subscribe({ name: 'Rae', email: 'rae+over@later.example' });
    expect(await confirmationsQueuedTo('later.example')).toBe(max);

    // The count's window ends (as a day would end it): the mailbox may be mailed again.
    await t.db
      .updateTable('attempt_counter')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    await subscribe({ name: 'Rae', email: 'rae+next-day@later.example' });
    expect(await confirmationsQueuedTo('later.example')).toBe(max + 1);
  });

  it('the confirmation mail echoes nothing the sender chose: no name in the greeting or the To: header', async () => {
    const planted = 'Your account is locked, call +1 555 0100 at once';
    const res = await subscribe({ name: planted, email: 'target@echo.example' });
    expect(res.statusCode, res.body).toBe(201);
    await sendMail(t);
    const [mail] = smtp.to('target@echo.example');
    expect(mail?.text).toContain('Hello,');
    const toHeader = mail?.parsed.headerLines.find((header) => header.key === 'to')?.line;
    expect(toHeader).toMatch(/target@echo\.example/);
    for (const text of [mail?.text, mail?.html, mail?.subject, toHeader]) {
      expect(text).toBeDefined();
      expect(text).not.toContain(planted);
      expect(text).not.toContain('555 0100');
    }
    // The outbox keeps no name either; the subscriber's row does, for the newsletters after they confirm.
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select('to_name')
      .where('to_address', '=', 'target@echo.example')
      .executeTakeFirstOrThrow();
    expect(outbox.to_name).toBe('');
  });
});
