import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssignedClassAnswerSchema, AssignedStudentAnswerSchema } from '../../../shared/api/school.js';
import { apiClient } from '../api-client.js';
import { schoolKeys } from './query-keys.js';

/** A class the logged-in teacher teaches (every class, for a Principle). */
export interface AssignedClass {
  classId: number;
  className: string;
}

/** `GET teacher/assign_class` -> `{ data: [ { classId, class_name } ] }`. */
export async function getAssignedClasses(signal?: AbortSignal): Promise<AssignedClass[]> {
  const body = await apiClient.get('teacher/assign_class', { signal, schema: AssignedClassAnswerSchema });
  return body.data.map((row) => ({ classId: row.classId, className: row.class_name }));
}

export const assignedClassesQueryOptions = () =>
  queryOptions({
    queryKey: schoolKeys.assignedClasses(),
    queryFn: ({ signal }) => getAssignedClasses(signal),
  });

export const useAssignedClasses = () => useQuery(assignedClassesQueryOptions());

/** A pupil of the class with the lesson the teacher gives them. */
export interface AssignedStudent {
  studentId: number;
  studentName: string;
  subjectName: string;
  time: string;
}

/** `GET teacher/assign_class/{classId}` -> `{ data: [ { StudentId, StudentName, subject_name, time } ] }`. */
export async function getAssignedStudents(classId: number, signal?: AbortSignal): Promise<AssignedStudent[]> {
  const body = await apiClient.get(`teacher/assign_class/${classId}`, {
    signal,
    schema: AssignedStudentAnswerSchema,
  });
  return body.data.map((row) => ({
    studentId: row.StudentId,
    studentName: row.StudentName,
    subjectName: row.subject_name,
    time: row.time,
  }));
}

export const assignedStudentsQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: schoolKeys.assignedStudents(classId),
    queryFn: ({ signal }) => getAssignedStudents(classId, signal),
  });

export const useAssignedStudents = (classId: number) => useQuery(assignedStudentsQueryOptions(classId));
