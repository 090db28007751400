import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FAMILY_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  FAMILY_EXPORT_MESSAGES,
  FamilyExportAnswerSchema,
  FamilyExportDownloadQuerySchema,
  FamilyExportListSchema,
} from '../../../shared/api/family-export.js';
import { IdParamSchema } from '../../../shared/api/school.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { userLocale } from '../../lib/school-languages.js';
import { CHECKED, schoolRouting } from '../../lib/school-routes.js';
import { hashToken } from '../../lib/secret-token.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { recordChildAccess } from '../access-log/record-access.js';
import { FamilyExportBuilder } from './export-builder.js';
import { findExportablePupil, readsEveryRequest } from './family-export.policy.js';
import {
  countDownload,
  findByTokenHash,
  findUnderWay,
  insertRequest,
  requestsOfChild,
  toFamilyExport,
} from './family-export.repository.js';

const TAGS = ['Families'];

/** A family's data, on request (docs/decisions/0109-a-familys-data-on-request.md). */
export async function familyExportRoutes(app: FastifyInstance): Promise<void> {
  const { api } = schoolRouting(app);
  const guardianOrPrincipal = app.requireTypes(USER_TYPE.principal, USER_TYPE.parent);

  // The builder looks as often as the mail sender; with MAIL_POLL_MS=0 (tests) it does not run on
  // its own, and a test runs a builder of its own.
  const builder = new FamilyExportBuilder(
    { db: app.db, files: app.files, mail: app.config.mail, log: app.log },
    app.config.mail.pollMs,
  );
  if (app.config.mail.pollMs > 0) {
    app.addHook('onReady', async () => builder.start());
    app.addHook('onClose', async () => builder.stop());
  }

  api.post(
    '/pupils/:id/data-export',
    {
      onRequest: guardianOrPrincipal,
      schema: {
        tags: TAGS,
        summary: 'Ask for an archive of everything the school holds on a child (a guardian; the principal)',
        description:
          'A guardian: their own child, with what the school holds on the guardian; the principal: any ' +
          'pupil (the child’s records only). The archive (summary.html, data.json, photos, report ' +
          'cards and receipts) is made in the background, and a link that works for 7 days is mailed ' +
          'to the caller. One request at a time per child and caller (409 while one is being made). ' +
          'Another family’s child: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 201: FamilyExportAnswerSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const pupil = await findExportablePupil(app.db, viewer, request.params.id);
      if (!pupil) throw notFound('That pupil');
      if (await findUnderWay(app.db, pupil.id, viewer.id)) {
        throw conflict(FAMILY_ERROR_CODES.exportUnderWay, FAMILY_EXPORT_MESSAGES.underWay);
      }
      const row = await insertRequest(app.db, {
        studentId: pupil.id,
        requester: viewer,
        language: await userLocale(app.db, viewer.id),
        at: nowIso(),
        from: request.ip,
      });
      return reply.code(201).send({ data: toFamilyExport(row, viewer.id) });
    },
  );

  api.get(
    '/pupils/:id/data-exports',
    {
      onRequest: guardianOrPrincipal,
      schema: {
        tags: TAGS,
        summary: 'The requests for archives of a child’s data, newest first, with their states',
        description:
          'A guardian: their own requests for their child; the principal: every request for the ' +
          'child. Another family’s child: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: FamilyExportListSchema, ...CHECKED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const pupil = await findExportablePupil(app.db, viewer, request.params.id);
      if (!pupil) throw notFound('That pupil');
      const rows = await requestsOfChild(app.db, pupil.id, readsEveryRequest(viewer) ? null : viewer.id);
      return {
        data: {
          studentId: pupil.id,
          studentName: pupil.name,
          exports: rows.map((row) => toFamilyExport(row, viewer.id)),
        },
      };
    },
  );

  api.get(
    '/data-exports/download',
    {
      schema: {
        tags: TAGS,
        summary: 'Download an archive of a child’s data by its mailed link (the token is the key)',
        description:
          'The link of the mail: a zip of summary.html, data.json, photos, report cards and receipts. ' +
          'An unknown or expired link: 404 (EXPORT_LINK_INVALID). Every download is kept in the ' +
          'child’s access log and counted on the request.',
        querystring: FamilyExportDownloadQuerySchema,
        produces: ['application/zip'],
        response: {
          200: {
            description: 'The archive, as a zip file',
            content: { 'application/zip': { schema: z.string() } },
          },
          400: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const at = nowIso();
      const linkInvalid = () =>
        new HttpError(404, FAMILY_ERROR_CODES.exportLinkInvalid, FAMILY_EXPORT_MESSAGES.linkInvalid);
      const row = await findByTokenHash(app.db, hashToken(request.query.token), at);
      if (!row?.file_path || row.requested_by === null) throw linkInvalid();
      const bytes = await app.files.read(row.file_path);
      if (!bytes) throw linkInvalid();
      await countDownload(app.db, row.id, at);
      // The link's holder is the requester the mail went to (docs/decisions/0109-a-familys-data-on-request.md).
      await recordChildAccess(app.db, {
        studentIds: [row.student_id],
        viewer: {
          id: row.requested_by,
          name: row.requested_by_name,
          type: row.requested_by_type as typeof USER_TYPE.parent,
        },
        kind: 'data-export',
        detail: `#${row.id}`,
        address: request.ip,
        at: new Date(at),
      });
      return reply
        .type('application/zip')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="data-${row.student_id}-${row.id}.zip"`)
        .send(bytes as unknown as string);
    },
  );
}
