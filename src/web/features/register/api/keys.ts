/**
 * Query keys of the day's register. Under 'school', so logging out drops them; a check-in or
 * check-out refreshes the whole family (the class's register and the principal's overrides).
 */
export const registerKeys = {
  all: ['school', 'register'] as const,
  classDay: (classId: number, date: string) => ['school', 'register', 'class', classId, date] as const,
  care: (studentId: number) => ['school', 'register', 'care', studentId] as const,
  overrides: (from: string, to: string) => ['school', 'register', 'overrides', from, to] as const,
};
