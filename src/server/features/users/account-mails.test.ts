import { describe, expect, it } from 'vitest';
import { USER_TYPE, type UserType } from '../../../shared/constants.js';
import { isolated } from '../../../shared/i18n/translator.js';
import { SCHOOL_CONTACT, SCHOOL_NAME } from '../../demo/people.js';
import { nowIso } from '../../lib/time.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { callAs } from '../../test/school-fixtures.js';

describe.each(TEST_ENGINES)('account mails on %s', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);

  /** A registration waiting for the principal, written straight into the database. */
  async function pending(name: string, email: string, type: UserType = USER_TYPE.teacher): Promise<number> {
    const now = nowIso();
    const row = await t.db
      .insertInto('app_user')
      .values({
        name,
        designation: type,
        description: '',
        type,
        gender: 'Other',
        dob: '1985-03-04',
        address: '1 Test Road',
        contact: '000',
        email,
        email_key: email,
        password_hash: 'not-a-hash',
        social_link: '',
        status: 'pending',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const decide = (id: number, payload: object) =>
    callAs(t.app, f, 'principal', { method: 'PATCH', url: `/api/users/${id}/status`, payload });

  const outboxOf = (address: string) =>
    t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();

  it('approving mails the registrant once: their name, that they can log in, the link to /login', async () => {
    const email = 'ada.approved@example.org';
    const id = await pending('Ada Approved', email);
    expect((await decide(id, { status: 'active' })).statusCode).toBe(200);
    await sendMail(t);
    const [mail, ...more] = smtp.to(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Your account at ${SCHOOL_NAME} is approved`);
    expect(mail?.text).toContain('Dear Ada Approved,');
    expect(mail?.text).toContain('You can now log in');
    expect(mail?.text).toContain('https://school.test/login');
    expect(mail?.html).toContain('href="https://school.test/login"');
    expect((await outboxOf(email)).map((row) => row.kind)).toEqual(['account-approved']);

    // Approving an active account again changes nothing and mails nothing.
    expect((await decide(id, { status: 'active' })).statusCode).toBe(200);
    expect(await outboxOf(email)).toHaveLength(1);
  });

  it('a Parent approved with links reads the children’s names and classes', async () => {
    const email = 'nadia.parent@example.org';
    const id = await pending('Nadia Parent', email, USER_TYPE.parent);
    const [aisha, yusuf] = f.children;
    const res = await decide(id, {
      status: 'active',
      links: [
        { studentId: aisha, relationship: 'Mother' },
        { studentId: yusuf, relationship: 'Mother' },
      ],
    });
    expect(res.statusCode).toBe(200);
    await sendMail(t);
    const [mail] = smtp.to(email);
    expect(mail?.text).toMatch(/linked to Aisha Rahman \(KG\) and Yusuf Rahman \(Class 2\)/);
    expect(mail?.text).toContain('https://school.test/login');
  });

  it('a Parent whose language is French reads the approval in French (the school offers it)', async () => {
    await t.db.updateTable('school_settings').set({ languages: 'en,fr,ar' }).execute();
    const email = 'francoise.parent@example.org';
    const id = await pending('Françoise Parent', email, USER_TYPE.parent);
    await t.db.updateTable('app_user').set({ language: 'fr' }).where('id', '=', id).execute();
    const [aisha, yusuf] = f.children;
    const res = await decide(id, {
      status: 'active',
      links: [
        { studentId: aisha, relationship: 'Mother' },
        { studentId: yusuf, relationship: 'Mother' },
      ],
    });
    expect(res.statusCode).toBe(200);
    await sendMail(t);
    const [mail] = smtp.to(email);
    expect(mail?.subject).toBe(`Votre compte sur ${SCHOOL_NAME} a été validé`);
    expect(mail?.text).toContain('Bonjour Françoise Parent,');
    expect(mail?.text).toContain('Votre compte est lié à Aisha Rahman (KG) et Yusuf Rahman (Class 2).');
    expect(mail?.text).toContain('de vos enfants.');
    expect(mail?.html).toContain('<html lang="fr">');
    expect(mail?.html).toContain('>Se connecter</a>');
    expect(mail?.text).not.toContain('Dear');
  });

  it('an Arabic rejection is in Arabic, right to left', async () => {
    await t.db.updateTable('school_settings').set({ languages: 'en,fr,ar' }).execute();
    const email = 'amal.rejected@example.org';
    const id = await pending('Amal Rejected', email);
    await t.db.updateTable('app_user').set({ language: 'ar' }).where('id', '=', id).execute();
    expect((await decide(id, { status: 'rejected' })).statusCode).toBe(200);
    await sendMail(t);
    const [mail] = smtp.to(email);
    expect(mail?.subject).toBe(`تسجيلك في ${isolated(SCHOOL_NAME)}`);
    expect(mail?.text).toContain(SCHOOL_CONTACT.email);
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
  });

  it('a Parent approved before the school links children is told the links come next', async () => {
    const email = 'no.children.yet@example.org';
    const id = await pending('Omar Waiting', email, USER_TYPE.parent);
    expect((await decide(id, { status: 'active' })).statusCode).toBe(200);
    await sendMail(t);
    expect(smtp.to(email)[0]?.text).toContain('has not linked your children to your account yet');
  });

  it('rejecting mails a short, polite note with the school’s email and phone', async () => {
    const email = 'rita.rejected@example.org';
    const id = await pending('Rita Rejected', email);
    expect((await decide(id, { status: 'rejected' })).statusCode).toBe(200);
    await sendMail(t);
    const [mail, ...more] = smtp.to(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Your registration at ${SCHOOL_NAME}`);
    expect(mail?.text).toContain('Dear Rita Rejected,');
    expect(mail?.text).toContain('could not approve your account');
    expect(mail?.text).toContain(SCHOOL_CONTACT.email);
    expect(mail?.text).toContain(SCHOOL_CONTACT.phone);
    expect(mail?.text).not.toContain('/login');
    // Rejecting again: no second mail.
    expect((await decide(id, { status: 'rejected' })).statusCode).toBe(200);
    expect(await outboxOf(email)).toHaveLength(1);
  });

  it('rejecting an active account says it was closed', async () => {
    const email = 'closed.account@example.org';
    const id = await pending('Cleo Closed', email);
    await decide(id, { status: 'active' });
    expect((await decide(id, { status: 'rejected' })).statusCode).toBe(200);
    const kinds = (await outboxOf(email)).map((row) => row.kind);
    expect(kinds).toEqual(['account-approved', 'account-rejected']);
    await sendMail(t);
    expect(smtp.to(email)[1]?.subject).toBe(`Your account at ${SCHOOL_NAME} was closed`);
  });

  it('nothing is mailed when the decision is refused', async () => {
    const email = 'refused.links@example.org';
    const id = await pending('Tess Teacher', email);
    const res = await decide(id, {
      status: 'active',
      links: [{ studentId: f.children[0], relationship: 'Mother' }],
    });
    expect(res.statusCode).toBe(400);
    expect(await outboxOf(email)).toEqual([]);
    expect((await decide(999_999, { status: 'active' })).statusCode).toBe(404);
  });

  it('two approvals at the same moment queue one mail', async () => {
    const email = 'twice.at.once@example.org';
    const id = await pending('Tom Twice', email);
    const answers = await Promise.all([decide(id, { status: 'active' }), decide(id, { status: 'active' })]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await outboxOf(email)).toHaveLength(1);
  });
});
