import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forgetSchoolWords, refreshSchoolWords } from '../lib/school-words.js';

/**
 * Requests that show no text of ours: the probes (which must not wait on the database,
 * docs/decisions/0034-several-processes.md), the API's documentation, stored pictures and the built
 * files. Everything else (the API, whose errors, CSV headers, PDFs and mails are worded, and the
 * pages) may show text.
 */
export function showsNoText(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  if (path.startsWith('/api/')) {
    return (
      path === '/api/health' ||
      path === '/api/ready' ||
      path === '/api/openapi.json' ||
      path === '/api/docs' ||
      path.startsWith('/api/docs/')
    );
  }
  return path.startsWith('/uploads/') || path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
}

/**
 * The school's own words (docs/decisions/0065-the-schools-own-words.md) as of the request: before a
 * request that may show text, this process's copy of the words is made the one of the content
 * version (a read that started after the request arrived, shared with the public pages'), read
 * again only when that version moved. Registered after the content version's plugin, so the public
 * answers it sends early pay nothing. When the words cannot be read, the request goes on with the
 * words it had (a failing database answers for itself).
 */
export const schoolWordsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (showsNoText(request.url)) return;
      try {
        await refreshSchoolWords(app.db, await app.contentVersion.read());
      } catch (error) {
        request.log.warn({ err: error }, "the school's own words could not be read");
      }
    });
    app.addHook('onClose', async () => forgetSchoolWords(app.db));
  },
  { name: 'schoolyard-school-words', dependencies: ['schoolyard-content-version'] },
);
