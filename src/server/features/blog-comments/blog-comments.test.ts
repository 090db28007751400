import { describe, expect, it } from 'vitest';
import { BLOG_COMMENT_MESSAGES } from '../../../shared/api/blog-comments.js';
import { HONEYPOT_FIELD } from '../../../shared/api/newsletter.js';
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
});
