import { linkTo } from '../../shared/screens.js';
import { paths } from './paths.js';

/** The search parameter that keeps the term a screen of marks shows. */
export const TERM_PARAM = 'term';

const withTerm = (path: string, termId: number | null | undefined): string =>
  termId === undefined || termId === null ? path : `${path}?${TERM_PARAM}=${termId}`;

/**
 * Where the school screens link to (docs/contract/product.md#school-routes; docs/contract/fixes-and-gaps.md#fix-4 and docs/contract/fixes-and-gaps.md#fix-12), built from the screen
 * registry (shared/screens.ts).
 */
export const schoolPaths = {
  studentProfile: (studentId: number) => linkTo('/student-profile/:id', studentId),
  /** With a term, the screen opens on it (`?term=`, docs/decisions/0094-last-years-mark-sheets.md). */
  studentResult: (studentId: number, termId?: number | null) =>
    withTerm(linkTo('/studentresult/:id', studentId), termId),
  resultSummary: (studentId: number, termId?: number | null) =>
    withTerm(linkTo('/result-summary/:id', studentId), termId),
  markHistory: paths.markHistory,
  studentList: (classId: number) => linkTo('/student-list/:id', classId),
  attendanceHistory: (studentId: number) => linkTo('/student-attendence/:id', studentId),
  /** docs/decisions/0091-the-year-rollover.md */
  pastYears: (studentId: number) => linkTo('/past-years/:id', studentId),
  scheduleSummary: (classId?: number) =>
    classId === undefined ? linkTo('/schedule-summary') : `${linkTo('/schedule-summary')}?classId=${classId}`,
  classAttendance: (classId?: number, date?: string) => {
    const query = new URLSearchParams();
    if (classId !== undefined) query.set('classId', String(classId));
    if (date) query.set('date', date);
    const search = query.toString();
    return search ? `${linkTo('/student-attendence')}?${search}` : linkTo('/student-attendence');
  },
  dashboard: paths.dashboard,
} as const;
