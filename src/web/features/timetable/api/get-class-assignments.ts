import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { StudentClassAnswerSchema, type StudentClassRowSchema } from '../../../../shared/api/school.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

/** Who teaches which subject to which class, and when (a row of Student-class). */
export interface ClassAssignment {
  id: number;
  teacherName: string;
  className: string;
  subjectName: string;
  time: string;
}

export const fromWireAssignment = (row: z.infer<typeof StudentClassRowSchema>): ClassAssignment => ({
  id: row.id,
  teacherName: row.Teacher,
  className: row.class_name,
  subjectName: row.subject_name,
  time: row.time,
});

/** `GET studentclass` -> `{ data: [ { id, Teacher, class_name, subject_name, time } ] }`. */
export async function getClassAssignments(signal?: AbortSignal): Promise<ClassAssignment[]> {
  const body = await apiClient.get('studentclass', { signal, schema: StudentClassAnswerSchema });
  return body.data.map(fromWireAssignment);
}

export const classAssignmentsQueryOptions = () =>
  queryOptions({
    queryKey: schoolKeys.classAssignments(),
    queryFn: ({ signal }) => getClassAssignments(signal),
  });

export const useClassAssignments = () => useQuery(classAssignmentsQueryOptions());
