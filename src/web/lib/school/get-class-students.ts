import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClassStudentAnswerSchema } from '../../../shared/api/school.js';
import { apiClient } from '../api-client.js';
import { schoolKeys } from './query-keys.js';

export interface ClassStudent {
  studentId: number;
  studentName: string;
}

/** `GET student_class/{classId}` -> `{ data: [ { studentId, studentName } ] }`. */
export async function getClassStudents(classId: number, signal?: AbortSignal): Promise<ClassStudent[]> {
  const body = await apiClient.get(`student_class/${classId}`, { signal, schema: ClassStudentAnswerSchema });
  return body.data.map((row) => ({ studentId: row.studentId, studentName: row.studentName }));
}

export const classStudentsQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: schoolKeys.classStudents(classId),
    queryFn: ({ signal }) => getClassStudents(classId, signal),
  });

export const useClassStudents = (classId: number) => useQuery(classStudentsQueryOptions(classId));
