import type { FastifyInstance } from 'fastify';
import {
  CONSENT_MESSAGES,
  ConsentChangeBodySchema,
  ConsentsAnswerSchema,
} from '../../../shared/api/consents.js';
import { IdParamSchema } from '../../../shared/api/school.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { CHECKED, schoolRouting } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import type { Viewer } from '../school/school.policy.js';
import { type ConsentAccess, findConsentAccess } from './consents.policy.js';
import { consentHistory, consentsOf, recordChildConsents } from './consents.repository.js';

/**
 * A child's consents, current and with their history (docs/decisions/0111-consent-as-a-ledger.md;
 * bodies and answers: src/shared/api/consents.ts). Record-level rules: consents.policy.ts.
 */

const TAGS = ['Families'];

export async function consentsRoutes(app: FastifyInstance): Promise<void> {
  const { api } = schoolRouting(app);

  const access = async (viewer: Viewer, studentId: number): Promise<ConsentAccess> => {
    const found = await findConsentAccess(app.db, viewer, studentId);
    if (!found) throw notFound('That pupil');
    return found;
  };

  const answer = async (found: ConsentAccess) => ({
    data: {
      studentId: found.pupil.id,
      studentName: found.pupil.name,
      current: await consentsOf(app.db, found.pupil.id),
      history: await consentHistory(app.db, found.pupil.id),
      mayChange: found.mayChange,
      mayRecordPaper: found.mayRecordPaper,
    },
  });

  api.get(
    '/pupils/:id/consents',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'A child’s consents and their history (guardians, class teachers and the principal)',
        description:
          'current: the latest entry of each consent (none: not given). history: every consent given ' +
          'or withdrawn, newest first, with who, when and how. Anyone else: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        response: { 200: ConsentsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => answer(await access(currentUser(request), request.params.id)),
  );

  api.post(
    '/pupils/:id/consents',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: TAGS,
        summary: 'Give or withdraw one of a child’s consents (the child’s guardians and the principal)',
        description:
          'Appends an entry to the ledger when the consent changes (the same answer again changes ' +
          'nothing). It applies at once: a withdrawn website consent leaves the child’s pictures out ' +
          'of the public gallery at its next request. fromPaper: the principal records what a family ' +
          'wrote on paper (403 for anyone else). A class teacher: 403; anyone else: 404.',
        security: BEARER_AUTH,
        params: IdParamSchema,
        body: ConsentChangeBodySchema,
        response: { 200: ConsentsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const found = await access(viewer, request.params.id);
      if (!found.mayChange) throw forbidden(CONSENT_MESSAGES.readOnly);
      const { kind, given, fromPaper } = request.body;
      if (fromPaper && !found.mayRecordPaper) throw forbidden(CONSENT_MESSAGES.paperByPrincipal);
      await app.db.transaction().execute((trx) =>
        recordChildConsents(trx, {
          studentId: found.pupil.id,
          wanted: { [kind]: given },
          by: { id: viewer.id, name: viewer.name },
          how: fromPaper ? 'paper' : 'app',
          at: nowIso(),
        }),
      );
      return answer(found);
    },
  );
}
