import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  SchoolWordAnswerSchema,
  WORD_ERRORS,
  WordBodySchema,
  WordListQuerySchema,
  WordListSchema,
  WordParamsSchema,
  WordSearchQuerySchema,
  WordSearchSchema,
} from '../../../shared/api/words.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { schoolWordProblem } from '../../../shared/messages/school-words.js';
import { HttpError, invalid } from '../../lib/errors.js';
import { requestLocale, translatorFor } from '../../lib/i18n.js';
import { DENIED, NO_CONTENT } from '../../lib/school-routes.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import { deleteSchoolWord, listSchoolWords, saveSchoolWord } from './words.repository.js';
import { problemReason, schoolWordOf, searchMessages } from './words.service.js';

const TAGS = ["The school's own words"];

/**
 * The school's own words (docs/decisions/0065-the-schools-own-words.md): the principal finds any
 * text of the product, per language, and replaces it with the school's; deleting the replacement
 * brings the catalog's text back. Every page, mail, document and error answer opened afterwards,
 * through any server process, says the school's text.
 */
export async function wordsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyPrincipal = app.requireTypes(USER_TYPE.principal);

  api.get(
    '/admin/words',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: "The school's replacements of the product's texts",
        description:
          'Of one language (`locale`), else of every language, by language and key. `original` is the ' +
          "catalog's text that the replacement stands for; `applies` is false for a replacement that no " +
          'longer fits its message (a newer version changed it): pages then show the original.',
        security: BEARER_AUTH,
        querystring: WordListQuerySchema,
        response: { 200: WordListSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => ({ data: (await listSchoolWords(app.db, request.query.locale)).map(schoolWordOf) }),
  );

  api.get(
    '/admin/words/messages',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: "Find the product's texts in a language",
        description:
          "The catalog's messages whose key, English text, text in `locale` or the school's replacement " +
          'holds every word of `q` (case and accents aside), in catalog order: at most 50, and `total`, ' +
          'how many match.',
        security: BEARER_AUTH,
        querystring: WordSearchQuerySchema,
        response: { 200: WordSearchSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => {
      const { locale, q } = request.query;
      const rows = await listSchoolWords(app.db, locale);
      return searchMessages(locale, q, new Map(rows.map((row) => [row.message_key, row.text])));
    },
  );

  api.put(
    '/admin/words/:locale/:key',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: "Replace one of the product's texts in one language",
        description:
          '`key` is a message key of the catalogs (`area.key`, as `GET admin/words/messages` lists them). ' +
          "`text` is ICU MessageFormat with the English message's values, plurals, choices and tags, no " +
          'more and no fewer: a text that does not parse or differs in them is refused whole (400, the ' +
          'reason in `details`). Replaces the school’s earlier text for it.',
        security: BEARER_AUTH,
        params: WordParamsSchema,
        body: WordBodySchema,
        response: { 200: SchoolWordAnswerSchema, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request) => {
      const { locale, key } = request.params;
      const problem = schoolWordProblem(key, request.body.text);
      if (problem) {
        const { t } = translatorFor(await requestLocale(request));
        throw invalid(WORD_ERRORS.notSaved, [problemReason(problem, t)]);
      }
      const row = await saveSchoolWord(app.db, { locale, key, text: request.body.text });
      return { data: schoolWordOf(row) };
    },
  );

  api.delete(
    '/admin/words/:locale/:key',
    {
      onRequest: onlyPrincipal,
      schema: {
        tags: TAGS,
        summary: "Bring back the product's own text",
        description: "Deletes the school's replacement of `key` in `locale`; 404 when it had none.",
        security: BEARER_AUTH,
        params: WordParamsSchema,
        response: { 204: NO_CONTENT, 400: ErrorBodySchema, ...DENIED, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (!(await deleteSchoolWord(app.db, request.params))) {
        throw new HttpError(404, COMMON_ERROR_CODES.notFound, WORD_ERRORS.notReplaced);
      }
      return reply.code(204).send(null);
    },
  );
}
