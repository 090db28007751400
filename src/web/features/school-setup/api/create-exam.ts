import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateExamBody, ExamAnswerSchema } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';

/** `POST exams` with `{ classId, subjectId, date, time }` -> `201 { data: exam }`. */
export async function createExam(body: CreateExamBody): Promise<void> {
  await apiClient.post('exams', body, { schema: ExamAnswerSchema });
}

/** Adds an exam; the exam lists (and the marks entry's exam picker) load again. */
export function useCreateExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExam,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['school', 'exams'] }),
        queryClient.invalidateQueries({ queryKey: ['school', 'marks'] }),
      ]),
  });
}
