import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LessonExam, ReleasedExamAnswerSchema } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

/** `POST exams/{id}/release` -> the exam, released (docs/decisions/0087-released-marks.md). */
export async function releaseExam(examId: number): Promise<LessonExam> {
  const answer = await apiClient.post(`exams/${examId}/release`, undefined, {
    schema: ReleasedExamAnswerSchema,
  });
  return answer.data;
}

/** Releases an exam's marks; the exams, entry grid, results and mark sheets load again. */
export function useReleaseExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseExam,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['school', 'marks'] }),
        queryClient.invalidateQueries({ queryKey: schoolKeys.results() }),
        queryClient.invalidateQueries({ queryKey: ['school', 'result-summary'] }),
      ]);
    },
  });
}
