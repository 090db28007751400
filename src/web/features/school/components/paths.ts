import { paths } from '../../../config/paths.js';

/**
 * Where the school screens link to (docs/contract/product.md#school-routes;
 * docs/contract/fixes-and-gaps.md#fix-4 and docs/contract/fixes-and-gaps.md#fix-12).
 */
export const schoolPaths = {
  studentProfile: (studentId: number) => `/student-profile/${studentId}`,
  studentResult: (studentId: number) => `/studentresult/${studentId}`,
  resultSummary: (studentId: number) => `/result-summary/${studentId}`,
  markHistory: paths.markHistory,
  studentList: (classId: number) => `/student-list/${classId}`,
  attendanceHistory: (studentId: number) => `/student-attendence/${studentId}`,
  scheduleSummary: (classId?: number) =>
    classId === undefined ? '/schedule-summary' : `/schedule-summary?classId=${classId}`,
  classAttendance: (classId?: number, date?: string) => {
    const query = new URLSearchParams();
    if (classId !== undefined) query.set('classId', String(classId));
    if (date) query.set('date', date);
    const search = query.toString();
    return search ? `/student-attendence?${search}` : '/student-attendence';
  },
  dashboard: '/dashboard',
} as const;
