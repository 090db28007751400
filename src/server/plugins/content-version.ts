import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { KeptAnswers } from '../lib/cached-answer.js';
import { openSqliteVersionRead, VersionReader } from '../lib/data-version.js';
import { PgSignals } from '../lib/signals.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public site's data version ('content', lib/data-version.ts): raised by every write that
     * changes what the public pages show. One reader for the whole process, so that the public
     * content calls and the rendered pages share its reads.
     */
    contentVersion: VersionReader;
    /** The public answers kept by content version (lib/cached-answer.ts), by address. */
    keptAnswers: KeptAnswers;
  }
}

/**
 * The public site's data version and the answers kept by it (docs/decisions/0027-content-cache.md).
 * Registered before every other plugin: its request hook runs first, so that a GET of a kept answer
 * made at the current version is sent before the other hooks' per-request work (the security
 * headers are the same: learnt from a normal answer of the same route).
 */
export const contentVersionPlugin = fp(
  async (app: FastifyInstance) => {
    // On a SQLite file (config.database: the one the app's `db` is open on) the counter is read at
    // once, per request; else, or if that connection cannot be opened, by a shared, coalesced query.
    const sqlite = openDirectRead(app);
    if (sqlite) app.addHook('onClose', async () => sqlite.close());
    const versions = new VersionReader(app.db, 'content', sqlite?.read);
    // On PostgreSQL the version comes with the signals (every content write NOTIFYs in its
    // transaction), kept in memory: the public calls then need no query (docs/decisions/0081-push-and-live.md).
    const signals = app.signals;
    if (signals instanceof PgSignals) versions.followSignals(signals, () => signals.listening);
    const keptAnswers = new KeptAnswers(versions);
    app.decorate('contentVersion', versions);
    app.decorate('keptAnswers', keptAnswers);

    app.addHook('onRequest', (request, reply, done) => {
      // A request whose client has gone goes its normal way (clientGonePlugin ends it quietly), and
      // so does every request while the server drains (drainPlugin closes its connection).
      if (request.raw.socket?.remoteAddress === undefined || app.draining) return done();
      const answered = keptAnswers.answerEarly(request, reply);
      if (answered === true) return;
      if (answered === false) return done();
      answered.then((sent) => {
        if (!sent) done();
      }, done);
    });
  },
  { name: 'schoolyard-content-version' },
);

function openDirectRead(app: FastifyInstance): ReturnType<typeof openSqliteVersionRead> | undefined {
  const { database } = app.config;
  if (database.engine !== 'sqlite' || database.file === ':memory:') return undefined;
  try {
    return openSqliteVersionRead(database.file, 'content');
  } catch (error) {
    app.log.warn({ err: error }, 'content version: no read-only SQLite connection, reading by query');
    return undefined;
  }
}
