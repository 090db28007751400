import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { isSafeImagePath } from '../../../shared/api/admin.js';
import { ErrorBodySchema, type FieldError } from '../../../shared/api/errors.js';
import {
  CareAnswerSchema,
  type CareDetails,
  CareDetailsSchema,
  CareHistoryAnswerSchema,
  CheckinAnswerSchema,
  CheckinBodySchema,
  CheckinsAnswerSchema,
  DayQuerySchema,
  EMPTY_CARE_DETAILS,
  OverrideQuerySchema,
  OverridesAnswerSchema,
  PICKUP_PHOTO_FIELD,
  RegisterAnswerSchema,
} from '../../../shared/api/family.js';
import { IdParamSchema } from '../../../shared/api/school.js';
import { forbidden, invalid, notFound } from '../../lib/errors.js';
import { CHECKED, DENIED, schoolRouting } from '../../lib/school-routes.js';
import { addDaysIso, dateInZone, nowIso } from '../../lib/time.js';
import { isStoredImage, storeImages } from '../../lib/upload-storage.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { imageForm, picturesOf, uploadedImagesSchema } from '../../plugins/uploads.js';
import type { Viewer } from '../school/school.policy.js';
import { type CareAccess, findCareAccess } from './care.policy.js';
import {
  careHistory,
  checkinsOf,
  findCareRecord,
  guardiansOf,
  overridesBetween,
  registerOf,
  schoolTimeZone,
} from './care.repository.js';
import { recordCheckin, saveCare } from './care.service.js';

/**
 * A child's care details and the day's register (docs/decisions/0021-families.md, "Care details and
 * the register"; bodies and answers: src/shared/api/family.ts). Record-level rules: care.policy.ts.
 */

const TAGS = ['Families'];
/** Where the pictures of the people who may collect a child are stored, under the uploads folder. */
export const CARE_FOLDER = 'care';
const PHOTO_FIELD = PICKUP_PHOTO_FIELD;
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

/** Today in the school's time zone (school_settings.time_zone). */
async function schoolToday(app: FastifyInstance, now = new Date()): Promise<string> {
  return dateInZone(now, await schoolTimeZone(app.db));
}

export async function careRoutes(app: FastifyInstance): Promise<void> {
  careDetailRoutes(app);
  registerRoutes(app);
}

function careDetailRoutes(app: FastifyInstance): void {
  const { api } = schoolRouting(app);

  const answer = async (access: CareAccess) => {
    const stored = await findCareRecord(app.db, access.pupil.id);
    return {
      data: {
        studentId: access.pupil.id,
        studentName: access.pupil.name,
        details: stored?.details ?? EMPTY_CARE_DETAILS,
        updatedAt: stored?.updatedAt ?? null,
        updatedBy: stored?.updatedBy ?? null,
        mayEdit: access.mayEdit,
        guardians: await guardiansOf(app.db, access.pupil.id),
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
    async (request) => answer(await careAccess(app, currentUser(request), request.params.id)),
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
          'otherwise). Each save that changes anything adds an entry to the history.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        body: CareDetailsSchema,
        response: { 200: CareAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const access = await editAccess(viewer, request.params.id);
      const details = request.body;
      await checkPhotos(app, access.pupil.id, details);
      await saveCare(app.db, access.pupil, details, viewer, nowIso());
      return answer(access);
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
      return { data: await careHistory(app.db, access.pupil.id) };
    },
  );

  // Before the form is read: a stranger's picture is not decoded at all.
  const mayUpload: preValidationAsyncHookHandler = async (request) => {
    const params = IdParamSchema.safeParse(request.params);
    if (params.success) await editAccess(currentUser(request), params.data.id);
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
          'stored as WebP without metadata. Answers its path for pickups[].photo of PUT pupils/{id}/care.',
        security: BEARER_AUTH,
        consumes: ['multipart/form-data'],
        params: IdParamSchema,
        body: z.object({ [PHOTO_FIELD]: uploadedImagesSchema().max(1, CARE_MESSAGES.onePhoto) }),
        response: {
          201: z.object({ data: z.object({ image: z.string() }) }),
          ...CHECKED,
          413: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await editAccess(currentUser(request), request.params.id);
      const [image] = await storeImages(app.files, CARE_FOLDER, picturesOf(request.body.image));
      if (!image)
        throw invalid(CARE_MESSAGES.onePhoto, [{ field: PHOTO_FIELD, message: CARE_MESSAGES.onePhoto }]);
      return reply.code(201).send({ data: { image } });
    },
  );
}

/**
 * Every pick-up photo must be one already in the child's saved document or a picture uploaded for
 * pick-ups (a file under CARE_FOLDER); a document never points at files it did not upload.
 */
async function checkPhotos(app: FastifyInstance, studentId: number, details: CareDetails): Promise<void> {
  const saved = new Set(
    ((await findCareRecord(app.db, studentId))?.details.pickups ?? []).flatMap((p) =>
      p.photo ? [p.photo] : [],
    ),
  );
  const problems: FieldError[] = [];
  for (const [index, pickup] of details.pickups.entries()) {
    const photo = pickup.photo;
    if (photo === null || saved.has(photo)) continue;
    const uploaded =
      photo.startsWith(`${CARE_FOLDER}/`) &&
      isSafeImagePath(photo) &&
      (await isStoredImage(app.files, photo));
    if (!uploaded)
      problems.push({ field: `pickups.${index}.photo`, message: CARE_MESSAGES.photoNotUploaded });
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
        day: await schoolToday(app, now),
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
      const date = request.query.date ?? (await schoolToday(app));
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
          'whether the child is in now, and the allergy flag of the care details. date: YYYY-MM-DD, ' +
          'default today in the school’s time zone.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        querystring: DayQuerySchema,
        response: { 200: RegisterAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const date = request.query.date ?? (await schoolToday(app));
      const register = await registerOf(app.db, currentUser(request), request.params.id, date);
      if (!register) throw notFound('That class');
      return { date, classId: request.params.id, className: register.className, data: register.rows };
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
      const to = request.query.to ?? (await schoolToday(app));
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
