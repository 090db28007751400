import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PUPIL_IMPORT_LIMITS,
  type PupilImportAnswer,
  PupilImportAnswerSchema,
} from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

export type PupilImport = PupilImportAnswer['data'];

/** `POST admin/import/pupils?commit=` with the CSV as multipart `file`: a preview, or all rows saved or none. */
export async function importPupils(file: File, commit: boolean): Promise<PupilImport> {
  const form = new FormData();
  form.append(PUPIL_IMPORT_LIMITS.field, file);
  const answer = await apiClient.post(`admin/import/pupils?commit=${commit}`, form, {
    schema: PupilImportAnswerSchema,
  });
  return answer.data;
}

/** Previews or commits an import; a commit makes the school area load again. */
export function useImportPupils() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, commit }: { file: File; commit: boolean }) => importPupils(file, commit),
    onSuccess: async (result) => {
      if (result.committed) await queryClient.invalidateQueries({ queryKey: schoolKeys.all });
    },
  });
}
