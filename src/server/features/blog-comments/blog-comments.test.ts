import { describe, expect, it } from 'vitest';
import { BLOG_COMMENT_MESSAGES, POST_QUERY_MESSAGE } from '../../../shared/api/blog-comments.js';
import { BLOG_COMMENT_FORM_POST } from '../../../shared/api/form-posts.js';
import { MAIL_LINK_PATHS } from '../../../shared/api/mail.js';
import { HONEYPOT_FIELD } from '../../../shared/api/newsletter.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { PUBLIC_URL_MARK } from '../../../shared/mail-links.js';
import { FORM_RATE_LIMIT } from '../../lib/public-forms.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { callAs, withDemoSchool } from '../../test/school-fixtures.js';
import { nextAddress } from '../users/test-helpers.js';

/** Blog comments (docs/decisions/0049-blog-comments.md): sent, pending, approved, shown. */
describe.each(TEST_ENGINES)('blog comments on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const firstPostId = async () =>
    (
      await t.db
        .selectFrom('content_record')
        .select('id')
        .where('collection', '=', 'blog')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  const send = (payload: object, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/blog-comments', payload, remoteAddress });
  const published = async () => (await t.app.inject({ url: '/api/blog-comments' })).json().data;
  const moderation = (query = '') =>
    callAs(t.app, f, 'principal', { method: 'GET', url: `/api/admin/blog-comments${query}` });
  const decide = (id: number, status: string) =>
    callAs(t.app, f, 'principal', {
      method: 'PATCH',
      url: `/api/admin/blog-comments/${id}`,
      payload: { status },
    });

  it('a sent comment waits for the principal; approved it is public without its email; rejected it goes', async () => {
    const postId = await firstPostId();
    const sent = await send({
      postId,
      name: '  Rosa Parent ',
      email: 'rosa@example.org',
      message: 'What a lovely trip!',
      [HONEYPOT_FIELD]: '',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await published()).toEqual([]);

    const waiting = await moderation('?status=pending');
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.headers['cache-control']).toBe('no-store');
    const [comment] = waiting.json().data;
    expect(comment).toMatchObject({
      postId,
      name: 'Rosa Parent',
      email: 'rosa@example.org',
      status: 'pending',
      postTitle: expect.any(String),
    });
    expect(waiting.json().pending).toBe(1);

    const approved = await decide(comment.id, 'approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    expect(await published()).toEqual([
      {
        id: comment.id,
        postId,
        name: 'Rosa Parent',
        message: 'What a lovely trip!',
        createdAt: expect.any(String),
      },
    ]);
    expect((await moderation()).json().pending).toBe(0);

    expect((await decide(comment.id, 'rejected')).statusCode).toBe(200);
    expect(await published()).toEqual([]);
  });

  it('takes a comment on the blog detail page’s own article (postId null)', async () => {
    const res = await send({ postId: null, name: 'Sam', email: 'sam@example.org', message: 'Nice.' });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db
      .selectFrom('blog_comment')
      .selectAll()
      .where('name', '=', 'Sam')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ post_id: null, status: 'pending', decided_at: null });
  });

  it('a filled honeypot answers as a success and stores nothing', async () => {
    const before = (await moderation()).json().data.length;
    const res = await send({
      postId: null,
      name: 'Robot',
      email: 'robot@example.org',
      message: 'Buy now',
      [HONEYPOT_FIELD]: 'https://spam.example',
    });
    expect(res.statusCode).toBe(201);
    expect((await moderation()).json().data).toHaveLength(before);
  });

  it('refuses an unknown post, empty fields and a bad status with 400 and stores nothing', async () => {
    const before = (await moderation()).json().data.length;
    const unknown = await send({ postId: 999_999, name: 'A', email: 'a@example.org', message: 'Hi' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([
      { field: 'postId', message: BLOG_COMMENT_MESSAGES.postNotFound },
    ]);
    const empty = await send({ postId: null, name: ' ', email: 'nope', message: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining([
        BLOG_COMMENT_MESSAGES.enterName,
        BLOG_COMMENT_MESSAGES.invalidEmail,
        BLOG_COMMENT_MESSAGES.enterMessage,
      ]),
    );
    const tooLong = await send({
      postId: null,
      name: 'A',
      email: 'a@example.org',
      message: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await moderation()).json().data).toHaveLength(before);

    expect((await decide(999_999, 'approved')).statusCode).toBe(404);
    const [any] = (await moderation()).json().data;
    expect((await decide(any.id, 'published')).statusCode).toBe(400);
    expect((await moderation('?status=everything')).statusCode).toBe(400);
  });

  it(`limits comments per address: ${FORM_RATE_LIMIT.max} sends, then 429`, async () => {
    const address = nextAddress();
    const comment = { postId: null, name: 'Flood', email: 'flood@example.org', message: 'Again' };
    for (let i = 0; i < FORM_RATE_LIMIT.max; i++) expect((await send(comment, address)).statusCode).toBe(201);
    const limited = await send(comment, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('only the principal moderates', async () => {
    for (const caller of ['teacher', 'student', 'parent'] as const) {
      const res = await callAs(t.app, f, caller, { method: 'GET', url: '/api/admin/blog-comments' });
      expect(res.statusCode, caller).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/admin/blog-comments' })).statusCode).toBe(401);
  });

  /** Every comment still waiting, rejected: the next one sent starts a new batch. */
  const clearWaiting = async () => {
    for (const comment of (await moderation('?status=pending')).json().data) {
      expect((await decide(comment.id, 'rejected')).statusCode).toBe(200);
    }
  };
  const notices = () =>
    t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body', 'html_body'])
      .where('kind', '=', 'blog-comment')
      .orderBy('id')
      .execute();
  const activePrincipals = async () =>
    (
      await t.db
        .selectFrom('app_user')
        .select('email')
        .where('type', '=', USER_TYPE.principal)
        .where('status', '=', 'active')
        .orderBy('id')
        .execute()
    ).map((row) => row.email);

  it('one notice per waiting batch: the first comment mails each principal, a flood after it none', async () => {
    await clearWaiting();
    const before = (await notices()).length;
    const postId = await firstPostId();
    const comment = { postId, name: 'Flo', email: 'flo@example.org', message: 'First!' };
    expect((await send(comment)).statusCode).toBe(201);

    const principals = await activePrincipals();
    expect(principals.length).toBeGreaterThan(0);
    const first = (await notices()).slice(before);
    expect(first.map((mail) => mail.to_address)).toEqual(principals);
    for (const mail of first) {
      // The link is made at send (docs/decisions/0048-one-clock-and-mail-links-at-send.md).
      expect(mail.text_body).toContain(`${PUBLIC_URL_MARK}${MAIL_LINK_PATHS.blogComments}`);
      expect(mail.html_body).toContain(`${PUBLIC_URL_MARK}${MAIL_LINK_PATHS.blogComments}`);
      // The stranger's words stay on the school's screen.
      expect(mail.text_body).not.toContain('First!');
    }

    // More while the first waits, by JSON and by the plain form: no more mail.
    for (let i = 0; i < 3; i++)
      expect((await send({ ...comment, message: `Again ${i}` })).statusCode).toBe(201);
    const plain = await t.app.inject({
      method: 'POST',
      url: BLOG_COMMENT_FORM_POST.action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        postId: '',
        name: 'Plain',
        email: 'plain@example.org',
        message: 'Hi',
      }).toString(),
      remoteAddress: nextAddress(),
    });
    expect(plain.statusCode, plain.body).toBe(303);
    expect((await moderation('?status=pending')).json().pending).toBe(5);
    expect(await notices()).toHaveLength(before + principals.length);

    // Dealt with, the next comment starts a new batch and mails again.
    await clearWaiting();
    expect((await send({ ...comment, message: 'Later' })).statusCode).toBe(201);
    expect(await notices()).toHaveLength(before + 2 * principals.length);
  });

  it('comments sent at the same moment into an empty queue still mail each principal once', async () => {
    await clearWaiting();
    const before = (await notices()).length;
    const sent = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        send({ postId: null, name: `Rush ${i}`, email: 'rush@example.org', message: 'At once' }),
      ),
    );
    expect(sent.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await notices()).toHaveLength(before + (await activePrincipals()).length);
  });

  it('a refused comment (an unknown post) stores nothing and mails no one', async () => {
    await clearWaiting();
    const before = (await notices()).length;
    const res = await send({ postId: 999_998, name: 'A', email: 'a@example.org', message: 'Hi' });
    expect(res.statusCode).toBe(400);
    expect((await moderation('?status=pending')).json().pending).toBe(0);
    expect(await notices()).toHaveLength(before);
  });

  it('?post= answers one article’s approved comments: a post’s, or none for /blogdetail’s own', async () => {
    const posts = await t.db
      .selectFrom('content_record')
      .select('id')
      .where('collection', '=', 'blog')
      .orderBy('id')
      .limit(2)
      .execute();
    const [one, other] = posts.map((post) => post.id);
    if (one === undefined || other === undefined) throw new Error('The demo school has two blog posts.');
    for (const [postId, name] of [
      [one, 'On one'],
      [other, 'On other'],
      [null, 'On the page'],
    ] as const) {
      expect((await send({ postId, name, email: 'x@example.org', message: name })).statusCode).toBe(201);
    }
    const mine = (await moderation('?status=pending')).json().data as { id: number; name: string }[];
    for (const comment of mine.filter((c) => c.name.startsWith('On '))) {
      expect((await decide(comment.id, 'approved')).statusCode).toBe(200);
    }
    const names = async (query: string) => {
      const res = await t.app.inject({ url: `/api/blog-comments${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { name: string; postId: number | null }[]).map((c) => [c.postId, c.name]);
    };
    const all = await names('');
    expect(all).toEqual(
      expect.arrayContaining([
        [one, 'On one'],
        [other, 'On other'],
        [null, 'On the page'],
      ]),
    );
    expect((await names(`?post=${one}`)).every(([postId]) => postId === one)).toBe(true);
    expect(await names(`?post=${one}`)).toContainEqual([one, 'On one']);
    expect(await names(`?post=${other}`)).toEqual(all.filter(([postId]) => postId === other));
    expect(await names('?post=none')).toEqual(all.filter(([postId]) => postId === null));
    expect(await names('?post=2147483000')).toEqual([]);
    for (const bad of ['abc', '0', '-1', '1.5', '', 'null', '99999999999']) {
      const res = await t.app.inject({ url: `/api/blog-comments?post=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.details[0].field, bad).toBe('post');
    }
    expect((await t.app.inject({ url: '/api/blog-comments?post=abc' })).json().error.details[0].message).toBe(
      POST_QUERY_MESSAGE,
    );
  });
});
