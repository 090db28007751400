import { type SchoolTerms, SchoolTermsAnswerSchema } from '../../../shared/api/school-years.js';
import { schoolKeys } from './query-keys.js';
import { schoolRead } from './school-read.js';

export type { SchoolTerms };

/**
 * `GET school-years`: every school year with its terms (the latest first), the school's today and
 * the term to show first (docs/decisions/0094-last-years-mark-sheets.md), for the term pickers of
 * the screens of marks.
 */
export const [getSchoolTerms, schoolTermsQueryOptions, useSchoolTerms] = schoolRead(
  schoolKeys.schoolTerms,
  'school-years',
  SchoolTermsAnswerSchema,
  (body): SchoolTerms => body.data,
);
