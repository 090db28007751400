import { paths } from '../../../config/paths.js';

/** Where the school screens link to (spec 2.2; decisions items 4 and 12). */
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
