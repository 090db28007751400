import type { FastifyInstance } from 'fastify';
import {
  AdmissionSeatsSchema,
  ClassSeatsAnswerSchema,
  ClassSeatsInputSchema,
  ClassSeatsQuerySchema,
} from '../../../shared/api/admissions.js';
import { NOT_MODIFIED } from '../../lib/cached-answer.js';
import { CHECKED, SET_UP_TAGS, schoolRouting } from '../../lib/school-routes.js';
import { BEARER_AUTH } from '../../plugins/auth.js';
import { publicSeats, saveSeats, seatsOfYear } from './admissions.service.js';

/** Admissions (docs/decisions/0100-seats-that-mean-something.md): seats per class and year. */
export async function admissionsRoutes(app: FastifyInstance): Promise<void> {
  const { api, principal } = schoolRouting(app);

  api.get(
    '/admin/admissions/classes',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Every class’s seats in a school year and whether it takes admissions',
        description:
          'By default the admissions year: the year after the current one when the school keeps it, ' +
          'else the current one. `free` is capacity less the pupils of that year and the accepted ' +
          'offers, never below 0; null without a capacity.',
        security: BEARER_AUTH,
        querystring: ClassSeatsQuerySchema,
        response: { 200: ClassSeatsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({ data: await seatsOfYear(app.db, request.query.yearId) }),
  );

  api.put(
    '/admin/admissions/classes',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Set the listed classes’ seats in a school year and whether they take admissions',
        description:
          'Classes left out stay as they are; `seats` null removes the class’s capacity for the year.',
        security: BEARER_AUTH,
        body: ClassSeatsInputSchema,
        response: { 200: ClassSeatsAnswerSchema, ...CHECKED },
      },
    },
    async (request) => ({ data: await saveSeats(app.db, request.body) }),
  );

  const kept = app.keptAnswers.add(`${app.prefix}/admissions/seats`, AdmissionSeatsSchema, () =>
    publicSeats(app.db),
  );
  api.get(
    '/admissions/seats',
    {
      schema: {
        tags: ['Admissions'],
        summary: 'The free seats of the admissions year, per class',
        description:
          'Each class that takes admissions or that a class card names, with its free seats in the ' +
          'admissions year (null without a capacity): what the class cards and Book A Seat show. ' +
          'A strong `ETag`, as the public content calls have.',
        response: { 200: AdmissionSeatsSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) => kept.send(request, reply),
  );
}
