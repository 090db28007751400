/** Query keys of the principal's guardians screen; under 'school', so logging out drops them. */
export const guardianKeys = {
  all: ['school', 'guardians'] as const,
  ofPupil: (studentId: number) => ['school', 'guardians', 'pupil', studentId] as const,
  pupils: () => ['school', 'guardians', 'pupils'] as const,
  parents: () => ['school', 'guardians', 'parents'] as const,
};
