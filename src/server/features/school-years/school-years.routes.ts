import type { FastifyInstance } from 'fastify';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  CurrentSchoolYearAnswerSchema,
  NewSchoolYearInputSchema,
  SchoolTermAnswerSchema,
  SchoolTermIdParamsSchema,
  SchoolTermInputSchema,
  SchoolTermsAnswerSchema,
  SchoolYearAnswerSchema,
  SchoolYearIdParamsSchema,
  SchoolYearInputSchema,
  SchoolYearsAnswerSchema,
} from '../../../shared/api/school-years.js';
import { termToShow } from '../../../shared/rules/school-year.js';
import { notFound } from '../../lib/errors.js';
import { CHECKED, DENIED, NO_CONTENT, SET_UP_TAGS, schoolRouting } from '../../lib/school-routes.js';
import { nowIso } from '../../lib/time.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { schoolToday } from '../settings/settings.repository.js';
import { currentYear, listYears } from './school-years.repository.js';
import {
  changeTerm,
  changeYear,
  createTerm,
  createYear,
  makeCurrent,
  removeTerm,
  removeYear,
} from './school-years.service.js';

/**
 * School years and their terms (docs/decisions/0085-school-years-and-terms.md): the principal keeps
 * them; every school user reads the current year and today's term.
 */

const CONFLICT = { 409: ErrorBodySchema };
const YEAR_NOT_FOUND = 'That school year';
const TERM_NOT_FOUND = 'That term';

export async function schoolYearsRoutes(app: FastifyInstance): Promise<void> {
  const { api, principal } = schoolRouting(app);

  api.get(
    '/school-year',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'The current school year with its terms, the school’s today and the term it falls in',
        description: '`year` is null before the school keeps any year; `termId` is null between terms.',
        security: BEARER_AUTH,
        response: { 200: CurrentSchoolYearAnswerSchema, ...DENIED },
      },
    },
    async () => {
      const today = await schoolToday(app.db);
      const year = (await currentYear(app.db)) ?? null;
      const term = year?.terms.find((t) => t.firstDay <= today && today <= t.lastDay);
      return { data: { year, today, termId: term?.id ?? null } };
    },
  );

  api.get(
    '/school-years',
    {
      onRequest: app.requireSchoolUser,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Every school year with its terms, the school’s today and the term to show first',
        description:
          'For the term pickers of the screens of marks: the latest year first; `termId` is the term ' +
          'holding today, else the latest that has begun, else the first (null without terms).',
        security: BEARER_AUTH,
        response: { 200: SchoolTermsAnswerSchema, ...DENIED },
      },
    },
    async () => {
      const [years, today] = await Promise.all([listYears(app.db), schoolToday(app.db)]);
      const shown = termToShow(
        years.flatMap((year) => year.terms),
        today,
      );
      return { data: { years, today, termId: shown?.id ?? null } };
    },
  );

  api.get(
    '/admin/school-years',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Every school year with its terms, the latest first',
        security: BEARER_AUTH,
        response: { 200: SchoolYearsAnswerSchema, ...DENIED },
      },
    },
    async () => ({ data: await listYears(app.db) }),
  );

  api.post(
    '/admin/school-years',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Add a school year',
        description:
          'The first year, or one sent with `current: true`, becomes the current year. A name another ' +
          'year has is a 409 NAME_TAKEN; days that meet another year’s a 409 DATES_OVERLAP.',
        security: BEARER_AUTH,
        body: NewSchoolYearInputSchema,
        response: { 201: SchoolYearAnswerSchema, 400: ErrorBodySchema, ...DENIED, ...CONFLICT },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createYear(app.db, request.body, nowIso()) }),
  );

  api.put(
    '/admin/school-years/:id',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Change a school year’s name and days',
        description: 'New days that would leave one of its terms outside are a 409 TERM_OUTSIDE_YEAR.',
        security: BEARER_AUTH,
        params: SchoolYearIdParamsSchema,
        body: SchoolYearInputSchema,
        response: { 200: SchoolYearAnswerSchema, ...CHECKED, ...CONFLICT },
      },
    },
    async (request) => {
      const data = await changeYear(app.db, request.params.id, request.body, nowIso());
      if (!data) throw notFound(YEAR_NOT_FOUND);
      return { data };
    },
  );

  api.post(
    '/admin/school-years/:id/current',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Make a school year the current one',
        security: BEARER_AUTH,
        params: SchoolYearIdParamsSchema,
        response: { 200: SchoolYearAnswerSchema, ...CHECKED },
      },
    },
    async (request) => {
      const data = await makeCurrent(app.db, request.params.id, nowIso());
      if (!data) throw notFound(YEAR_NOT_FOUND);
      return { data };
    },
  );

  api.delete(
    '/admin/school-years/:id',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Delete a school year and its terms',
        description:
          'Not the current year (409 CURRENT_YEAR), nor one with a term that has fee plans (409 IN_USE).',
        security: BEARER_AUTH,
        params: SchoolYearIdParamsSchema,
        response: { 204: NO_CONTENT, ...CHECKED, ...CONFLICT },
      },
    },
    async (request, reply) => {
      if (!(await removeYear(app.db, request.params.id))) throw notFound(YEAR_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/admin/school-years/:id/terms',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Add a term to a school year',
        description:
          'Within the year (409 TERM_OUTSIDE_YEAR), apart from its other terms (409 DATES_OVERLAP), ' +
          'named unlike them (409 NAME_TAKEN).',
        security: BEARER_AUTH,
        params: SchoolYearIdParamsSchema,
        body: SchoolTermInputSchema,
        response: { 201: SchoolTermAnswerSchema, ...CHECKED, ...CONFLICT },
      },
    },
    async (request, reply) => {
      const data = await createTerm(app.db, request.params.id, request.body);
      if (!data) throw notFound(YEAR_NOT_FOUND);
      return reply.code(201).send({ data });
    },
  );

  api.put(
    '/admin/school-terms/:id',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Change a term',
        description: 'Its fee plans show its new name as their term.',
        security: BEARER_AUTH,
        params: SchoolTermIdParamsSchema,
        body: SchoolTermInputSchema,
        response: { 200: SchoolTermAnswerSchema, ...CHECKED, ...CONFLICT },
      },
    },
    async (request) => {
      const data = await changeTerm(app.db, currentUser(request), request.params.id, request.body, nowIso());
      if (!data) throw notFound(TERM_NOT_FOUND);
      return { data };
    },
  );

  api.delete(
    '/admin/school-terms/:id',
    {
      onRequest: principal,
      schema: {
        tags: SET_UP_TAGS,
        summary: 'Delete a term',
        description: 'Not while fee plans belong to it (409 IN_USE).',
        security: BEARER_AUTH,
        params: SchoolTermIdParamsSchema,
        response: { 204: NO_CONTENT, ...CHECKED, ...CONFLICT },
      },
    },
    async (request, reply) => {
      if (!(await removeTerm(app.db, request.params.id))) throw notFound(TERM_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
}
