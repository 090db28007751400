import { queryOptions, useQuery } from '@tanstack/react-query';
import { StudentResultAnswerSchema } from '../../../../shared/api/school.js';
import type { SubjectResult } from '../../../../shared/rules/mark-sheet.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

export interface StudentResult {
  studentName: string;
  subjectName: string;
  marks: number;
  result: SubjectResult;
}

/** `GET student/result/{id}` -> `{ data: [ { studentName, subjectName, marks, results } ] }`. */
export async function getStudentResults(studentId: number, signal?: AbortSignal): Promise<StudentResult[]> {
  const body = await apiClient.get(`student/result/${studentId}`, {
    signal,
    schema: StudentResultAnswerSchema,
  });
  return body.data.map((row) => ({
    studentName: row.studentName,
    subjectName: row.subjectName,
    marks: row.marks,
    result: row.results,
  }));
}

export const studentResultsQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: schoolKeys.studentResults(studentId),
    queryFn: ({ signal }) => getStudentResults(studentId, signal),
  });

export const useStudentResults = (studentId: number) => useQuery(studentResultsQueryOptions(studentId));
