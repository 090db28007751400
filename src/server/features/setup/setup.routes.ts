import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import { SetupDoneSchema, SetupRequestSchema, SetupStatusSchema } from '../../../shared/api/setup.js';
import { HttpError } from '../../lib/errors.js';
import { hasSetupToken } from './setup.repository.js';
import { completeSetup } from './setup.service.js';

/** Set-up tries per client address and hour: the token cannot be guessed, and the operator needs one or two. */
export const SETUP_RATE_LIMIT = { max: 20, timeWindow: '1 hour' } as const;

const TAGS = ['Operations'];

/**
 * `GET setup` and `POST setup`: a real school's first start
 * (docs/decisions/0041-first-start-of-a-real-school.md), open to anyone who holds the printed link.
 */
export async function setupRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/setup',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the school still waits for its set-up (the one-time link the server printed)',
        response: { 200: SetupStatusSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: { required: await hasSetupToken(app.db) } };
    },
  );

  api.post(
    '/setup',
    {
      config: {
        rateLimit: {
          ...SETUP_RATE_LIMIT,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              COMMON_ERROR_CODES.tooManyRequests,
              `Too many set-up tries from this address. Please try again in ${context.after}.`,
            ),
        },
      },
      schema: {
        tags: TAGS,
        summary: "Set the school up with the printed link: the principal's account and the school's name",
        description:
          'Only before set-up, with the token of the link the server printed at its last start. ' +
          'Makes an active Principle with the name, email and password (the registration rules) and ' +
          "sets the school's name, in one transaction; the link is used up. Every other call answers " +
          '503 SETUP_REQUIRED until then (pages redirect to /setup). An unknown, used or replaced ' +
          'token: 403 SETUP_LINK_INVALID.',
        body: SetupRequestSchema,
        response: {
          201: SetupDoneSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await completeSetup(app.db, request.body) }),
  );
}
