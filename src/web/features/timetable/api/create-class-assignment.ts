import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CreateStudentClassAnswerSchema,
  type CreateStudentClassBody,
} from '../../../../shared/api/school.js';
import type { SchoolDay } from '../../../../shared/constants.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { type ClassAssignment, fromWireAssignment } from './get-class-assignments.js';

export interface NewClassAssignment {
  teacherId: number;
  classId: number;
  subjectId: number;
  timeSlotId: number;
  days: SchoolDay[];
}

/**
 * `POST studentclass` with `{ teacherid, classesid, subjectid, timeid, days }` -> `200 { data: row }`.
 * A clash with the timetable is a 409 ApiError whose message names it.
 */
export async function createClassAssignment(input: NewClassAssignment): Promise<ClassAssignment> {
  const body: CreateStudentClassBody = {
    teacherid: input.teacherId,
    classesid: input.classId,
    subjectid: input.subjectId,
    timeid: input.timeSlotId,
    days: input.days,
  };
  const answer = await apiClient.post('studentclass', body, { schema: CreateStudentClassAnswerSchema });
  return fromWireAssignment(answer.data);
}

/** Adds an assignment; the lists that show assignments (and timetables) load again. */
export function useCreateClassAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClassAssignment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: schoolKeys.classAssignments() }),
        queryClient.invalidateQueries({ queryKey: schoolKeys.scheduleClasses() }),
      ]);
    },
  });
}
