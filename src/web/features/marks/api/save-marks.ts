import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SavedMarksAnswerSchema, type SaveMarksBody } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

/**
 * `PUT marks?examId=` with `[ { studentId, subjectId, marks } ]` -> `{ data: { saved, changed } }`:
 * the marks of that exam, all rows or none; `changed` counts the marks that differ from what was
 * stored.
 */
export async function saveMarks({
  examId,
  rows,
}: {
  examId: number;
  rows: SaveMarksBody;
}): Promise<{ saved: number; changed: number }> {
  const answer = await apiClient.put(`marks?examId=${examId}`, rows, { schema: SavedMarksAnswerSchema });
  return answer.data;
}

/** Saves marks; the entry grid, results and mark sheets load again. */
export function useSaveMarks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarks,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['school', 'marks'] }),
        queryClient.invalidateQueries({ queryKey: schoolKeys.results() }),
        queryClient.invalidateQueries({ queryKey: ['school', 'result-summary'] }),
      ]);
    },
  });
}
