import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CareAnswer, CareAnswerSchema, type CareSaveBody } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { familyKeys } from './keys.js';

/**
 * `PUT pupils/{id}/care`: the whole document; the app leaves `photoConsent` out, which keeps the
 * consents as the ledger has them (docs/decisions/0111-consent-as-a-ledger.md). Answers as the GET does.
 */
export async function saveCare(studentId: number, details: CareSaveBody): Promise<CareAnswer> {
  const body = await apiClient.put(`pupils/${studentId}/care`, details, { schema: CareAnswerSchema });
  return body.data;
}

/** Saves and shows the answer at once; the history gains the change, so it is asked again. */
export function useSaveCare(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: CareSaveBody) => saveCare(studentId, details),
    onSuccess: async (answer) => {
      queryClient.setQueryData(familyKeys.care(studentId), answer);
      await queryClient.invalidateQueries({ queryKey: familyKeys.careHistory(studentId) });
    },
  });
}
