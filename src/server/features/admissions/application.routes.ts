import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  APPLICATION_MESSAGES,
  APPLICATION_RULES,
  ApplicationLinkAnswerSchema,
  ApplicationTokenSchema,
  ApplicationViewSchema,
  CaseDocumentParamsSchema,
  DocumentAnswerSchema,
  DocumentKindFieldSchema,
  RemoveDocumentSchema,
  SaveDraftSchema,
  SubmitApplicationSchema,
} from '../../../shared/api/admission-application.js';
import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { IdParamsSchema } from '../../../shared/api/ids.js';
import { HttpError, invalid, notFound } from '../../lib/errors.js';
import { CHECKED, SCHOOL_TAGS, schoolRouting } from '../../lib/school-routes.js';
import { tempFolderHooks } from '../../lib/upload-temp.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import { readIntoBody, readMultipartForm } from '../../plugins/uploads.js';
import { findCaseDocument } from './application.repository.js';
import {
  addDocument,
  mailApplicationLink,
  mayUpload,
  openApplication,
  removeDocument,
  saveDraft,
  submitApplication,
} from './application.service.js';

/**
 * The application families fill in (docs/decisions/0103-the-application-families-fill-in.md): the
 * public calls of its link (the token in the body, or a header for the upload, never in a URL so
 * that it stays out of logs), and the principal's: the case with its application, a document, and
 * a link sent on its own.
 */

const A = APPLICATION_MESSAGES;
const R = APPLICATION_RULES;
const TAGS = ['Admissions'];
const PUBLIC_ERRORS = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** A file the upload hook received: only these pass the body schema (a JSON body cannot name a path). */
interface ReceivedDocument {
  name: string;
  path: string;
  size: number;
}
const received = new WeakSet<object>();

const tokenOfHeader = (value: unknown): string => {
  const parsed = ApplicationTokenSchema.safeParse({ token: value });
  if (!parsed.success) throw invalid(A.enterToken, [{ field: R.tokenHeader, message: A.enterToken }]);
  return parsed.data.token;
};

const tooLarge = () =>
  new HttpError(413, COMMON_ERROR_CODES.fileTooLarge, A.tooLarge, [
    { field: R.documentField, message: A.tooLarge },
  ]);

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const { api, principal } = schoolRouting(app);

  api.post(
    '/admissions/application',
    {
      schema: {
        tags: TAGS,
        summary: 'An application as its link opens it',
        description:
          'The case’s child, class and year, the classes that take admissions, the school’s terms in the ' +
          'family’s language, the draft (or the application as sent) and its documents. 404 for an unknown ' +
          'token; 409 APPLICATION_CLOSED once the case is closed or enrolled.',
        body: ApplicationTokenSchema,
        response: { 200: ApplicationViewSchema, ...PUBLIC_ERRORS },
      },
    },
    async (request) => ({ data: await openApplication(app.db, request.body.token) }),
  );

  api.post(
    '/admissions/application/draft',
    {
      schema: {
        tags: TAGS,
        summary: 'Save the application as a draft, to finish later from the same link',
        description:
          'Every part optional; the whole draft replaces the last one. 409 APPLICATION_SENT once sent, ' +
          'APPLICATION_CLOSED once the case is closed or enrolled.',
        body: SaveDraftSchema,
        response: { 200: ApplicationViewSchema, ...PUBLIC_ERRORS },
      },
    },
    async (request) => ({ data: await saveDraft(app.db, request.body.token, request.body.draft) }),
  );

  const readDocument: preValidationAsyncHookHandler = async (request) => {
    if (!request.isMultipart()) return;
    await readIntoBody(request, async (temp) => {
      const { fields, files } = await readMultipartForm(request, temp, R.documentField, {
        limits: { fileSize: R.documentMaxBytes, files: 1 },
        errors: {
          FST_REQ_FILE_TOO_LARGE: tooLarge,
          FST_FILES_LIMIT: () => invalid(A.noFile, [{ field: R.documentField, message: A.noFile }]),
        },
      });
      const file = files[0];
      if (file) {
        const document: ReceivedDocument = { name: file.name, path: file.path, size: file.size };
        received.add(document);
        fields[R.documentField] = document;
      }
      return fields;
    });
  };

  api.post(
    '/admissions/application/documents',
    {
      ...tempFolderHooks,
      preValidation: [
        // A stranger's upload is not read at all: the link and the count are checked first.
        async (request) => {
          await mayUpload(app.db, tokenOfHeader(request.headers[R.tokenHeader]));
        },
        readDocument,
      ],
      schema: {
        tags: TAGS,
        summary: 'Upload a document with the application (a PDF, JPEG, PNG or WebP picture)',
        description:
          `A multipart form: \`kind\` (birth-certificate, child-photo or other) and \`file\`; the link’s token in the ` +
          `\`${R.tokenHeader}\` header. The type is read from the file’s first bytes: anything else is a 400, as is a ` +
          `child’s photo that is a PDF. At most ${R.documentMaxBytes / 1024 / 1024} MB (else 413 FILE_TOO_LARGE) and ` +
          `${R.documentsPerCase} documents per application (else 400). 409 APPLICATION_SENT once sent.`,
        consumes: ['multipart/form-data'],
        headers: z.object({ [R.tokenHeader]: z.string().optional() }),
        body: z.object({
          kind: DocumentKindFieldSchema,
          [R.documentField]: z
            .custom<ReceivedDocument>(
              (value) => typeof value === 'object' && value !== null && received.has(value),
              { error: A.noFile },
            )
            .meta({ type: 'string', format: 'binary' }),
        }),
        response: { 201: DocumentAnswerSchema, ...PUBLIC_ERRORS, 413: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const token = tokenOfHeader(request.headers[R.tokenHeader]);
      const document = await addDocument(
        app.db,
        app.files,
        token,
        request.body.kind,
        request.body[R.documentField] as ReceivedDocument,
        R.documentsPerCase,
      );
      const { caseId: _case, storedName: _stored, ...shown } = document;
      return reply.code(201).send({ data: shown });
    },
  );

  api.post(
    '/admissions/application/documents/remove',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove a document of the application (while it is a draft)',
        description: '404 for a document of another application. 409 APPLICATION_SENT once sent.',
        body: RemoveDocumentSchema,
        response: { 200: ApplicationViewSchema, ...PUBLIC_ERRORS },
      },
    },
    async (request) => {
      await removeDocument(app.db, app.files, request.body.token, request.body.documentId);
      return { data: await openApplication(app.db, request.body.token) };
    },
  );

  api.post(
    '/admissions/application/submit',
    {
      schema: {
        tags: TAGS,
        summary: 'Send the application, signed with a typed name',
        description:
          'Every part checked; the signature is the name of one of the guardians, kept with the time and the ' +
          'IP address it came from. The child’s photo must be a picture of this application, the class one ' +
          'that takes admissions (or the case’s), the start date today or later. A case at "enquiry" or ' +
          '"visit" moves to "applied"; one further on stays where it is. Read-only after: 409 APPLICATION_SENT.',
        body: SubmitApplicationSchema,
        response: { 200: ApplicationViewSchema, ...PUBLIC_ERRORS },
      },
    },
    async (request) => ({
      data: await submitApplication(app.db, request.body.token, request.body.application, request.ip),
    }),
  );

  api.post(
    '/admin/admissions/cases/:id/application-link',
    {
      onRequest: principal,
      schema: {
        tags: SCHOOL_TAGS,
        summary: 'Mail the family a link to the case’s application',
        description:
          'In the family’s language, through the Outbox (the stored mail holds no key). Earlier links keep ' +
          'working. 409 APPLICATION_CLOSED for a closed or enrolled case.',
        security: BEARER_AUTH,
        params: IdParamsSchema,
        response: { 200: ApplicationLinkAnswerSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => ({
      data: { sentTo: await mailApplicationLink(app.db, app.config.mail, request.params.id) },
    }),
  );

  api.get(
    '/admin/admissions/cases/:id/documents/:documentId',
    {
      onRequest: principal,
      compress: false,
      schema: {
        tags: SCHOOL_TAGS,
        summary: 'A document of a case’s application (the principal)',
        description:
          'The file as uploaded, as a download, with `Cache-Control: private, no-store`. 404 for a document ' +
          'of another case. /uploads never serves these.',
        security: BEARER_AUTH,
        params: CaseDocumentParamsSchema,
        produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
        response: {
          200: {
            description: 'The document',
            content: { 'application/octet-stream': { schema: z.string() } },
          },
          ...CHECKED,
        },
      },
    },
    async (request, reply) => {
      const stored = await findCaseDocument(app.db, request.params.id, request.params.documentId);
      const file = stored && (await app.files.open(stored.storedName));
      if (!stored || !file) throw notFound('That document');
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', file.info.size)
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(stored.name)}`)
        .type(stored.mimeType)
        .send(file.body as unknown as string);
    },
  );
}
