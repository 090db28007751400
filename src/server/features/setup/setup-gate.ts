import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SETUP_ERROR_CODES, SETUP_MESSAGES } from '../../../shared/api/setup.js';
import { SETUP_PATH } from '../../../shared/setup-link.js';
import { requestLocale, translateServerMessage } from '../../lib/i18n.js';
import { hasSetupToken } from './setup.repository.js';

/** Calls that work before set-up: the process managers' questions and the set-up's own. */
const OPEN_API = new Set(['/api/health', '/api/ready', '/api/setup']);

/** Whether a request is served while the school waits for its set-up. */
function isOpenDuringSetup(method: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (OPEN_API.has(path)) return true;
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path === SETUP_PATH) return true;
  // The web app's files (scripts, styles, icons), which the set-up page needs; never stored uploads.
  return !path.startsWith('/api/') && !path.startsWith('/uploads/') && /\.[a-z0-9]+$/i.test(path);
}

/**
 * Until a real school's first principal is made (docs/decisions/0041-first-start-of-a-real-school.md),
 * the set-up page is the only page: the site's pages redirect to it, every other call answers 503
 * SETUP_REQUIRED, health and readiness still answer. Whether set-up waits is the database's (a
 * set-up link's hash is stored), so every server process on one database agrees; once a process
 * has seen it done it stops asking, since a school once set up never waits again.
 */
export const setupGatePlugin = fp(async (app: FastifyInstance) => {
  let setUp = false;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (setUp) return;
    const pathname = request.url.split('?')[0] ?? '/';
    if (isOpenDuringSetup(request.method, pathname)) return;
    if (!(await hasSetupToken(app.db))) {
      setUp = true;
      return;
    }
    reply.header('Cache-Control', 'no-store');
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/uploads/');
    if (isPage) return reply.redirect(SETUP_PATH, 303);
    // In the request's language (English as before): the validation catalog holds the sentence.
    const locale = await requestLocale(request);
    const message = translateServerMessage(locale, SETUP_MESSAGES.required) ?? SETUP_MESSAGES.required;
    return reply.code(503).send({ error: { code: SETUP_ERROR_CODES.required, message } });
  });
});
