import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerVersions } from '../lib/answer-versions.js';
import { PgSignals } from '../lib/signals.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The versions kept answers of the child's day are made at (lib/answer-versions.ts). */
    answerVersions: AnswerVersions;
  }
  interface FastifyRequest {
    /** The mark of a request that may write, while it is under way (plugins/answer-versions.ts). */
    answerMark?: string;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One reader of the answer versions per process (docs/decisions/0084-kept-answers-of-the-day.md). On
 * PostgreSQL it follows the signals; every request that may write marks its way through, so that
 * this process reads its own writes (`AnswerVersions.mayWrite`).
 */
export const answerVersionsPlugin = fp(
  async (app: FastifyInstance) => {
    const versions = new AnswerVersions(app.db);
    const signals = app.signals;
    if (signals instanceof PgSignals) {
      const stop = versions.follow(signals, () => signals.listening);
      app.addHook('onClose', async () => stop());
      app.addHook('onRequest', (request, _reply, done) => {
        if (!READS.has(request.method)) request.answerMark = versions.mayWrite();
        done();
      });
      const answered = (request: { answerMark?: string }) => {
        const mark = request.answerMark;
        if (mark === undefined) return;
        request.answerMark = undefined;
        versions.wroteAll(mark);
      };
      app.addHook('onResponse', (request, _reply, done) => {
        answered(request);
        done();
      });
      app.addHook('onRequestAbort', (request, done) => {
        answered(request);
        done();
      });
    }
    app.decorate('answerVersions', versions);
  },
  { name: 'schoolyard-answer-versions' },
);
