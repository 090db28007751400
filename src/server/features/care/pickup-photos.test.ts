import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CareDetails, PICKUP_PHOTO_RULES, pickupPhotoPath } from '../../../shared/api/family.js';
import { USER_TYPE } from '../../../shared/constants.js';
import type { FileStoreKind } from '../../config.js';
import { DiskFileStore } from '../../lib/file-store/disk-file-store.js';
import { nowIso } from '../../lib/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { sampleCare } from '../../test/care.js';
import { TEST_ENGINES } from '../../test/databases.js';
import {
  bearer,
  type Caller,
  type SchoolFixture,
  schoolFixture,
  userWithSession,
} from '../../test/school-fixtures.js';
import { png } from '../users/test-helpers.js';
import { saveCareRecord } from './care.repository.js';
import { claimPhotoUpload, PickupPhotoSweeper, sweepUnusedPickupPhotos } from './pickup-photos.js';

/**
 * Pick-up photos are the child's (docs/decisions/0040-pick-up-photos.md), on both engines and both
 * file stores: only those who read the child's care details get a photo, with `private, no-store`;
 * `/uploads` serves none; an upload no care document names goes after a day (a clock the test sets,
 * not a wait); an account uploads at most PICKUP_PHOTO_RULES.perHour an hour.
 *
 * The demo parent is the guardian of student@ (KG, taught by teacher@, not by teacher2@) and of
 * her brother; `stranger` is a Parent of another family.
 */

const HOUR_MS = 60 * 60 * 1000;
const STORES: readonly FileStoreKind[] = ['disk', 'database'];
const CASES = TEST_ENGINES.flatMap((engine) => STORES.map((store) => [engine, store] as const));

type Who = Caller | 'stranger' | 'nobody';

describe.each(CASES)('pick-up photos on %s with FILE_STORE=%s', (engine, store) => {
  let t: TestApp;
  let f: SchoolFixture;
  let stranger: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true, fileStore: store });
    f = await schoolFixture(t);
    stranger = await userWithSession(t.db, USER_TYPE.parent, 'Pat Stranger');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const tokenOf = (who: Who | { token: string }) =>
    typeof who === 'object'
      ? who.token
      : who === 'stranger'
        ? stranger.token
        : who === 'nobody'
          ? undefined
          : f.tokens[who];
  const as = (who: Who | { token: string }, options: InjectOptions) => {
    const token = tokenOf(who);
    return t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  };

  const upload = async (who: Who | { token: string }, studentId = f.users.student) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await png(32, 32))], { type: 'image/png' }), 'gran.png');
    const request = new Request('http://x', { method: 'POST', body: form });
    return as(who, {
      method: 'POST',
      url: `/api/pupils/${studentId}/care/pickup-photo`,
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };
  const uploaded = async (studentId = f.users.student): Promise<string> => {
    const res = await upload('parent', studentId);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: { image: string } }).data.image;
  };
  const detailsWith = (...photos: string[]): CareDetails => {
    const care = sampleCare();
    return {
      ...care,
      pickups: photos.map((photo, i) => ({
        ...care.pickups[0],
        name: `Pick-up ${i}`,
        photo,
      })) as CareDetails['pickups'],
    };
  };
  const save = (details: CareDetails, studentId = f.users.student) =>
    as('parent', { method: 'PUT', url: `/api/pupils/${studentId}/care`, payload: details });
  const fetchPhoto = (who: Who, photo: string, studentId = f.users.student) =>
    as(who, { method: 'GET', url: `/api/${pickupPhotoPath(studentId, photo)}` });

  /** Makes a stored file look `ms` older, as the store tells its age. */
  const age = async (stored: string, ms: number) => {
    const info = await t.app.files.stat(stored);
    if (!info) throw new Error(`no stored ${stored}`);
    const then = new Date(info.storedAt.getTime() - ms);
    if (t.app.files instanceof DiskFileStore) {
      await fs.utimes(path.join(t.app.files.root, ...stored.split('/')), then, then);
    } else {
      await t.db
        .updateTable('stored_file')
        .set({ stored_at: then.toISOString() })
        .where('path', '=', stored)
        .execute();
    }
  };

  it('the child’s guardian, class teacher and principal get a photo with private, no-store; /uploads serves none', async () => {
    const photo = await uploaded();
    expect(photo).toMatch(new RegExp(`^care/${f.users.student}/[0-9a-f]{32}\\.webp$`));
    expect((await save(detailsWith(photo))).statusCode).toBe(200);
    const bytes = await t.app.files.read(photo);
    for (const who of ['parent', 'teacher', 'principal'] as const) {
      const res = await fetchPhoto(who, photo);
      expect(res.statusCode, `${who}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(bytes as Buffer)).toBe(true);
    }
    // No public address: not for a stranger, not for the child's own guardian, in no spelling.
    for (const who of ['nobody', 'stranger', 'parent', 'principal'] as const) {
      for (const url of [`/uploads/${photo}`, `/uploads/${photo.replace('care/', 'Care/')}`]) {
        const res = await as(who, { method: 'GET', url });
        expect(res.statusCode, `${who} ${url}`).toBe(404);
        expect(res.headers['cache-control'] ?? '').not.toContain('public');
      }
    }
  });

  it('anyone else gets 404 (another family, a teacher of another class, a pupil); no token 401', async () => {
    const photo = await uploaded();
    expect((await save(detailsWith(photo))).statusCode).toBe(200);
    for (const who of ['stranger', 'teacher2', 'student', 'student2'] as const) {
      const res = await fetchPhoto(who, photo);
      expect(res.statusCode, who).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
    expect((await fetchPhoto('nobody', photo)).statusCode).toBe(401);
    // A photo of one child is not reached through another child's address, even by their guardian.
    expect((await fetchPhoto('parent', photo, f.children[1])).statusCode).toBe(404);
    // Names that are no photo's: 400 or 404, never a file outside the folder.
    for (const name of ['..%2F..%2Fpackage.json', 'x.webp', `${'0'.repeat(32)}.webp`]) {
      const res = await as('parent', {
        method: 'GET',
        url: `/api/pupils/${f.users.student}/care/pickup-photos/${name}`,
      });
      expect([400, 404], name).toContain(res.statusCode);
    }
  });

  it('an upload not saved yet is shown to those who read the child’s details (the form’s preview)', async () => {
    const photo = await uploaded();
    expect((await fetchPhoto('parent', photo)).statusCode).toBe(200);
    expect((await fetchPhoto('stranger', photo)).statusCode).toBe(404);
  });

  it('a photo from before the per-child folders is still shown while the child’s document names it', async () => {
    const flat = `care/${crypto.randomBytes(16).toString('hex')}.webp`;
    await t.app.files.putBytes(flat, await png(8, 8));
    expect((await fetchPhoto('parent', flat)).statusCode).toBe(404);
    const brother = f.children[1];
    await saveCareRecord(t.db, {
      studentId: brother,
      details: detailsWith(flat),
      at: nowIso(),
      by: f.users.principal,
    });
    expect((await fetchPhoto('parent', flat, brother)).statusCode).toBe(200);
    expect((await fetchPhoto('stranger', flat, brother)).statusCode).toBe(404);
    expect((await fetchPhoto('parent', flat)).statusCode).toBe(404);
    await saveCareRecord(t.db, {
      studentId: brother,
      details: detailsWith(),
      at: nowIso(),
      by: f.users.principal,
    });
  });

  it('a save names only this child’s own recent uploads', async () => {
    const brothers = await uploaded(f.children[1]);
    const res = await save(detailsWith(brothers));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({ field: 'pickups.0.photo' });
    // An upload older than a save may take (the sweep may be removing it): upload it again.
    const stale = await uploaded();
    await age(stale, PICKUP_PHOTO_RULES.saveWithinMs + 60_000);
    const late = await save(detailsWith(stale));
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toContain('upload it again');
    await t.app.files.remove([stale]);
  });

  it('uploads no care document names disappear after a day; used ones stay', async () => {
    const used = await uploaded();
    const unused = await uploaded();
    const flatUnused = `care/${crypto.randomBytes(16).toString('hex')}.webp`;
    await t.app.files.putBytes(flatUnused, await png(8, 8));
    expect((await save(detailsWith(used))).statusCode).toBe(200);
    const now = Date.now();

    expect(
      await sweepUnusedPickupPhotos(t.db, t.app.files, now + PICKUP_PHOTO_RULES.keepUnusedMs - HOUR_MS),
    ).toEqual([]);
    expect(await t.app.files.stat(unused)).toBeDefined();

    const removed = await sweepUnusedPickupPhotos(
      t.db,
      t.app.files,
      now + PICKUP_PHOTO_RULES.keepUnusedMs + HOUR_MS,
    );
    expect(removed).toContain(unused);
    expect(removed).toContain(flatUnused);
    expect(removed).not.toContain(used);
    expect(await t.app.files.stat(unused)).toBeUndefined();
    expect(await t.app.files.stat(flatUnused)).toBeUndefined();
    expect(await t.app.files.stat(used)).toBeDefined();
    expect((await fetchPhoto('parent', used)).statusCode).toBe(200);
    expect((await fetchPhoto('parent', unused)).statusCode).toBe(404);
    // Only pick-up photos: the demo school's pictures and the media library are not swept.
    const others: string[] = [];
    for await (const file of t.app.files.list()) if (!file.path.startsWith('care/')) others.push(file.path);
    expect(others.length).toBeGreaterThan(0);

    // A photo taken off the document is unused from then on.
    expect((await save(detailsWith())).statusCode).toBe(200);
    expect(
      await sweepUnusedPickupPhotos(t.db, t.app.files, now + PICKUP_PHOTO_RULES.keepUnusedMs + HOUR_MS),
    ).toContain(used);
    for (const other of others) expect(await t.app.files.stat(other), other).toBeDefined();
  });

  it('the sweep runs once an hour across processes', async () => {
    const unused = await uploaded();
    const later = Date.now() + PICKUP_PHOTO_RULES.keepUnusedMs + 2 * HOUR_MS;
    // Two processes on one database: the first to claim the hour sweeps, the other does nothing.
    const [one, two] = [0, 1].map(() => new PickupPhotoSweeper(t.db, t.app.files, t.app.log));
    const outcomes = await Promise.all([one?.runDue(later), two?.runDue(later)]);
    expect(outcomes.filter((o) => o?.ran)).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o?.ran ? o.removed : []))).toContain(unused);
    expect((await two?.runDue(later + HOUR_MS / 2))?.ran).toBe(false);
    expect((await two?.runDue(later + HOUR_MS + 1000))?.ran).toBe(true);
  });

  it(`an account uploads at most ${PICKUP_PHOTO_RULES.perHour} pick-up photos an hour: then 429 with Retry-After`, async () => {
    const guardian = await userWithSession(t.db, USER_TYPE.parent, 'Busy Guardian');
    await t.db
      .insertInto('guardian')
      .values({
        parent_id: guardian.id,
        student_id: f.users.student,
        relationship: 'Aunt',
        created_at: nowIso(),
      })
      .execute();
    for (let i = 0; i < PICKUP_PHOTO_RULES.perHour; i += 1) {
      const res = await upload(guardian);
      expect(res.statusCode, `upload ${i + 1}: ${res.body}`).toBe(201);
    }
    const refused = await upload(guardian);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_UPLOADS');
    expect(refused.json().error.message).toMatch(
      /20 pick-up photos within an hour\. Please try again in \d+ minutes?\./,
    );
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    // Another account is not held back by it; after the hour this one may upload again.
    expect((await upload('parent')).statusCode).toBe(201);
    await expect(claimPhotoUpload(t.db, guardian.id, Date.now() + HOUR_MS + 1000)).resolves.toBeUndefined();
  });
});
