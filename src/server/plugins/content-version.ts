import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VersionReader } from '../lib/data-version.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public site's data version ('content', lib/data-version.ts): raised by every write that
     * changes what the public pages show. One reader for the whole process, so that the public
     * content calls and the rendered pages share its coalesced reads.
     */
    contentVersion: VersionReader;
  }
}

export const contentVersionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('contentVersion', new VersionReader(app.db, 'content'));
  },
  { name: 'schoolyard-content-version' },
);
