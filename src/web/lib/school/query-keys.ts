/**
 * Query keys of the school area. Everything starts with 'school', so logout (which keeps only the
 * public content) drops it, and a save can refresh one family of calls at once.
 */
export const schoolKeys = {
  all: ['school'] as const,
  pupil: (studentId: number) => ['school', 'pupil', studentId] as const,
  /** A parent's children (get-children.ts); under the family's keys, which a family save refreshes. */
  children: () => ['school', 'family', 'children'] as const,
  classes: () => ['school', 'classes'] as const,
  /** `admin/pupils?status=active` (get-active-pupils.ts): the pupils the principal's screens choose from. */
  activePupils: () => ['school', 'pupils', 'active'] as const,
  subjects: () => ['school', 'subjects'] as const,
  timeSlots: () => ['school', 'time-slots'] as const,
  teachers: () => ['school', 'teachers'] as const,
  classAssignments: () => ['school', 'class-assignments'] as const,
  studentExams: () => ['school', 'exams', 'student'] as const,
  teacherExams: (teacherId: number) => ['school', 'exams', 'teacher', teacherId] as const,
  /** The results family, which saving or releasing marks refreshes. */
  results: () => ['school', 'results'] as const,
  /** `GET result` of one term (null: every term). */
  termResults: (termId: number | null) => ['school', 'results', 'term', termId] as const,
  studentResults: (studentId: number, termId: number | null) =>
    ['school', 'results', 'student', studentId, termId] as const,
  teacherResults: (termId: number | null) => ['school', 'results', 'teacher', termId] as const,
  /** Under results: saving marks refreshes the results family, the history with it. */
  markHistory: (studentId: number) => ['school', 'results', 'history', studentId] as const,
  resultSummary: (studentId: number, termId: number | null) =>
    ['school', 'result-summary', studentId, termId] as const,
  scheduleClasses: () => ['school', 'schedule'] as const,
  classSchedule: (classId: number) => ['school', 'schedule', classId] as const,
  assignedClasses: () => ['school', 'assigned-classes'] as const,
  assignedStudents: (classId: number) => ['school', 'assigned-classes', classId] as const,
  classStudents: (classId: number) => ['school', 'class-students', classId] as const,
  attendance: () => ['school', 'attendance'] as const,
  classAttendance: (classId: number, date: string) =>
    ['school', 'attendance', 'class', classId, date] as const,
  classAttendanceReport: (classId: number, from: string, to: string) =>
    ['school', 'attendance', 'report', classId, from, to] as const,
  attendanceHistory: (studentId: number) => ['school', 'attendance', 'student', studentId] as const,
  attendanceOverview: (date: string) => ['school', 'attendance', 'overview', date] as const,
  /** The current year's notices; with a year, that year's (under the first, which refreshes them all). */
  notifications: (yearId?: number) =>
    yearId === undefined
      ? (['school', 'notifications'] as const)
      : (['school', 'notifications', yearId] as const),
  /** The current school year and its terms (get-school-year.ts). */
  schoolYear: () => ['school', 'school-year'] as const,
  /** The principal's school years and their terms (get-school-years.ts). */
  schoolYears: () => ['school', 'school-years'] as const,
  /** Every school year with its terms, for the term pickers (get-school-terms.ts). */
  schoolTerms: () => ['school', 'terms'] as const,
};
