import { z } from 'zod';
import { rangeProblem, SCHOOL_YEAR_LIMITS } from '../rules/school-year.js';
import { chosenIdSchema, pathIdSchema } from './ids.js';
import { IsoDateSchema } from './school.js';
import { requiredText } from './text-fields.js';

/**
 * School years and their terms (docs/decisions/0085-school-years-and-terms.md): the principal keeps
 * the years, each with its terms; exactly one year is the current one once any exists; every school
 * user reads the current year and the term of today. The rules are shared/rules/school-year.ts.
 * These calls are ours, so their names are correctly spelt.
 */

export { SCHOOL_YEAR_LIMITS } from '../rules/school-year.js';

export const SCHOOL_YEAR_MESSAGES = {
  enterYearName: 'Please enter the school year’s name, e.g. 2026–2027',
  enterTermName: 'Please enter the term’s name, e.g. Autumn 2026',
  chooseTerm: 'Choose a term',
  lastBeforeFirst: 'The last day cannot be before the first day',
  yearTooLong: `A school year is at most ${SCHOOL_YEAR_LIMITS.yearDays} days long`,
  termTooLong: `A term is at most ${SCHOOL_YEAR_LIMITS.termDays} days long`,
  tooManyTerms: `A school year has at most ${SCHOOL_YEAR_LIMITS.terms} terms.`,
  yearNameTaken: 'There is already a school year with this name.',
  termNameTaken: 'This school year already has a term with this name.',
  yearOverlaps: (name: string) => `These dates overlap the school year “${name}”.`,
  termOverlaps: (name: string) => `These dates overlap the term “${name}”.`,
  termOutsideYear: 'A term must lie within its school year.',
  termsOutside: (name: string) =>
    `The term “${name}” would no longer lie within the school year. Change the term’s dates first.`,
  currentYear: 'The current school year cannot be deleted. Make another year current first.',
  yearInUse: 'This school year has terms with fee plans or exams, so it cannot be deleted.',
  termInUse: 'This term has fee plans or exams, so it cannot be deleted.',
  termUnknown: 'That term does not exist; choose one of the school’s terms.',
} as const;

const dayOrder =
  (maxDays: number, tooLong: string) =>
  (value: { firstDay: string; lastDay: string }, ctx: z.RefinementCtx) => {
    const problem = rangeProblem(value, maxDays);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        path: ['lastDay'],
        message: problem === 'tooLong' ? tooLong : SCHOOL_YEAR_MESSAGES.lastBeforeFirst,
      });
    }
  };

const yearFields = {
  name: requiredText(SCHOOL_YEAR_MESSAGES.enterYearName, 'The school year’s name', SCHOOL_YEAR_LIMITS.name),
  firstDay: IsoDateSchema,
  lastDay: IsoDateSchema,
};

/** `PUT admin/school-years/{id}`. */
export const SchoolYearInputSchema = z
  .object(yearFields)
  .superRefine(dayOrder(SCHOOL_YEAR_LIMITS.yearDays, SCHOOL_YEAR_MESSAGES.yearTooLong));
export type SchoolYearInput = z.infer<typeof SchoolYearInputSchema>;

/** `POST admin/school-years`: `current` makes it the current year (the first year is current anyway). */
export const NewSchoolYearInputSchema = z
  .object({ ...yearFields, current: z.boolean({ error: 'current must be true or false' }).optional() })
  .superRefine(dayOrder(SCHOOL_YEAR_LIMITS.yearDays, SCHOOL_YEAR_MESSAGES.yearTooLong));
export type NewSchoolYearInput = z.infer<typeof NewSchoolYearInputSchema>;

/** `POST admin/school-years/{id}/terms` and `PUT admin/school-terms/{id}`. */
export const SchoolTermInputSchema = z
  .object({
    name: requiredText(SCHOOL_YEAR_MESSAGES.enterTermName, 'The term’s name', SCHOOL_YEAR_LIMITS.name),
    firstDay: IsoDateSchema,
    lastDay: IsoDateSchema,
  })
  .superRefine(dayOrder(SCHOOL_YEAR_LIMITS.termDays, SCHOOL_YEAR_MESSAGES.termTooLong));
export type SchoolTermInput = z.infer<typeof SchoolTermInputSchema>;

/** A term chosen in another form (a fee plan's). */
export const termIdSchema = /* @__NO_SIDE_EFFECTS__ */ () => chosenIdSchema(SCHOOL_YEAR_MESSAGES.chooseTerm);

export const SchoolYearIdParamsSchema = z.object({ id: pathIdSchema() });
export const SchoolTermIdParamsSchema = z.object({ id: pathIdSchema() });

export const SchoolTermSchema = z.object({
  id: z.number().int(),
  yearId: z.number().int(),
  name: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
});
export type SchoolTerm = z.infer<typeof SchoolTermSchema>;

export const SchoolYearSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  current: z.boolean(),
  /** Its terms, in order of their first day. */
  terms: z.array(SchoolTermSchema),
});
export type SchoolYear = z.infer<typeof SchoolYearSchema>;

export const SchoolYearAnswerSchema = z.object({ data: SchoolYearSchema });
export const SchoolYearsAnswerSchema = z.object({ data: z.array(SchoolYearSchema) });
export const SchoolTermAnswerSchema = z.object({ data: SchoolTermSchema });

/**
 * `GET school-year`: the current year with its terms (null before the principal keeps any), the
 * school's today and the term it falls in (null between terms and outside the year).
 */
export const CurrentSchoolYearAnswerSchema = z.object({
  data: z.object({
    year: SchoolYearSchema.nullable(),
    today: z.string(),
    termId: z.number().int().nullable(),
  }),
});
export type CurrentSchoolYear = z.infer<typeof CurrentSchoolYearAnswerSchema>['data'];

/**
 * `GET school-years`: every school year with its terms, the latest first, the school's today and the
 * term screens of marks show first (`termToShow` in shared/rules/school-year.ts: the term holding
 * today, else the latest begun, else the first; null without terms), for every school user's term
 * picker (docs/decisions/0094-last-years-mark-sheets.md).
 */
export const SchoolTermsAnswerSchema = z.object({
  data: z.object({
    years: z.array(SchoolYearSchema),
    today: z.string(),
    termId: z.number().int().nullable(),
  }),
});
export type SchoolTerms = z.infer<typeof SchoolTermsAnswerSchema>['data'];
