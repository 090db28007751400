import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { USER_TYPE } from '../../../shared/constants.js';
import { addDaysIso } from '../../../shared/school-time.js';
import { buildApp } from '../../app.js';
import { type Config, loadConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { LATEST_MIGRATION, migrateTo } from '../../db/migrate.js';
import { DEMO_PASSWORD } from '../../demo/index.js';
import { DatabaseFileStore } from '../../lib/file-store/database-file-store.js';
import { DiskFileStore } from '../../lib/file-store/disk-file-store.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  createTestDatabase,
  TEST_ENGINES,
  type TestDatabase,
  type TestEngine,
} from '../../test/databases.js';
import { bearer, DEMO_USERS, logIn, userWithSession } from '../../test/school-fixtures.js';
import { upsertAttendance } from '../attendance/attendance.repository.js';
import { writeMarkChanges } from '../marks/marks.repository.js';
import { ArchiveError } from './archive-format.js';
import { backupStream, backupToFile } from './backup.js';
import { restoreArchive, TargetNotEmptyError } from './restore.js';
import { BackupScheduler } from './scheduler.js';

/**
 * Backup and restore (docs/decisions/0033-backup-and-restore.md): the demo school survives a trip
 * through an archive on every pair of engines, an archive is one consistent moment while others
 * write, and a restore is all or nothing.
 */

const uploadsOf = (database: TestDatabase) => path.join(database.dataDir, 'uploads');
const filesOf = (database: TestDatabase) => new DiskFileStore(uploadsOf(database));

async function backupOf(database: TestDatabase): Promise<string> {
  const { file } = await backupToFile(
    { database: database.config, files: filesOf(database) },
    { dir: path.join(database.dataDir, 'backups') },
  );
  return file;
}

function restoreInto(database: TestDatabase, file: string, replace = false) {
  return restoreArchive(
    file,
    { database: database.config, files: () => filesOf(database), dataDir: database.dataDir },
    { replace },
  );
}

/** The app on a database restored into, as a server would start on it. */
async function appOn(database: TestDatabase): Promise<FastifyInstance> {
  const config: Config = {
    ...loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false', MAIL_POLL_MS: '0' }),
    database: database.config,
    webDistDir: path.join(database.dataDir, 'no-web-build'),
  };
  const app = await buildApp(config, { db: database.db, logger: false });
  await app.ready();
  return app;
}

const rowsOf = (
  db: Db,
  table: 'app_user' | 'mark' | 'attendance' | 'content_record' | 'content_image' | 'payment',
) => db.selectFrom(table).selectAll().orderBy('id').execute();

/** What a target holds that a failed restore must not have changed. */
async function stateOf(database: TestDatabase) {
  const users = await database.db
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    database.db,
  );
  // Files, not folders: the disk store leaves a folder it made, empty, when its files are removed.
  const entries = await fs
    .readdir(uploadsOf(database), { recursive: true, withFileTypes: true })
    .catch(() => []);
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return { users: Number(users?.n), migrations: migrations.rows.map((r) => r.name), files: files.sort() };
}

const PAIRS: [TestEngine, TestEngine][] = TEST_ENGINES.flatMap((from) =>
  TEST_ENGINES.map((to) => [from, to] as [TestEngine, TestEngine]),
);

describe.each(PAIRS)('a demo school backed up on %s and restored on %s', (from, to) => {
  it('has the same users, marks, attendance, content and pictures, and new rows get new ids', async () => {
    const source = await createTestApp(from, { demo: true });
    const target = await createTestDatabase(to);
    let app: FastifyInstance | undefined;
    try {
      // A record's text in other languages travels with it (docs/decisions/0064-content-in-the-schools-languages.md):
      // the demo's French and Arabic.
      const translations = (db: Db) =>
        db.selectFrom('content_translation').selectAll().orderBy('record_id').orderBy('language').execute();
      const demoTranslations = await translations(source.db);
      expect(new Set(demoTranslations.map((row) => row.language))).toEqual(new Set(['fr', 'ar']));
      const file = await backupOf(source);
      const result = await restoreInto(target, file);
      expect(result.header.engine).toBe(from);
      expect(result.schemaVersion).toBe(LATEST_MIGRATION);
      app = await appOn(target);

      for (const table of [
        'app_user',
        'mark',
        'attendance',
        'content_record',
        'content_image',
        'payment',
      ] as const) {
        expect(await rowsOf(target.db, table), table).toEqual(await rowsOf(source.db, table));
      }
      expect(await translations(target.db)).toEqual(demoTranslations);
      for (const email of [DEMO_USERS.principal, DEMO_USERS.teacher, DEMO_USERS.student]) {
        expect(await logIn(app, email)).toMatch(/\S/);
      }
      const token = await logIn(app, DEMO_USERS.principal);
      const sourceToken = await logIn(source.app, DEMO_USERS.principal);
      const marksUrl = '/api/result';
      const [restoredMarks, sourceMarks] = await Promise.all([
        app.inject({ url: marksUrl, headers: bearer(token) }),
        source.app.inject({ url: marksUrl, headers: bearer(sourceToken) }),
      ]);
      expect(restoredMarks.statusCode).toBe(200);
      expect(restoredMarks.json()).toEqual(sourceMarks.json());

      const images = await source.db
        .selectFrom('content_image')
        .select('image')
        .orderBy('id')
        .limit(3)
        .execute();
      expect(images.length).toBeGreaterThan(0);
      for (const { image } of images) {
        const [restored, original] = await Promise.all([
          app.inject({ url: `/uploads/${image}` }),
          source.app.inject({ url: `/uploads/${image}` }),
        ]);
        expect(restored.statusCode, image).toBe(200);
        expect(restored.rawPayload.equals(original.rawPayload)).toBe(true);
      }

      const maxId = Number(
        (
          await target.db
            .selectFrom('school_class')
            .select((eb) => eb.fn.max('id').as('m'))
            .executeTakeFirst()
        )?.m,
      );
      const added = await target.db
        .insertInto('school_class')
        .values({ name: 'Class 9', name_key: 'class 9' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(added.id).toBeGreaterThan(maxId);
    } finally {
      await app?.close();
      await target.dispose();
      await source.dispose();
    }
  }, 120_000);
});

describe.each(TEST_ENGINES)('backups on %s', (engine) => {
  it('carry pictures kept in the database (FILE_STORE=database) as files, into either store', async () => {
    const source = await createTestApp(engine, { demo: true, fileStore: 'database' });
    const intoDatabase = await createTestDatabase(engine);
    const intoDisk = await createTestDatabase(engine);
    try {
      const stored = await source.db
        .selectFrom('stored_file')
        .select(['path', 'sha256'])
        .orderBy('path')
        .execute();
      expect(stored.length).toBeGreaterThan(0);
      const { file, manifest } = await backupToFile(
        { database: source.config, files: new DatabaseFileStore(source.db) },
        { dir: path.join(source.dataDir, 'backups') },
      );
      // The pictures travel once, in the file section, not also as rows of stored_file.
      expect(Object.keys(manifest.tables)).not.toContain('stored_file');
      expect(manifest.files.map((one) => one.path)).toEqual(stored.map((one) => one.path));

      await restoreArchive(file, {
        database: intoDatabase.config,
        files: (db) => new DatabaseFileStore(db),
        dataDir: intoDatabase.dataDir,
      });
      expect(
        await intoDatabase.db.selectFrom('stored_file').select(['path', 'sha256']).orderBy('path').execute(),
      ).toEqual(stored);

      await restoreInto(intoDisk, file);
      const first = stored[0]?.path ?? '';
      const onDisk = await filesOf(intoDisk).read(first);
      expect(onDisk?.equals((await new DatabaseFileStore(source.db).read(first)) ?? Buffer.alloc(0))).toBe(
        true,
      );
    } finally {
      await intoDisk.dispose();
      await intoDatabase.dispose();
      await source.dispose();
    }
  }, 120_000);

  it('hold every batch of marks and attendance written during the backup wholly or not at all', async () => {
    const source = await createTestApp(engine, { demo: true });
    const target = await createTestDatabase(engine);
    try {
      const pupils = await source.db
        .selectFrom('enrolment')
        .select(['student_id', 'class_id'])
        .where('ended_on', 'is', null)
        .orderBy('student_id')
        .limit(6)
        .execute();
      const subject = await source.db
        .selectFrom('subject')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const principal = await source.db
        .selectFrom('app_user')
        .select('id')
        .where('email_key', '=', DEMO_USERS.principal)
        .executeTakeFirstOrThrow();
      // Each pupil's class's released test in that subject (docs/decisions/0087-released-marks.md).
      const tests = await source.db
        .selectFrom('exam')
        .select(['id', 'class_id'])
        .where('subject_id', '=', subject.id)
        .where('released_at', 'is not', null)
        .execute();
      const testOf = new Map(tests.map((x) => [x.class_id, x.id]));
      let written = 0;
      let stop = false;
      // Another client: each batch is one transaction of attendance and marks, tagged with its number.
      const writer = (async () => {
        while (!stop) {
          const n = written;
          const tag = `batch-${n}`;
          await source.db.transaction().execute(async (trx) => {
            await upsertAttendance(
              trx,
              pupils.map((p) => ({
                studentId: p.student_id,
                classId: p.class_id,
                date: addDaysIso('2030-01-01', n),
                status: 1,
                description: tag,
              })),
              principal.id,
              tag,
            );
            await writeMarkChanges(
              trx,
              pupils.map((p) => ({
                studentId: p.student_id,
                classId: p.class_id,
                subjectId: subject.id,
                examId: testOf.get(p.class_id) as number,
                marks: n % 101,
                old: undefined,
                afterRelease: false,
              })),
              principal.id,
              tag,
            );
          });
          written = n + 1;
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const until = async (count: number) => {
        while (written < count) await new Promise((resolve) => setTimeout(resolve, 5));
      };
      await until(3);
      const file = await backupOf(source);
      await until(written + 3);
      stop = true;
      await writer;

      await restoreInto(target, file);
      const present: boolean[] = [];
      for (let n = 0; n < written; n += 1) {
        const tag = `batch-${n}`;
        const attendance = await target.db
          .selectFrom('attendance')
          .select('id')
          .where('description', '=', tag)
          .execute();
        const changes = await target.db
          .selectFrom('mark_change')
          .select('id')
          .where('changed_at', '=', tag)
          .execute();
        const whole = attendance.length === pupils.length && changes.length === pupils.length;
        const none = attendance.length === 0 && changes.length === 0;
        expect(
          whole || none,
          `${tag}: ${attendance.length} attendance rows, ${changes.length} mark changes`,
        ).toBe(true);
        present.push(whole);
      }
      // Batches commit one after another: the archive holds the first ones and none after.
      const firstMissing = present.indexOf(false);
      expect(firstMissing).toBeGreaterThanOrEqual(3);
      expect(present.slice(firstMissing).every((p) => !p)).toBe(true);
    } finally {
      await target.dispose();
      await source.dispose();
    }
  }, 120_000);

  describe('a restore', () => {
    it('refuses a database that holds a school, and --replace overwrites it', async () => {
      const source = await createTestApp(engine, { demo: true });
      const other = await createTestApp(engine, { demo: true });
      try {
        const file = await backupOf(source);
        await other.db
          .insertInto('school_class')
          .values({ name: 'Only here', name_key: 'only here' })
          .execute();
        const before = await stateOf(other);
        const refused = await restoreInto(other, file).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(TargetNotEmptyError);
        expect((refused as Error).message).toMatch(/not empty \(50 users, 32 content records\).*--replace/);
        expect(await stateOf(other)).toEqual(before);
        expect(
          await other.db.selectFrom('school_class').where('name', '=', 'Only here').select('id').execute(),
        ).toHaveLength(1);

        const result = await restoreInto(other, file, true);
        expect(result.tables.app_user).toBe(50);
        expect(
          await other.db.selectFrom('school_class').where('name', '=', 'Only here').select('id').execute(),
        ).toHaveLength(0);
        expect(await rowsOf(other.db, 'mark')).toEqual(await rowsOf(source.db, 'mark'));
      } finally {
        await other.dispose();
        await source.dispose();
      }
    }, 120_000);

    it('of a corrupt, cut, foreign or damaged archive fails clearly and changes nothing', async () => {
      const source = await createTestApp(engine, { demo: true });
      const target = await createTestDatabase(engine);
      try {
        const file = await backupOf(source);
        const whole = await fs.readFile(file);
        const lines = zlib.gunzipSync(whole).toString('utf8').split('\n');
        const variant = async (name: string, bytes: Buffer | string) => {
          const at = path.join(source.dataDir, name);
          await fs.writeFile(at, bytes);
          return at;
        };
        // The last file's last chunk altered: found only after earlier files were stored.
        const lastData = lines.findLastIndex((l) => l.startsWith('{"kind":"data"'));
        const damaged = [...lines];
        const chunk = JSON.parse(damaged[lastData] ?? '{}') as { b64: string };
        const flipped = Buffer.from(chunk.b64, 'base64');
        flipped[0] = (flipped[0] ?? 0) ^ 0xff;
        damaged[lastData] = JSON.stringify({ kind: 'data', b64: flipped.toString('base64') });
        const rowCut = [...lines];
        const userTable = rowCut.findIndex((l) => l.includes('"kind":"table-end","name":"app_user"'));
        rowCut.splice(userTable - 1, 1);
        const cases: [string, string, RegExp][] = [
          [
            'cut',
            await variant('cut.jsonl.gz', whole.subarray(0, Math.floor(whole.length * 0.9))),
            /corrupt or cut short/,
          ],
          [
            'not gzip',
            await variant('foreign.bin', 'PK\u0003\u0004 a zip, not ours'),
            /corrupt or cut short/,
          ],
          [
            'foreign lines',
            await variant('foreign.jsonl.gz', zlib.gzipSync('{"kind":"header","format":"other"}\n')),
            /not a Schoolyard backup/,
          ],
          ['checksum', await variant('damaged.jsonl.gz', zlib.gzipSync(damaged.join('\n'))), /checksum/],
          [
            'row missing',
            await variant('row-cut.jsonl.gz', zlib.gzipSync(rowCut.join('\n'))),
            /says 50 rows but holds 49/,
          ],
          [
            'no manifest',
            await variant('no-manifest.jsonl.gz', zlib.gzipSync(lines.slice(0, -2).join('\n'))),
            /cut short: it ends before its manifest/,
          ],
          ['missing', path.join(source.dataDir, 'nothing-here.jsonl.gz'), /no archive/],
        ];
        const before = await stateOf(target);
        for (const [what, at, message] of cases) {
          const error = await restoreInto(target, at).catch((e: unknown) => e);
          expect(error, what).toBeInstanceOf(ArchiveError);
          expect((error as Error).message, what).toMatch(message);
          expect(await stateOf(target), what).toEqual(before);
        }
        // And the whole archive still restores into the untouched target.
        await restoreInto(target, file);
        expect((await stateOf(target)).users).toBe(50);
      } finally {
        await target.dispose();
        await source.dispose();
      }
    }, 120_000);

    it('migrates an archive from an older schema forward', async () => {
      const old = await createTestDatabase(engine);
      const target = await createTestDatabase(engine);
      try {
        const earlier = '2026-11-27T0200-fees-indexes';
        await migrateTo(old.db, earlier);
        await old.db
          .insertInto('school_class')
          .values({ name: 'Old class', name_key: 'old class' })
          .execute();
        await fs.mkdir(path.join(uploadsOf(old), 'media'), { recursive: true });
        await fs.writeFile(path.join(uploadsOf(old), 'media', 'old.webp'), 'old bytes');
        const file = await backupOf(old);
        const result = await restoreInto(target, file);
        expect(result.header.schemaVersion).toBe(earlier);
        expect(result.schemaVersion).toBe(LATEST_MIGRATION);
        expect((await stateOf(target)).migrations.at(-1)).toBe(LATEST_MIGRATION);
        expect(await target.db.selectFrom('school_class').select('name').execute()).toEqual([
          { name: 'Old class' },
        ]);
        // Tables of later migrations are there, with their own first rows.
        await target.db.selectFrom('data_version').selectAll().execute();
        expect(await fs.readFile(path.join(uploadsOf(target), 'media', 'old.webp'), 'utf8')).toBe(
          'old bytes',
        );
      } finally {
        await target.dispose();
        await old.dispose();
      }
    }, 120_000);
  });

  describe('the app', () => {
    it('lets the principal download a backup that restores; a teacher gets 403, a visitor 401', async () => {
      const source = await createTestApp(engine, { demo: true });
      const target = await createTestDatabase(engine);
      try {
        const principal = await logIn(source.app, DEMO_USERS.principal);
        const teacher = await logIn(source.app, DEMO_USERS.teacher);
        // The password again: a wrong or missing one makes no backup.
        const wrong = await source.app.inject({
          method: 'POST',
          url: '/api/admin/backup',
          headers: bearer(principal),
          payload: { password: 'not-the-password' },
        });
        expect(wrong.statusCode).toBe(403);
        expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
        const missing = await source.app.inject({
          method: 'POST',
          url: '/api/admin/backup',
          headers: bearer(principal),
          payload: {},
        });
        expect(missing.statusCode).toBe(400);
        expect(
          (await source.app.inject({ url: '/api/admin/backup', headers: bearer(principal) })).statusCode,
        ).toBe(404);
        const res = await source.app.inject({
          method: 'POST',
          url: '/api/admin/backup',
          headers: bearer(principal),
          payload: { password: DEMO_PASSWORD },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/gzip');
        expect(res.headers['content-disposition']).toMatch(
          /^attachment; filename="schoolyard-sunny-meadows-kids-school-\d{8}T\d{6}Z\.jsonl\.gz"$/,
        );
        const file = path.join(source.dataDir, 'downloaded.jsonl.gz');
        await fs.writeFile(file, res.rawPayload);
        const result = await restoreInto(target, file);
        expect(result.tables.app_user).toBe(50);
        expect(await rowsOf(target.db, 'attendance')).toEqual(await rowsOf(source.db, 'attendance'));

        for (const [method, url] of [
          ['POST', '/api/admin/backup'],
          ['GET', '/api/admin/backup/status'],
        ] as const) {
          const payload = method === 'POST' ? { password: DEMO_PASSWORD } : undefined;
          expect(
            (await source.app.inject({ method, url, payload, headers: bearer(teacher) })).statusCode,
            url,
          ).toBe(403);
          expect((await source.app.inject({ method, url, payload })).statusCode, url).toBe(401);
        }
        const status = await source.app.inject({
          url: '/api/admin/backup/status',
          headers: bearer(principal),
        });
        expect(status.json()).toEqual({ data: { everyHours: 0, keep: 7, lastRun: null } });
      } finally {
        await target.dispose();
        await source.dispose();
      }
    }, 120_000);

    it('stops a download whose client hangs up, closing its snapshot', async () => {
      const source = await createTestApp(engine, { demo: true });
      try {
        const { stream, done } = await backupStream({ database: source.config, files: filesOf(source) });
        // Read one piece, then go away as a browser closing the tab does.
        await new Promise((resolve) => stream.once('data', resolve));
        stream.destroy();
        await expect(done).rejects.toThrow(/cancelled|premature close/i);
        // The app's database goes on as before.
        await source.db.insertInto('school_class').values({ name: 'After', name_key: 'after' }).execute();
      } finally {
        await source.dispose();
      }
    }, 120_000);

    it('makes one scheduled backup per slot however many processes share the database, and keeps BACKUP_KEEP', async () => {
      const t: TestApp = await createTestApp(engine);
      try {
        const dir = path.join(t.dataDir, 'backups');
        const config = { intervalMs: 3_600_000, keep: 2, dir, passphrase: undefined };
        const source = { database: t.config, files: filesOf(t) };
        const one = new BackupScheduler(t.db, source, config, t.app.log);
        const two = new BackupScheduler(t.db, source, config, t.app.log);
        const at = new Date('2026-11-25T10:20:00Z');
        const outcomes = await Promise.all([one.runDue(at), two.runDue(new Date('2026-11-25T10:40:00Z'))]);
        expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
        expect(await fs.readdir(dir)).toHaveLength(1);
        expect((await one.runDue(new Date('2026-11-25T10:59:59Z'))).ran).toBe(false);

        const { token } = await userWithSession(t.db, USER_TYPE.principal);
        for (const hour of [11, 12, 13]) {
          expect((await two.runDue(new Date(`2026-11-25T${hour}:05:00Z`))).ran).toBe(true);
        }
        const kept = await fs.readdir(dir);
        expect(kept).toHaveLength(2);
        const status = await t.app.inject({ url: '/api/admin/backup/status', headers: bearer(token) });
        expect(status.statusCode, status.body).toBe(200);
        const lastRun = status.json().data.lastRun;
        expect(lastRun).toMatchObject({
          state: 'ok',
          startedAt: '2026-11-25T13:05:00.000Z',
          message: 'Backup written.',
        });
        expect(kept).toContain(lastRun.fileName);
        expect(lastRun.bytes).toBe((await fs.stat(path.join(dir, lastRun.fileName))).size);
      } finally {
        await t.dispose();
      }
    }, 120_000);
  });
});
