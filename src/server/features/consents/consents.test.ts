import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConsentsAnswerSchema, NO_CHILD_CONSENTS, photoConsentsOf } from '../../../shared/api/consents.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { buildApp } from '../../app.js';
import { connectDatabase, type Db } from '../../db/connect.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { bearer, type Caller, callAs, userWithSession, withDemoSchool } from '../../test/school-fixtures.js';
import { childConsents, consentHistory } from './consents.repository.js';

/**
 * Consents kept as a ledger (docs/decisions/0111-consent-as-a-ledger.md), on both engines: each
 * change is an entry with who, when and how; the current state is the latest entry, read by the
 * care details, photo moments and the website's gallery; a withdrawal made through one server
 * process hides the child's pictures from the gallery another process answers, at its next request;
 * only the child's guardians and staff with access see them (404 for anyone else).
 */
describe.each(TEST_ENGINES)('consents as a ledger (%s)', (engine) => {
  const { t, f } = withDemoSchool(engine);
  /** A second server process on the same database. */
  let other: FastifyInstance;
  let otherDb: Db;
  let aisha: number;

  beforeAll(async () => {
    otherDb = await connectDatabase(t.config);
    other = await buildApp(t.appConfig, { db: otherDb, logger: false });
    await other.ready();
    aisha = f.users.student;
  });
  afterAll(async () => {
    await other?.close();
  });

  const consents = (who: Caller | undefined, id = aisha, app = t.app) =>
    callAs(app, f, who, { method: 'GET', url: `/api/pupils/${id}/consents` });
  const change = (who: Caller, payload: object, id = aisha, app = t.app) =>
    callAs(app, f, who, { method: 'POST', url: `/api/pupils/${id}/consents`, payload });

  it('records each change with who, when and how; the current state is the latest entry', async () => {
    const first = await consents('parent');
    expect(first.statusCode, first.body).toBe(200);
    const before = ConsentsAnswerSchema.parse(first.json()).data;
    expect(before.mayChange).toBe(true);
    expect(before.mayRecordPaper).toBe(false);
    // The demo's consents were recorded from paper by the principal.
    expect(before.history.length).toBeGreaterThanOrEqual(3);

    const withdrawn = await change('parent', { kind: 'otherFamilies', given: false });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const after = ConsentsAnswerSchema.parse(withdrawn.json()).data;
    expect(after.current).toEqual({ ...before.current, otherFamilies: false });
    expect(after.history[0]).toMatchObject({
      kind: 'otherFamilies',
      given: false,
      by: 'Kofi Rahman',
      how: 'app',
    });
    expect(Date.parse(after.history[0]?.at ?? '')).not.toBeNaN();

    // The same answer again appends nothing.
    const again = ConsentsAnswerSchema.parse(
      (await change('parent', { kind: 'otherFamilies', given: false })).json(),
    );
    expect(again.data.history).toHaveLength(after.history.length);

    // The principal records a consent given on paper; the care details read the ledger.
    const paper = await change('principal', { kind: 'otherFamilies', given: true, fromPaper: true });
    expect(paper.statusCode, paper.body).toBe(200);
    expect(ConsentsAnswerSchema.parse(paper.json()).data.history[0]).toMatchObject({
      kind: 'otherFamilies',
      given: true,
      how: 'paper',
    });
    const care = await callAs(t.app, f, 'parent', { method: 'GET', url: `/api/pupils/${aisha}/care` });
    const ledger = (await childConsents(t.db, [aisha])).get(aisha);
    expect(ledger).toBeDefined();
    expect(care.json().data.details.photoConsent).toEqual(photoConsentsOf(ledger ?? NO_CHILD_CONSENTS));
    expect(care.json().data.details.photoConsent.otherFamilies).toBe(true);
  });

  it('a care form save appends an entry for each consent it changes, and only those', async () => {
    const care = (
      await callAs(t.app, f, 'parent', { method: 'GET', url: `/api/pupils/${aisha}/care` })
    ).json().data.details;
    const entries = (await consentHistory(t.db, aisha)).length;
    const saved = await callAs(t.app, f, 'parent', {
      method: 'PUT',
      url: `/api/pupils/${aisha}/care`,
      payload: { ...care, photoConsent: { ...care.photoConsent, ownFamily: !care.photoConsent.ownFamily } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const history = await consentHistory(t.db, aisha);
    expect(history).toHaveLength(entries + 1);
    expect(history[0]).toMatchObject({ kind: 'ownFamily', given: !care.photoConsent.ownFamily, how: 'app' });
    await change('parent', { kind: 'ownFamily', given: care.photoConsent.ownFamily });

    // A save that leaves the consents out keeps them as the ledger has them.
    const { photoConsent: _left, ...withoutConsents } = care;
    const kept = await callAs(t.app, f, 'parent', {
      method: 'PUT',
      url: `/api/pupils/${aisha}/care`,
      payload: { ...withoutConsents, medical: { ...care.medical, conditions: 'Asthma, mild' } },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.details.photoConsent).toEqual(care.photoConsent);
    expect(await consentHistory(t.db, aisha)).toHaveLength(entries + 2);
  });

  it('a withdrawal made through one process hides the child’s pictures from the gallery another answers, at its next request', async () => {
    const galleryImages = async () => {
      const res = await t.app.inject({ url: '/api/gallery' });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { id: number; images: { image: string }[] }[] }).data.flatMap((r) =>
        r.images.map((i) => i.image),
      );
    };
    const [record] = (await t.app.inject({ url: '/api/gallery' })).json().data as {
      id: number;
      images: { image: string }[];
    }[];
    const image = record?.images[0]?.image;
    if (!record || !image) throw new Error('the demo gallery has a picture');
    await change('parent', { kind: 'website', given: true });
    const tag = await callAs(t.app, f, 'principal', {
      method: 'PUT',
      url: `/api/admin/content/gallery/${record.id}/children`,
      payload: { images: [{ image, children: [aisha] }] },
    });
    expect(tag.statusCode, tag.body).toBe(200);
    // Kept: asked twice, the same answer, with the picture.
    expect(await galleryImages()).toContain(image);
    expect(await galleryImages()).toContain(image);

    const withdrawn = await change('parent', { kind: 'website', given: false }, aisha, other);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    // PostgreSQL tells the first process by notification, a moment after the commit; until it has
    // heard, it asks the database (lib/data-version.ts): the very next request already leaves it out.
    expect(await galleryImages()).not.toContain(image);
    expect((await t.app.inject({ url: '/api/gallery?lang=fr' })).body).not.toContain(image);

    const given = await change('parent', { kind: 'website', given: true }, aisha, other);
    expect(given.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await galleryImages()).toContain(image), {
      timeout: 5000,
      interval: 20,
    });
  });

  it('only the child’s guardians and staff with access see and change them: 404 for anyone else', async () => {
    const stranger = await userWithSession(t.db, USER_TYPE.parent, 'Pat Stranger');
    const entries = (await consentHistory(t.db, aisha)).length;
    // The class teacher reads them, and may not change them.
    const read = await consents('teacher');
    expect(read.statusCode).toBe(200);
    expect(ConsentsAnswerSchema.parse(read.json()).data.mayChange).toBe(false);
    expect((await change('teacher', { kind: 'website', given: true })).statusCode).toBe(403);
    // Only the principal records a paper consent.
    expect((await change('parent', { kind: 'website', given: true, fromPaper: true })).statusCode).toBe(403);
    for (const who of ['teacher2', 'student', 'student2'] as const) {
      expect((await consents(who)).statusCode, who).toBe(404);
      expect((await change(who, { kind: 'website', given: true })).statusCode, who).toBe(404);
    }
    const strangerGet = await t.app.inject({
      url: `/api/pupils/${aisha}/consents`,
      headers: bearer(stranger.token),
    });
    expect(strangerGet.statusCode).toBe(404);
    const strangerPost = await t.app.inject({
      method: 'POST',
      url: `/api/pupils/${aisha}/consents`,
      headers: bearer(stranger.token),
      payload: { kind: 'website', given: true },
    });
    expect(strangerPost.statusCode).toBe(404);
    // No school user at all: the school area's gate.
    expect((await consents('director')).statusCode).toBe(403);
    expect((await consents(undefined)).statusCode).toBe(401);
    // An id that is no pupil, and bad bodies.
    expect((await consents('principal', f.users.teacher)).statusCode).toBe(404);
    expect((await change('principal', { kind: 'trips', given: true })).statusCode).toBe(400);
    expect((await change('principal', { kind: 'website' })).statusCode).toBe(400);
    expect((await change('principal', { kind: 'website', given: 'yes' })).statusCode).toBe(400);
    expect((await change('principal', { kind: 'website', given: true, extra: 1 })).statusCode).toBe(400);
    expect(await consentHistory(t.db, aisha)).toHaveLength(entries);
  });
});
