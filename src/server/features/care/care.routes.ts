import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { isSafeImagePath } from '../../../shared/api/admin.js';
import { photoConsentsOf } from '../../../shared/api/consents.js';
import { ErrorBodySchema, type FieldError } from '../../../shared/api/errors.js';
import {
  CareAnswerSchema,
  type CareDetails,
  CareDetailsSchema,
  CareHistoryAnswerSchema,
  CareSaveBodySchema,
  CheckinAnswerSchema,
  CheckinBodySchema,
  CheckinsAnswerSchema,
  DayQuerySchema,
  EMPTY_CARE_DETAILS,
  OverrideQuerySchema,
  OverridesAnswerSchema,
  PICKUP_PHOTO_FIELD,
  PICKUP_PHOTO_MESSAGES,
  PICKUP_PHOTO_RULES,
  PickupPhotoParamsSchema,
  RegisterAnswerSchema,
} from '../../../shared/api/family.js';
import { IdParamSchema } from '../../../shared/api/school.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import { addDaysIso } from '../../../shared/school-time.js';
import { forbidden, invalid, notFound } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { CHECKED, DENIED, schoolRouting } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { storeImages } from '../../lib/upload-storage.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { imageForm, picturesOf, uploadedImagesSchema } from '../../plugins/uploads.js';
import { recordRequestAccess } from '../access-log/record-access.js';
import { childConsents, consentsOf } from '../consents/consents.repository.js';
import type { Viewer } from '../school/school.policy.js';
import { schoolToday } from '../settings/settings.repository.js';
import { type CareAccess, findCareAccess } from './care.policy.js';
import {
  careHistory,
  checkinsOf,
  findCareRecord,
  guardiansOf,
  overridesBetween,
  registerOf,
} from './care.repository.js';
import { recordCheckin, saveCare } from './care.service.js';
import { claimPhotoUpload, findPickupPhoto, PickupPhotoSweeper, pickupPhotoFolder } from './pickup-photos.js';

/**
 * A child's care details and the day's register (docs/decisions/0021-families.md, "Care details and
 * the register"; bodies and answers: src/shared/api/family.ts). Record-level rules: care.policy.ts.
 */

const TAGS = ['Families'];
const PHOTO_FIELD = PICKUP_PHOTO_FIELD;
/** A pick-up photo is the child's: no cache keeps it, no shared one ever. */
const PRIVATE_NO_STORE = 'private, no-store';
/** The longest range of the principal's list of overridden check-outs. */
const MAX_OVERRIDE_DAYS = 366;

export const CARE_MESSAGES = {
  readOnly: 'You may read but not change this child’s care details.',
  notYourRegister: 'Only the teachers of the child’s class and the principal keep the register.',
  photoNotUploaded: 'That picture is not among the uploaded pick-up photos',
  onePhoto: 'Choose one picture',
  range: 'from must not be after to',
  rangeTooLong: `The range may be at most ${MAX_OVERRIDE_DAYS} days`,
} as const;

/** The pupil whose care details the caller may see, or the 404 of an unknown id. */
async function careAccess(app: FastifyInstance, viewer: Viewer, studentId: number): Promise<CareAccess> {
  const access = await findCareAccess(app.db, viewer, studentId);
  if (!access) throw notFound('That pupil');
  return access;
}

export async function careRoutes(app: FastifyInstance): Promise<void> {
  careDetailRoutes(app);
  registerRoutes(app);
  // Unused pick-up photos go after a day (pickup-photos.ts): one process sweeps each hour.
  const sweeper = new PickupPhotoSweeper(app.db, app.files, app.log);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', async () => sweeper.stop());
}

function careDetailRoutes(app: FastifyInstance): void {
  const { api } = schoolRouting(app);

  const answer = async (access: CareAccess, locale: Locale) => {
    const stored = await findCareRecord(app.db, access.pupil.id);
    return {
      data: {
        studentId: access.pupil.id,
        studentName: access.pupil.name,
        // Consents are the ledger's even before any care details are saved.
        details: stored?.details ?? {
          ...EMPTY_CARE_DETAILS,
          photoConsent: photoConsentsOf(await consentsOf(app.db, access.pupil.id)),
        },
        updatedAt: stored?.updatedAt ?? null,
        updatedBy: stored?.updatedBy ?? null,
        mayEdit: access.mayEdit,
        guardians: await guardiansOf(app.db, access.pupil.id, locale),
      },
    };
  };

  /** For the writes: a class teacher sees the details, so a refusal is a 403, not a 404. */
  const editAccess = async (viewer: Viewer, studentId: number) => {
    const access = await careAccess(app, viewer, studentId);
    if (!access.mayEdit) throw forbidden(CARE_MESSAGES.readOnly);
    return access;
  };

  api.get(
    '/pupils/:id/care',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A child’s care details (the child’s guardians, class teachers and the principal)',
        description:
          'Emergency contacts, medical notes, authorised pick-ups and photo consent. A child with ' +
          'nothing saved answers the empty document with updatedAt null. Anyone else: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: CareAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const access = await careAccess(app, currentUser(request), request.params.id);
      const body = await answer(access, await requestLocale(request));
      // The details hold the medical notes: who read them is kept (docs/decisions/0106-who-looked.md).
      await recordRequestAccess(app.db, request, { studentIds: [access.pupil.id], kind: 'care-details' });
      return body;
    },
  );

  api.put(
    '/pupils/:id/care',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Replace a child’s care details (the child’s guardians and the principal)',
        description:
          'The whole document. A class teacher may read but not change it (403); anyone else 404. ' +
          'pickups[].photo: null or a picture from POST pupils/{id}/care/pickup-photo (400 ' +
          'otherwise). Each save that changes anything adds an entry to the history. photoConsent ' +
          'may be left out (the consents stay as they are); sent, each consent it changes is an ' +
          'entry of the consent ledger (GET pupils/{id}/consents).',
        security: BEARER_AUTH,
        params: IdParamSchema,
        body: CareSaveBodySchema,
        response: { 200: CareAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const access = await editAccess(viewer, request.params.id);
      const details = request.body;
      await checkPhotos(app, access.pupil.id, details);
      await saveCare(app.db, access.pupil, details, viewer, nowIso());
      return answer(access, await requestLocale(request));
    },
  );

  api.get(
    '/pupils/:id/care/history',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'The saved changes of a child’s care details, newest first (guardians and the principal)',
        description:
          'Each entry: who, when, and each changed field (`medical.allergies`, `pickups[1].phone`).',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: CareHistoryAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const access = await editAccess(currentUser(request), request.params.id);
      const data = await careHistory(app.db, access.pupil.id);
      await recordRequestAccess(app.db, request, { studentIds: [access.pupil.id], kind: 'care-history' });
      return { data };
    },
  );

  // Before the form is read: a stranger's picture is not decoded at all, nor one over the hour's cap.
  const mayUpload: preValidationAsyncHookHandler = async (request) => {
    const params = IdParamSchema.safeParse(request.params);
    if (!params.success) return;
    const viewer = currentUser(request);
    await editAccess(viewer, params.data.id);
    if (request.isMultipart()) await claimPhotoUpload(app.db, viewer.id);
  };
  const form = imageForm(PHOTO_FIELD);
  api.post(
    '/pupils/:id/care/pickup-photo',
    {
      onRequest: app.requireSchoolUser,
      ...form,
      preValidation: [mayUpload, form.preValidation],
      schema: {
        tags: TAGS,
        summary: 'Upload the photo of a person who may collect a child (guardians and the principal)',
        description:
          'Multipart form with one picture in `image` (at most 5 MB), recognised by its content and ' +
          'stored as WebP without metadata, in the child’s private folder. Answers its path for ' +
          'pickups[].photo of PUT pupils/{id}/care, shown by GET pupils/{id}/care/pickup-photos/{name}. ' +
          `At most ${PICKUP_PHOTO_RULES.perHour} uploads an hour per account (then 429 TOO_MANY_UPLOADS ` +
          'with Retry-After); an upload no saved care document names is removed after a day.',
        security: BEARER_AUTH,
        consumes: ['multipart/form-data'],
        params: IdParamSchema,
        body: z.object({ [PHOTO_FIELD]: uploadedImagesSchema().max(1, CARE_MESSAGES.onePhoto) }),
        response: {
          201: z.object({ data: z.object({ image: z.string() }) }),
          ...CHECKED,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const access = await editAccess(currentUser(request), request.params.id);
      const folder = pickupPhotoFolder(access.pupil.id);
      const [image] = await storeImages(app.files, folder, picturesOf(request.body.image));
      if (!image)
        throw invalid(CARE_MESSAGES.onePhoto, [{ field: PHOTO_FIELD, message: CARE_MESSAGES.onePhoto }]);
      return reply.code(201).send({ data: { image } });
    },
  );

  api.get(
    '/pupils/:id/care/pickup-photos/:name',
    {
      onRequest: app.requireSchoolUser,
      // A WebP is compressed already.
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'The photo of a person who may collect a child (guardians, class teachers, the principal)',
        description:
          'name: the last part of a pickups[].photo of the child (or of an upload for the child not ' +
          'saved yet). Answered with `Cache-Control: private, no-store`. Anyone who may not read the ' +
          'child’s care details, or a photo that is not the child’s: 404. /uploads never serves these.',
        security: BEARER_AUTH,
        params: PickupPhotoParamsSchema,
        produces: ['image/webp'],
        response: {
          200: {
            description: 'The photo, as a WebP picture',
            content: { 'image/webp': { schema: z.string() } },
          },
          ...CHECKED,
        },
      },
    },
    async (request, reply) => {
      const access = await careAccess(app, currentUser(request), request.params.id);
      const stored = await findPickupPhoto(app.db, app.files, access.pupil.id, request.params.name);
      const file = stored && (await app.files.open(stored));
      if (!file) throw notFound('That photo');
      return (
        reply
          .header('Cache-Control', PRIVATE_NO_STORE)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Length', file.info.size)
          .type('image/webp')
          // The schema's string stands for the file in the OpenAPI document; the bytes go as they are.
          .send(file.body as unknown as string)
      );
    },
  );
}

/**
 * Every pick-up photo must be one already in the child's saved document or a picture uploaded for
 * this child's pick-ups (a file in the child's folder) within PICKUP_PHOTO_RULES.saveWithinMs; a
 * document never points at files it did not upload, nor at another child's photos, nor at an
 * upload old enough for the sweep of unused photos (pickup-photos.ts) to be removing it.
 */
async function checkPhotos(
  app: FastifyInstance,
  studentId: number,
  details: Pick<CareDetails, 'pickups'>,
  now = Date.now(),
): Promise<void> {
  const saved = new Set(
    ((await findCareRecord(app.db, studentId))?.details.pickups ?? []).flatMap((p) =>
      p.photo ? [p.photo] : [],
    ),
  );
  const problems: FieldError[] = [];
  const folder = `${pickupPhotoFolder(studentId)}/`;
  for (const [index, pickup] of details.pickups.entries()) {
    const photo = pickup.photo;
    if (photo === null || saved.has(photo)) continue;
    const field = `pickups.${index}.photo`;
    const uploaded =
      photo.startsWith(folder) && isSafeImagePath(photo) ? await app.files.stat(photo) : undefined;
    if (!uploaded) problems.push({ field, message: CARE_MESSAGES.photoNotUploaded });
    else if (uploaded.storedAt.getTime() <= now - PICKUP_PHOTO_RULES.saveWithinMs)
      problems.push({ field, message: PICKUP_PHOTO_MESSAGES.tooOld });
  }
  const [first] = problems;
  if (first) throw invalid(`${first.field}: ${first.message}`, problems);
}

function registerRoutes(app: FastifyInstance): void {
  const { api, staff, principal } = schoolRouting(app);

  api.post(
    '/pupils/:id/checkins',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'Record a child’s arrival or departure now (teachers of the child’s class, the principal)',
        description:
          'The time is the server’s; the day is today in the school’s time zone. An arrival when the ' +
          'child is in, or a departure when not, is a 409. A departure names who collected the child ' +
          '(collectedBy); someone who is neither a guardian nor an authorised pick-up (names compared ' +
          'ignoring case and spacing) is refused with 409 UNKNOWN_COLLECTOR unless `reason` says why, ' +
          'which is recorded and listed for the principal (GET admin/checkout-overrides).',
        security: BEARER_AUTH,
        params: IdParamSchema,
        body: CheckinBodySchema,
        response: { 201: CheckinAnswerSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const access = await careAccess(app, viewer, request.params.id);
      if (!access.mayRecord) throw forbidden(CARE_MESSAGES.notYourRegister);
      const now = new Date();
      const data = await recordCheckin(app.db, access.pupil, request.body, viewer, {
        at: now.toISOString(),
        day: await schoolToday(app.db, now),
      });
      return reply.code(201).send({ data });
    },
  );

  api.get(
    '/pupils/:id/checkins',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A child’s arrivals and departures of a day (guardians, class teachers, the principal)',
        description: 'date: YYYY-MM-DD, default today in the school’s time zone. Oldest first.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        querystring: DayQuerySchema,
        response: { 200: CheckinsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const access = await careAccess(app, currentUser(request), request.params.id);
      const date = request.query.date ?? (await schoolToday(app.db));
      return { date, data: await checkinsOf(app.db, access.pupil.id, date) };
    },
  );

  api.get(
    '/classes/:id/register',
    {
      onRequest: staff,
      schema: {
        tags: TAGS,
        summary: 'A class’s register of a day (teachers of the class, the principal)',
        description:
          'Every current pupil in name order: first arrival, last departure and who collected, ' +
          'whether the child is in now, the allergy flag of the care details, and `outings`: whether ' +
          'the child’s consent to local outings is given now (the consent ledger). date: YYYY-MM-DD, ' +
          'default today in the school’s time zone.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        querystring: DayQuerySchema,
        response: { 200: RegisterAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const date = request.query.date ?? (await schoolToday(app.db));
      const register = await registerOf(
        app.db,
        currentUser(request),
        request.params.id,
        date,
        await requestLocale(request),
      );
      if (!register) throw notFound('That class');
      // Who may not go on the class's local outings: the consent ledger's, now
      // (docs/decisions/0115-trips-in-the-consent-ledger.md). One query for the class.
      const consents = await childConsents(
        app.db,
        register.rows.map((row) => row.studentId),
      );
      const data = register.rows.map((row) => ({
        ...row,
        outings: consents.get(row.studentId)?.outings ?? false,
      }));
      return { date, classId: request.params.id, className: register.className, data };
    },
  );

  api.get(
    '/admin/checkout-overrides',
    {
      onRequest: principal,
      schema: {
        tags: TAGS,
        summary: 'Check-outs to someone not on the child’s list, newest first (the principal)',
        description: `from and to: YYYY-MM-DD, inclusive; default the last 30 days to today; at most ${MAX_OVERRIDE_DAYS} days.`,
        security: BEARER_AUTH,
        querystring: OverrideQuerySchema,
        response: { 200: OverridesAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => {
      const to = request.query.to ?? (await schoolToday(app.db));
      const from = request.query.from ?? addDaysIso(to, -29);
      if (from > to)
        throw invalid(`from: ${CARE_MESSAGES.range}`, [{ field: 'from', message: CARE_MESSAGES.range }]);
      if (addDaysIso(from, MAX_OVERRIDE_DAYS - 1) < to) {
        throw invalid(`to: ${CARE_MESSAGES.rangeTooLong}`, [
          { field: 'to', message: CARE_MESSAGES.rangeTooLong },
        ]);
      }
      return { data: await overridesBetween(app.db, from, to) };
    },
  );
}
