import { strFromU8, unzipSync } from 'fflate';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { FamilyExportAnswerSchema, FamilyExportListSchema } from '../../../shared/api/family-export.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';
import type { ArchiveData } from './archive.js';
import { archivedRow, type JsonRow, RECORD_TABLES, type RecordTableName } from './child-records.js';
import { FamilyExportBuilder } from './export-builder.js';

/**
 * A family's data, on request (docs/decisions/0109-a-familys-data-on-request.md), at the demo
 * school: the demo parent is the guardian of student@ (Aisha, KG) and of her brother (Class 2);
 * student2@ is another family's child.
 */
describe.each(TEST_ENGINES)('a family’s data on request on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);
  const builder = () =>
    new FamilyExportBuilder({ db: t.db, files: t.app.files, mail: t.appConfig.mail, log: t.app.log }, 0);

  const ask = (caller: Caller, studentId: number) =>
    callAs(t.app, f, caller, { method: 'POST', url: `/api/pupils/${studentId}/data-export` });
  const list = async (caller: Caller, studentId: number) => {
    const res = await callAs(t.app, f, caller, {
      method: 'GET',
      url: `/api/pupils/${studentId}/data-exports`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return FamilyExportListSchema.parse(res.json()).data;
  };
  /** The key of the newest waiting mail's link. */
  const mailedToken = async () => {
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['link_keys', 'to_address', 'subject', 'html_body'])
      .where('kind', '=', 'data-export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const [token] = JSON.parse(mail.link_keys ?? '[]') as string[];
    if (!token) throw new Error('no link in the mail');
    return { token, mail };
  };
  const download = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/data-exports/download?token=${encodeURIComponent(token)}` });
  const unzip = (body: Buffer) => {
    const files = unzipSync(new Uint8Array(body));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as ArchiveData;
    return { files, data };
  };

  /** The rows of a table the database holds about the person, read here by the map's columns. */
  async function rowsInDatabase(table: RecordTableName, column: string, id: number) {
    const db = t.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    return (await db.selectFrom(table).selectAll().where(column, '=', id).execute()) as Record<
      string,
      unknown
    >[];
  }
  const key = (row: JsonRow) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)));

  /** Every row the map names about `childId` (and `guardianId`) is in the archive. */
  async function expectEveryRow(
    data: ArchiveData,
    childId: number,
    guardianId: number | null,
    requestId: number,
  ) {
    let compared = 0;
    for (const [table, rule] of Object.entries(RECORD_TABLES) as [
      RecordTableName,
      (typeof RECORD_TABLES)[RecordTableName],
    ][]) {
      const archived = new Set((data.tables[table] ?? []).map(key));
      const people: [readonly unknown[], number | null][] = [
        [rule.child, childId],
        ['guardian' in rule ? rule.guardian : [], guardianId],
      ];
      for (const [columns, id] of people) {
        if (id === null) continue;
        for (const person of columns) {
          const rows =
            typeof person === 'string'
              ? await rowsInDatabase(table, person, id)
              : (
                  await sql<
                    Record<string, unknown>
                  >`select * from ${sql.table(table)} where ${sql.ref((person as { column: string }).column)} in (select id from admission_case where student_id = ${id}) or ${sql.ref((person as { column: string }).column)} in (select id from invoice where student_id = ${id})`.execute(
                    t.db,
                  )
                ).rows;
          for (const row of rows) {
            // The request itself was being built then: it is there, in the state of that moment.
            if (table === 'family_export' && row.id === requestId) {
              expect(data.tables.family_export.find((r) => r.id === requestId)?.state).toBe('building');
              continue;
            }
            expect(archived.has(key(archivedRow(table, row))), `${table} row ${JSON.stringify(row)}`).toBe(
              true,
            );
            compared += 1;
          }
        }
      }
    }
    // Every table with a pupil column: each row about the child is in the archive (a column the map forgot fails here).
    const tables = await t.db.introspection.getTables();
    for (const table of tables) {
      if (!table.columns.some((c) => c.name === 'student_id')) continue;
      const rows = await rowsInDatabase(table.name as RecordTableName, 'student_id', childId);
      if (rows.length === 0) continue;
      expect(Object.keys(RECORD_TABLES), `${table.name} holds rows about the child`).toContain(table.name);
      expect(data.tables[table.name as RecordTableName]?.length ?? 0).toBeGreaterThanOrEqual(rows.length);
    }
    return compared;
  }

  /** No row of the archive names another pupil. */
  async function expectNoOtherChild(data: ArchiveData, childId: number) {
    const pupils = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('type', '=', USER_TYPE.student)
      .execute();
    const others = new Set(pupils.map((p) => p.id).filter((id) => id !== childId));
    for (const [table, rows] of Object.entries(data.tables)) {
      for (const row of rows) {
        for (const column of ['student_id', 'user_id', 'parent_id', 'viewer_id', 'sender_id', 'reader_id']) {
          if (column in row) expect(others.has(row[column] as number), `${table}.${column}`).toBe(false);
        }
        if (table === 'app_user') expect(others.has(row.id as number), 'app_user').toBe(false);
      }
    }
  }

  it('asks, builds once in the background, mails a link, and the archive holds every row about the child and the guardian', async () => {
    const [aisha] = f.children;
    await t.db.updateTable('app_user').set({ language: 'ar' }).where('id', '=', f.users.parent).execute();
    // Her class's report cards of a term are published, so the archive has one to hold.
    const term = await t.db
      .selectFrom('school_term')
      .select('id')
      .orderBy('first_day')
      .executeTakeFirstOrThrow();
    const published = await callAs(t.app, f, 'principal', {
      method: 'POST',
      url: `/api/report-cards/classes/${f.classes.KG}/terms/${term.id}/publish`,
    });
    expect(published.statusCode, published.body).toBe(200);
    const asked = await ask('parent', aisha);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = FamilyExportAnswerSchema.parse(asked.json()).data;
    expect(request).toMatchObject({ state: 'waiting', isYours: true, studentId: aisha });
    // One at a time per child and requester.
    expect((await ask('parent', aisha)).statusCode).toBe(409);
    // The request is kept: who, when, from where.
    const logged = await t.db
      .selectFrom('family_export')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({
      requested_by: f.users.parent,
      requested_by_type: USER_TYPE.parent,
      requested_from: '127.0.0.1',
      language: 'ar',
    });

    const outcome = await builder().runDue();
    expect(outcome.built).toEqual([request.id]);
    expect((await list('parent', aisha)).exports[0]).toMatchObject({
      id: request.id,
      state: 'ready',
      downloads: 0,
    });

    const { token, mail } = await mailedToken();
    expect(mail.to_address).toBe('parent@demo.school');
    // The stored mail holds no live key, and the hash of the key is all the request keeps.
    expect(mail.html_body).not.toContain(token);
    const stored = await t.db
      .selectFrom('family_export')
      .select(['token_hash', 'file_path'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.file_path).toMatch(/^exports\//);

    // Compared with the database as it is before the download writes its log entry.
    const { files, data } = unzip((await t.app.files.read(stored.file_path ?? '')) as Buffer);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['summary.html', 'data.json']));
    const summary = strFromU8(files['summary.html'] as Uint8Array);
    expect(summary).toContain('dir="rtl"');
    expect(summary).toContain('lang="ar"');
    expect(data.child.id).toBe(aisha);
    expect(data.guardian?.id).toBe(f.users.parent);
    expect(data.secretsLeftOut.app_user).toEqual(['password_hash']);
    for (const row of data.tables.app_user) expect(row).not.toHaveProperty('password_hash');
    for (const row of data.tables.session) expect(row).not.toHaveProperty('token_hash');

    const compared = await expectEveryRow(data, aisha, f.users.parent, request.id);
    expect(compared).toBeGreaterThan(20);
    await expectNoOtherChild(data, aisha);
    const res = await download(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(unzip(res.rawPayload).data).toEqual(data);
    // The brother's guardian link is about him, not in his sister's archive.
    expect(data.tables.guardian.map((row) => row.student_id)).toEqual(data.tables.guardian.map(() => aisha));
    // Documents: the published report cards and the receipts of the child, as PDFs.
    const cards = await t.db
      .selectFrom('report_card')
      .select(['term_id'])
      .distinct()
      .where('student_id', '=', aisha)
      .execute();
    expect(data.files.filter((name) => name.startsWith('report-cards/'))).toHaveLength(cards.length);
    const payments = await t.db.selectFrom('payment').select('id').where('student_id', '=', aisha).execute();
    expect(data.files.filter((name) => name.startsWith('receipts/'))).toHaveLength(payments.length);
    for (const name of data.files) expect(files[name]?.byteLength ?? 0).toBeGreaterThan(0);
    expect(cards.length).toBeGreaterThan(0);
    expect(data.files.filter((name) => name.startsWith('photos/moment-')).length).toBeGreaterThan(0);

    // The download is kept: on the request and in the child's access log.
    const looks = await t.db
      .selectFrom('child_access')
      .selectAll()
      .where('student_id', '=', aisha)
      .where('kind', '=', 'data-export')
      .execute();
    expect(looks).toHaveLength(1);
    expect(looks[0]).toMatchObject({ viewer_id: f.users.parent, address: '127.0.0.1' });
    expect((await list('parent', aisha)).exports[0]?.downloads).toBe(1);
    await t.db.updateTable('app_user').set({ language: null }).where('id', '=', f.users.parent).execute();
  });

  it('answers 404 for a child not the guardian’s, and the principal’s archive of the brother holds his rows only', async () => {
    const [, brother] = f.children;
    expect((await ask('parent', f.users.student2)).statusCode).toBe(404);
    expect(
      (
        await callAs(t.app, f, 'parent', {
          method: 'GET',
          url: `/api/pupils/${f.users.student2}/data-exports`,
        })
      ).statusCode,
    ).toBe(404);
    // The principal asks for any pupil; not for an account that is not a pupil.
    expect((await ask('principal', f.users.teacher)).statusCode).toBe(404);
    const asked = await ask('principal', brother);
    expect(asked.statusCode, asked.body).toBe(201);
    // A guardian reads their own requests; the principal every one.
    expect((await list('parent', brother)).exports).toEqual([]);
    expect((await list('principal', brother)).exports[0]).toMatchObject({
      requestedByType: USER_TYPE.principal,
      isYours: true,
    });

    expect((await builder().runDue()).built).toHaveLength(1);
    const { mail } = await mailedToken();
    expect(mail.to_address).toBe('principal@demo.school');
    const id = FamilyExportAnswerSchema.parse(asked.json()).data.id;
    const stored = await t.db
      .selectFrom('family_export')
      .select('file_path')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { data } = unzip((await t.app.files.read(stored.file_path ?? '')) as Buffer);
    expect(data.guardian).toBeNull();
    expect(await expectEveryRow(data, brother, null, id)).toBeGreaterThan(5);
    await expectNoOtherChild(data, brother);
  });

  it('builds a request once across two builders, and the link ends after 7 days with its archive', async () => {
    const [aisha] = f.children;
    const asked = await ask('principal', aisha);
    expect(asked.statusCode, asked.body).toBe(201);
    const mailsBefore = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'data-export')
      .execute();
    const [one, two] = await Promise.all([builder().runDue(), builder().runDue()]);
    expect([...one.built, ...two.built]).toHaveLength(1);
    const mailsAfter = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'data-export')
      .execute();
    expect(mailsAfter.length - mailsBefore.length).toBe(1);

    const { token } = await mailedToken();
    const row = await t.db
      .selectFrom('family_export')
      .selectAll()
      .where('id', '=', FamilyExportAnswerSchema.parse(asked.json()).data.id)
      .executeTakeFirstOrThrow();
    expect((await download(token)).statusCode).toBe(200);
    // Six days on: still works. Eight days on: 404, and the builder's look ends it and deletes the archive.
    const readyAt = Date.parse(row.ready_at ?? '');
    vi.useFakeTimers({ toFake: ['Date'], now: readyAt + 6 * 86_400_000 });
    try {
      expect((await download(token)).statusCode).toBe(200);
      vi.setSystemTime(readyAt + 8 * 86_400_000);
      const gone = await download(token);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.code).toBe('EXPORT_LINK_INVALID');
    } finally {
      vi.useRealTimers();
    }
    expect((await builder().runDue(new Date(readyAt + 6 * 86_400_000))).expired).toBe(0);
    expect((await builder().runDue(new Date(readyAt + 8 * 86_400_000))).expired).toBeGreaterThanOrEqual(1);
    expect(await t.app.files.stat(row.file_path ?? '')).toBeUndefined();
    const ended = await t.db
      .selectFrom('family_export')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ state: 'expired', token_hash: null, file_path: null });
    // A made-up key: the same 404; a malformed one: 400.
    expect((await download('A'.repeat(43))).statusCode).toBe(404);
    expect((await download('short')).statusCode).toBe(400);
  });
});
