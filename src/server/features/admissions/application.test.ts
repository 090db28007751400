import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  AdmissionCaseWithApplicationAnswerSchema,
  APPLICATION_RULES,
  type ApplicationInput,
  ApplicationViewSchema,
  DocumentAnswerSchema,
} from '../../../shared/api/admission-application.js';
import { ADMISSIONS_ERROR_CODES, COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { hashToken } from '../../lib/secret-token.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { type Caller, callAs, withDemoSchool } from '../../test/school-fixtures.js';
import { schoolToday } from '../settings/settings.repository.js';
import { jpegWithGps, png } from '../users/test-helpers.js';
import { submittedApplication } from './application.repository.js';

/**
 * The application families fill in (docs/decisions/0103-the-application-families-fill-in.md), on
 * the demo school: a link opens only its own application, documents are checked by their bytes and
 * size, a draft is kept until the application is sent, then it is read-only. The tests run in order.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = await png(40, 30);
/** A PNG's signature over bytes that are no picture. */
const BROKEN_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const NOT_A_DOCUMENT = Buffer.from('MZ this is a program, whatever its name says............');

describe.each(TEST_ENGINES)('the application families fill in, on %s', (engine) => {
  const { t, f } = withDemoSchool(engine);

  const call = (caller: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    callAs(t.app, f, caller, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
  const open = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/admissions/application', payload: { token } });
  const post = (path: string, payload: object, remoteAddress = '203.0.113.9') =>
    t.app.inject({ method: 'POST', url: `/api/admissions/application${path}`, payload, remoteAddress });
  const upload = async (
    token: string | undefined,
    kind: string,
    file: { bytes: Buffer; name: string; type: string },
  ) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const request = new Request('http://x', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: '/api/admissions/application/documents',
      headers: {
        'content-type': request.headers.get('content-type') ?? '',
        ...(token ? { [APPLICATION_RULES.tokenHeader]: token } : {}),
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };
  const yearId = async () =>
    (await t.db.selectFrom('school_year').select('id').where('is_current', '=', 1).executeTakeFirstOrThrow())
      .id;
  const newCase = async (childName: string, email: string, language = 'en') => {
    const res = await call('principal', 'POST', '/admin/admissions/cases', {
      childName,
      classId: f.classes.KG,
      yearId: await yearId(),
      familyName: `${childName} Family`,
      email,
      language,
    });
    expect(res.statusCode, res.body).toBe(201);
    return AdmissionCaseWithApplicationAnswerSchema.parse(res.json()).data.id;
  };
  const lastMailTo = (address: string) =>
    t.db
      .selectFrom('mail_outbox')
      .select(['kind', 'subject', 'text_body', 'html_body', 'link_keys'])
      .where('to_address', '=', address)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const keysOf = (mail: { link_keys: string | null }) => JSON.parse(mail.link_keys ?? '[]') as string[];
  const sendLink = async (caseId: number, address: string) => {
    const res = await call('principal', 'POST', `/admin/admissions/cases/${caseId}/application-link`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sentTo).toBe(address);
    const mail = await lastMailTo(address);
    expect(mail.kind).toBe('admission-application');
    return keysOf(mail)[0] ?? '';
  };
  const caseOf = async (id: number) => {
    const res = await call('principal', 'GET', `/admin/admissions/cases/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdmissionCaseWithApplicationAnswerSchema.parse(res.json()).data;
  };
  const addDays = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const application = async (overrides: Partial<ApplicationInput> = {}): Promise<ApplicationInput> => ({
    child: { name: 'Lina Haddad', dateOfBirth: '2021-04-02', photoDocumentId: null },
    guardians: [
      { name: 'Samir Haddad', email: 'samir@example.org', phone: '+1 555 0100', relationship: 'Father' },
      { name: 'Nour Haddad', email: 'nour@example.org', phone: '+1 555 0101', relationship: 'Mother' },
    ],
    care: {
      emergencyContacts: [{ name: 'Rana Haddad', relationship: 'Aunt', phone: '+1 555 0102' }],
      medical: { allergies: 'Peanuts', conditions: '', medications: [], doctorName: '', doctorPhone: '' },
      pickups: [{ name: 'Rana Haddad', relationship: 'Aunt', phone: '+1 555 0102' }],
      photoConsent: { website: false, ownFamily: true, otherFamilies: false },
    },
    wanted: { classId: f.classes.KG, startDate: addDays(await schoolToday(t.db), 30) },
    termsAccepted: true,
    signatureName: 'nour  haddad',
    ...overrides,
  });

  let lina = 0;
  let omar = 0;
  let linaToken = '';
  let omarToken = '';
  let linaPdf = 0;
  let omarPdf = 0;

  it('mails a link in the family’s language, keeping only its hash and no key in the stored mail', async () => {
    lina = await newCase('Lina', 'haddad@example.org', 'fr');
    omar = await newCase('Omar', 'omar.family@example.org');
    linaToken = await sendLink(lina, 'haddad@example.org');
    omarToken = await sendLink(omar, 'omar.family@example.org');
    const mail = await lastMailTo('haddad@example.org');
    expect(mail.subject).toBe('Le dossier de candidature de Lina');
    expect(mail.text_body).toContain('/apply?token=…');
    expect(mail.text_body).not.toContain(linaToken);
    const links = await t.db
      .selectFrom('admission_application_link')
      .select(['case_id', 'token_hash'])
      .execute();
    expect(links).toContainEqual({ case_id: lina, token_hash: hashToken(linaToken) });
    expect(links.map((row) => row.token_hash)).not.toContain(linaToken);
    // Only the principal sends links.
    for (const caller of ['teacher', 'parent', 'student'] as const)
      expect(
        (await call(caller, 'POST', `/admin/admissions/cases/${lina}/application-link`)).statusCode,
      ).toBe(403);
    expect(
      (await call('principal', 'POST', '/admin/admissions/cases/999999/application-link')).statusCode,
    ).toBe(404);
  });

  it('opens only its own application: any other token is a 404, a broken one a 400', async () => {
    const res = await open(linaToken);
    expect(res.statusCode, res.body).toBe(200);
    const view = ApplicationViewSchema.parse(res.json()).data;
    expect(view).toMatchObject({
      childName: 'Lina',
      className: 'KG',
      status: 'draft',
      draft: {},
      documents: [],
    });
    expect(view.classes.map((c) => c.id)).toContain(f.classes.KG);
    expect(view.terms).toContain('En envoyant ce dossier');
    expect(ApplicationViewSchema.parse((await open(omarToken)).json()).data.childName).toBe('Omar');
    expect((await open('x'.repeat(43))).statusCode).toBe(404);
    expect((await open(hashToken(linaToken))).statusCode, 'the stored hash opens nothing').toBe(404);
    expect((await open('short')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admissions/application', payload: {} })).statusCode,
    ).toBe(400);
    // An older link keeps working next to a newer one.
    const second = await sendLink(lina, 'haddad@example.org');
    expect(second).not.toBe(linaToken);
    expect(ApplicationViewSchema.parse((await open(second)).json()).data.childName).toBe('Lina');
    expect((await open(linaToken)).statusCode).toBe(200);
  });

  it('keeps a draft, every part optional, and gives it back from the same link', async () => {
    const draft = {
      child: { name: 'Lina Haddad' },
      guardians: [{ name: 'Nour Haddad', relationship: 'Mother' }],
    };
    const res = await post('/draft', { token: linaToken, draft });
    expect(res.statusCode, res.body).toBe(200);
    expect(ApplicationViewSchema.parse((await open(linaToken)).json()).data.draft).toEqual(draft);
    expect(ApplicationViewSchema.parse((await open(omarToken)).json()).data.draft).toEqual({});
    const tooMany = await post('/draft', {
      token: linaToken,
      draft: { guardians: Array(5).fill({ name: 'A' }) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await post('/draft', { token: 'y'.repeat(43), draft })).statusCode).toBe(404);
    expect(ApplicationViewSchema.parse((await open(linaToken)).json()).data.draft).toEqual(draft);
  });

  it('takes PDF and pictures by their bytes; refuses other files, wrong sizes and strangers', async () => {
    const pdf = await upload(linaToken, 'birth-certificate', {
      bytes: PDF,
      name: 'birth.pdf',
      type: 'application/pdf',
    });
    expect(pdf.statusCode, pdf.body).toBe(201);
    const document = DocumentAnswerSchema.parse(pdf.json()).data;
    expect(document).toMatchObject({
      kind: 'birth-certificate',
      name: 'birth.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
    });
    linaPdf = document.id;
    const photo = await upload(linaToken, 'child-photo', { bytes: PNG, name: 'lina.png', type: 'image/png' });
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json().data.mimeType).toBe('image/png');
    omarPdf = DocumentAnswerSchema.parse(
      (await upload(omarToken, 'other', { bytes: PDF, name: 'omar.pdf', type: 'application/pdf' })).json(),
    ).data.id;

    const disguised = await upload(linaToken, 'other', {
      bytes: NOT_A_DOCUMENT,
      name: 'fake.pdf',
      type: 'application/pdf',
    });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().error.message).toContain('not a PDF');
    const pdfPhoto = await upload(linaToken, 'child-photo', {
      bytes: PDF,
      name: 'photo.pdf',
      type: 'application/pdf',
    });
    expect(pdfPhoto.statusCode).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(APPLICATION_RULES.documentMaxBytes)]);
    const tooBig = await upload(linaToken, 'other', { bytes: big, name: 'big.pdf', type: 'application/pdf' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe(COMMON_ERROR_CODES.fileTooLarge);
    expect(
      (await upload(linaToken, 'passport', { bytes: PDF, name: 'a.pdf', type: 'application/pdf' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await upload(undefined, 'other', { bytes: PDF, name: 'a.pdf', type: 'application/pdf' })).statusCode,
    ).toBe(400);
    expect(
      (await upload('z'.repeat(43), 'other', { bytes: PDF, name: 'a.pdf', type: 'application/pdf' }))
        .statusCode,
    ).toBe(404);
    // A JSON body cannot name a file on the server.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admissions/application/documents',
      headers: { [APPLICATION_RULES.tokenHeader]: linaToken },
      payload: { kind: 'other', file: { name: 'x', path: '/etc/passwd', size: 10 } },
    });
    expect([400, 415]).toContain(json.statusCode);
    const view = ApplicationViewSchema.parse((await open(linaToken)).json()).data;
    expect(view.documents.map((d) => d.name)).toEqual(['birth.pdf', 'lina.png']);
    expect(
      await t.db.selectFrom('admission_document').select('id').where('case_id', '=', lina).execute(),
    ).toHaveLength(2);
  });

  it(`holds at most ${APPLICATION_RULES.documentsPerCase} documents per application`, async () => {
    for (let n = 1; n < APPLICATION_RULES.documentsPerCase; n++) {
      const res = await upload(omarToken, 'other', {
        bytes: PDF,
        name: `page-${n}.pdf`,
        type: 'application/pdf',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await upload(omarToken, 'other', {
      bytes: PDF,
      name: 'one-more.pdf',
      type: 'application/pdf',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toContain(`at most ${APPLICATION_RULES.documentsPerCase}`);
  });

  it('removes a document of its own application only, with its file', async () => {
    expect((await post('/documents/remove', { token: linaToken, documentId: omarPdf })).statusCode).toBe(404);
    const extra = DocumentAnswerSchema.parse(
      (await upload(linaToken, 'other', { bytes: PDF, name: 'extra.pdf', type: 'application/pdf' })).json(),
    ).data;
    const stored = await t.db
      .selectFrom('admission_document')
      .select('stored_name')
      .where('id', '=', extra.id)
      .executeTakeFirstOrThrow();
    expect(await t.app.files.stat(stored.stored_name)).toBeDefined();
    const res = await post('/documents/remove', { token: linaToken, documentId: extra.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(ApplicationViewSchema.parse(res.json()).data.documents.map((d) => d.id)).not.toContain(extra.id);
    expect(await t.app.files.stat(stored.stored_name)).toBeUndefined();
    expect(ApplicationViewSchema.parse((await open(omarToken)).json()).data.documents).toHaveLength(10);
  });

  it('keeps a picture upright and without its metadata; a picture that does not decode is refused', async () => {
    const photo = await jpegWithGps(120, 80);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const sent = await upload(linaToken, 'other', { bytes: photo, name: 'garden.jpg', type: 'image/jpeg' });
    expect(sent.statusCode, sent.body).toBe(201);
    const kept = DocumentAnswerSchema.parse(sent.json()).data;
    const file = await call('principal', 'GET', `/admin/admissions/cases/${lina}/documents/${kept.id}`);
    expect(file.statusCode).toBe(200);
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    expect(metadata.exif).toBeUndefined();
    expect(kept.size).toBe(file.rawPayload.length);

    const refused = await upload(linaToken, 'other', {
      bytes: BROKEN_PNG,
      name: 'broken.png',
      type: 'image/png',
    });
    expect(refused.statusCode).toBe(400);
    expect((await post('/documents/remove', { token: linaToken, documentId: kept.id })).statusCode).toBe(200);
    expect(
      await t.db.selectFrom('admission_document').select('id').where('case_id', '=', lina).execute(),
    ).toHaveLength(2);
  });

  it('lets only the principal download a document, and only through its own case', async () => {
    const res = await call('principal', 'GET', `/admin/admissions/cases/${lina}/documents/${linaPdf}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(
      (await call('principal', 'GET', `/admin/admissions/cases/${omar}/documents/${linaPdf}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('principal', 'GET', `/admin/admissions/cases/${lina}/documents/999999`)).statusCode,
    ).toBe(404);
    for (const caller of ['teacher', 'parent', 'student'] as const)
      expect(
        (await call(caller, 'GET', `/admin/admissions/cases/${lina}/documents/${linaPdf}`)).statusCode,
      ).toBe(403);
  });

  it('refuses an incomplete application whole, and a signature that is no guardian’s', async () => {
    const notSigned = await post('/submit', {
      token: linaToken,
      application: await application({ signatureName: 'Someone Else' }),
    });
    expect(notSigned.statusCode).toBe(400);
    expect(notSigned.body).toContain('one of the guardians');
    const noTerms = await post('/submit', {
      token: linaToken,
      application: await application({ termsAccepted: false as true }),
    });
    expect(noTerms.statusCode).toBe(400);
    const noGuardian = await post('/submit', {
      token: linaToken,
      application: await application({ guardians: [] }),
    });
    expect(noGuardian.statusCode).toBe(400);
    const pastStart = await post('/submit', {
      token: linaToken,
      application: await application({ wanted: { classId: f.classes.KG, startDate: '2020-01-01' } }),
    });
    expect(pastStart.statusCode).toBe(400);
    const othersPhoto = await post('/submit', {
      token: linaToken,
      application: await application({
        child: { name: 'Lina Haddad', dateOfBirth: '2021-04-02', photoDocumentId: omarPdf },
      }),
    });
    expect(othersPhoto.statusCode).toBe(400);
    const pdfPhoto = await post('/submit', {
      token: linaToken,
      application: await application({
        child: { name: 'Lina Haddad', dateOfBirth: '2021-04-02', photoDocumentId: linaPdf },
      }),
    });
    expect(pdfPhoto.statusCode).toBe(400);
    const view = ApplicationViewSchema.parse((await open(linaToken)).json()).data;
    expect(view.status).toBe('draft');
    expect((await caseOf(lina)).stage).toBe('enquiry');
  });

  it('sends it once: signature, time and address kept, the case "applied" by the family, then read-only', async () => {
    const view = ApplicationViewSchema.parse((await open(linaToken)).json()).data;
    const photo = view.documents.find((d) => d.kind === 'child-photo');
    const res = await post(
      '/submit',
      {
        token: linaToken,
        application: await application({
          child: { name: 'Lina Haddad', dateOfBirth: '2021-04-02', photoDocumentId: photo?.id ?? null },
        }),
      },
      '198.51.100.7',
    );
    expect(res.statusCode, res.body).toBe(200);
    const sent = ApplicationViewSchema.parse(res.json()).data;
    expect(sent.status).toBe('submitted');
    expect(sent.signatureName).toBe('nour  haddad');
    const found = await caseOf(lina);
    expect(found.stage).toBe('applied');
    // The case takes the child's name as the application gives it.
    expect(found.childName).toBe('Lina Haddad');
    expect(found.history.at(-1)).toMatchObject({ fromStage: 'enquiry', toStage: 'applied', movedBy: null });
    expect(found.application).toMatchObject({ status: 'submitted', signedFrom: '198.51.100.7' });
    expect(found.application?.signedAt).toBeTruthy();
    expect(found.documents.map((d) => d.name)).toEqual(['birth.pdf', 'lina.png']);

    const again = await post('/submit', { token: linaToken, application: await application() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(ADMISSIONS_ERROR_CODES.applicationSent);
    expect((await post('/draft', { token: linaToken, draft: {} })).statusCode).toBe(409);
    expect((await post('/documents/remove', { token: linaToken, documentId: linaPdf })).statusCode).toBe(409);
    expect(
      (await upload(linaToken, 'other', { bytes: PDF, name: 'late.pdf', type: 'application/pdf' }))
        .statusCode,
    ).toBe(409);
    expect(ApplicationViewSchema.parse((await open(linaToken)).json()).data.draft.signatureName).toBe(
      'nour  haddad',
    );

    const forEnrolment = await submittedApplication(t.db, lina);
    expect(forEnrolment?.application.guardians.map((g) => g.name)).toEqual(['Samir Haddad', 'Nour Haddad']);
    expect(forEnrolment?.documents.map((d) => d.kind)).toEqual(['birth-certificate', 'child-photo']);
    expect(await submittedApplication(t.db, omar)).toBeUndefined();
  });

  it('adds the link to the visit and offer mails; a case already offered stays offered when it is sent', async () => {
    const visit = await call('principal', 'POST', `/admin/admissions/cases/${omar}/moves`, {
      to: 'visit',
      visitDate: '2026-12-10',
      visitTime: '09:00',
    });
    expect(visit.statusCode, visit.body).toBe(200);
    const visitMail = await lastMailTo('omar.family@example.org');
    expect(visitMail.kind).toBe('admission-visit');
    expect(visitMail.text_body).toContain('/apply?token=…');
    const visitToken = keysOf(visitMail)[0] ?? '';
    expect(ApplicationViewSchema.parse((await open(visitToken)).json()).data.childName).toBe('Omar');

    const offer = await call('principal', 'POST', `/admin/admissions/cases/${omar}/moves`, {
      to: 'offered',
      offerDeadline: addDays(await schoolToday(t.db), 7),
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const offerMail = await lastMailTo('omar.family@example.org');
    expect(offerMail.text_body).toContain('/offer?token=…');
    expect(offerMail.text_body).toContain('/apply?token=…');
    expect(new Set(keysOf(offerMail)).size, 'the offer’s key and the application’s').toBe(2);

    const res = await post('/submit', {
      token: omarToken,
      application: await application({
        child: { name: 'Omar Said', dateOfBirth: '2021-01-09', photoDocumentId: null },
        signatureName: 'Samir Haddad',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = await caseOf(omar);
    expect(found.stage).toBe('offered');
    expect(found.history.at(-1)).toMatchObject({ fromStage: 'offered', toStage: 'offered', movedBy: null });

    // No link once it is sent.
    await call('principal', 'POST', `/admin/admissions/cases/${omar}/moves`, {
      to: 'offered',
      offerDeadline: addDays(await schoolToday(t.db), 8),
    });
    const later = await lastMailTo('omar.family@example.org');
    expect(later.text_body).not.toContain('/apply');
  });

  it('closes the links of a closed case with a 409', async () => {
    const res = await call('principal', 'POST', `/admin/admissions/cases/${lina}/moves`, {
      to: 'closed',
      closeReason: 'Moved away',
    });
    expect(res.statusCode, res.body).toBe(200);
    const closed = await open(linaToken);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe(ADMISSIONS_ERROR_CODES.applicationClosed);
    expect(
      (await call('principal', 'POST', `/admin/admissions/cases/${lina}/application-link`)).statusCode,
    ).toBe(409);
  });
});
