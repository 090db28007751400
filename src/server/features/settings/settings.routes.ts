import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  SchoolSettingsAnswerSchema,
  SchoolSettingsSchema,
  SETTINGS_MESSAGES,
} from '../../../shared/api/settings.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { NOT_MODIFIED } from '../../lib/cached-answer.js';
import { invalid } from '../../lib/errors.js';
import { DENIED } from '../../lib/school-routes.js';
import { isStoredImage } from '../../lib/upload-storage.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import { readSettings } from './settings.repository.js';
import { saveSettings } from './settings.service.js';

const TAGS = ['School settings'];

/**
 * The school's settings (docs/decisions/0014-school-settings.md): everyone reads them (the public site's
 * header, footer, contact panel and titles), only the principal replaces them, with the same policy as the
 * content calls.
 */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyPrincipal = app.requireTypes(USER_TYPE.principal);
  // Kept by the public site's data version, like the content calls (docs/decisions/0027-content-cache.md).
  const answerSchema = z.object({ data: SchoolSettingsAnswerSchema });
  const kept = app.keptAnswers.add(`${app.prefix}/settings`, answerSchema, async () => ({
    data: await readSettings(app.db),
  }));

  api.get(
    '/settings',
    {
      schema: {
        tags: TAGS,
        summary:
          "The school's name, logo, contact details, social links, footer text, currency and time zone",
        description:
          '`logo` is "" for the default logo, else a picture under /uploads/. An unused text or link is "". ' +
          'Answers with a strong `ETag` and `Cache-Control: no-cache`; with `If-None-Match` naming the ' +
          'current tag, 304 without a body.',
        response: { 200: answerSchema, 304: NOT_MODIFIED },
      },
    },
    (request, reply) => kept.send(request, reply),
  );

  api.put(
    '/admin/settings',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: "Replace the school's settings",
        description:
          'Every field, "" for an unused one (name excepted). `logo`: "" for the default logo or an ' +
          'uploaded picture (a path under /uploads/, see POST /api/admin/media). `phone`: digits, ' +
          'spaces and + - ( ) . /; `socialLinks`: http(s) links; `currency`: ISO 4217; `timeZone`: ' +
          'IANA. Text is stored as it is and shown as text, never as HTML. The address, email, phone ' +
          'and opening hours are copied into the contact records (GET /api/contacts shows them too).',
        security: BEARER_AUTH,
        body: SchoolSettingsSchema,
        response: {
          200: z.object({ data: SchoolSettingsAnswerSchema }),
          400: ErrorBodySchema,
          ...DENIED,
        },
      },
    },
    async (request) => {
      const settings = request.body;
      if (settings.logo !== '' && !(await isStoredImage(app.files, settings.logo))) {
        throw invalid(`logo: ${SETTINGS_MESSAGES.logoNotFound}`, [
          { field: 'logo', message: SETTINGS_MESSAGES.logoNotFound },
        ]);
      }
      await saveSettings(app.db, settings);
      return { data: await readSettings(app.db) };
    },
  );
}
