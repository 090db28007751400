import { describe, expect, it } from 'vitest';
import { MAIL_MESSAGES } from '../../../shared/api/mail.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { sendMail, withMailingDemoSchool } from '../../test/mail.js';
import { callAs } from '../../test/school-fixtures.js';
import { composeMail } from './compose.js';
import { fillLinkKeys, KEY_PLACEHOLDER, takeLinkKeys } from './link-keys.js';
import { enqueueMails } from './outbox.repository.js';
import { LINK_KEYS_GONE } from './sender.js';

/**
 * A mail's stored body keeps a link's key only until the mail is sent, fails or is too old
 * (docs/decisions/0037-no-live-secret-at-rest.md): the key waits beside the mail, goes back into
 * the link on the way out, and is dropped then.
 */

describe('taking the keys out of a mail and putting them back', () => {
  it('replaces every token with the placeholder, in order, and fills them back exactly', () => {
    const texts = {
      text: 'Open https://x.test/a?token=AAA and https://x.test/b?x=1&token=BBB-_9',
      html: '<a href="https://x.test/a?token=AAA">a</a>',
      headers: '{"List-Unsubscribe":"<https://x.test/u?token=CCC>"}',
    };
    const { texts: taken, keys } = takeLinkKeys(texts);
    expect(keys).toEqual(['AAA', 'BBB-_9', 'AAA', 'CCC']);
    expect(taken.text).toBe(
      `Open https://x.test/a?token=${KEY_PLACEHOLDER} and https://x.test/b?x=1&token=${KEY_PLACEHOLDER}`,
    );
    expect(JSON.stringify(taken)).not.toMatch(/AAA|BBB|CCC/);
    expect(fillLinkKeys(taken, keys)).toEqual(texts);
    // Without its keys (or with keys that do not fit), a mail with links cannot be made whole.
    expect(fillLinkKeys(taken, null)).toBeUndefined();
    expect(fillLinkKeys(taken, ['AAA'])).toBeUndefined();
    // A mail without links needs none.
    const plain = { text: 'Hello', html: '<p>Hello</p>', headers: '{}' };
    expect(takeLinkKeys(plain)).toEqual({ texts: plain, keys: null });
    expect(fillLinkKeys(plain, null)).toEqual(plain);
  });
});

describe.each(TEST_ENGINES)('the keys of a mail’s links in the outbox (%s)', (engine) => {
  const { t, f, smtp } = withMailingDemoSchool(engine);

  const queue = async (address: string, token: string) => {
    const [id] = await enqueueMails(
      t.db,
      [
        composeMail('Sunshine Kindergarten', {
          kind: 'password-reset',
          to: { address, name: 'A Teacher' },
          subject: 'Set a new password',
          paragraphs: ['Use the button.'],
          action: { label: 'Set a new password', url: `https://school.test/reset-password?token=${token}` },
        }),
      ],
      'school.test',
    );
    return id ?? 0;
  };
  const row = (id: number) =>
    t.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sends the link whole, then keeps the mail without its key; the Outbox shows `…`', async () => {
    const token = 'k'.repeat(43);
    const id = await queue('sent@example.org', token);
    const waiting = await row(id);
    // The link is in the text, and twice in the HTML (the button and the bare link, shown and linked).
    expect(JSON.parse(waiting.link_keys ?? '[]')).toEqual([token, token, token, token]);
    expect(`${waiting.text_body}${waiting.html_body}`).not.toContain(token);

    expect(await sendMail(t)).toBe(1);
    const [mail] = smtp.to('sent@example.org');
    expect(mail?.text).toContain(`https://school.test/reset-password?token=${token}`);
    expect(mail?.html).toContain(`href="https://school.test/reset-password?token=${token}"`);

    const sent = await row(id);
    expect(sent.status).toBe('sent');
    expect(sent.link_keys).toBeNull();
    const shown = await callAs(t.app, f, 'principal', { url: `/api/admin/outbox/${id}` });
    expect(shown.json().data.text).toContain(`/reset-password?token=${KEY_PLACEHOLDER}`);
    expect(shown.body).not.toContain(token);
  });

  it('drops the key of a mail that fails for good; such a mail is not sent again (409)', async () => {
    const id = await queue('refused@example.org', 'r'.repeat(43));
    smtp.refuseNext(1, 550);
    await sendMail(t);
    const failed = await row(id);
    expect(failed.status).toBe('failed');
    expect(failed.link_keys).toBeNull();
    const retry = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: `/api/admin/outbox/${id}/retry`,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toMatchObject({ code: 'LINK_GONE', message: MAIL_MESSAGES.linkGone });
    expect((await row(id)).status).toBe('failed');
  });

  it('fails, and does not send, a waiting mail whose key is gone (as one restored from a backup)', async () => {
    const id = await queue('restored@example.org', 's'.repeat(43));
    await t.db.updateTable('mail_outbox').set({ link_keys: null }).where('id', '=', id).execute();
    expect(await sendMail(t)).toBe(0);
    expect(smtp.to('restored@example.org')).toEqual([]);
    const failed = await row(id);
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toBe(LINK_KEYS_GONE);
  });
});
