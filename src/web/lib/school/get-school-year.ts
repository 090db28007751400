import { type CurrentSchoolYear, CurrentSchoolYearAnswerSchema } from '../../../shared/api/school-years.js';
import { schoolKeys } from './query-keys.js';
import { schoolRead } from './school-read.js';

/**
 * `GET school-year`: the current year with its terms, the school's today and the term it falls in
 * (docs/decisions/0085-school-years-and-terms.md), for the screens that choose a term; the principal's
 * school years screen refreshes it when the years change.
 */
export const [getSchoolYear, schoolYearQueryOptions, useSchoolYear] = schoolRead(
  schoolKeys.schoolYear,
  'school-year',
  CurrentSchoolYearAnswerSchema,
  (body): CurrentSchoolYear => body.data,
);
