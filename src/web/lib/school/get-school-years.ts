import { type SchoolYear, SchoolYearsAnswerSchema } from '../../../shared/api/school-years.js';
import { schoolKeys } from './query-keys.js';
import { schoolRead } from './school-read.js';

/**
 * `GET admin/school-years`: the principal's school years, each with its terms
 * (docs/decisions/0085-school-years-and-terms.md). One read for the screens that show or choose them
 * (school years, the new school year, fee plans), so a change of the years refreshes them all.
 */
export const [getSchoolYears, schoolYearsQueryOptions, useSchoolYears] = schoolRead(
  schoolKeys.schoolYears,
  'admin/school-years',
  SchoolYearsAnswerSchema,
  (body): SchoolYear[] => body.data,
);
