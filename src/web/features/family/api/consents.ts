import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConsentChangeBody,
  type ConsentsAnswer,
  ConsentsAnswerSchema,
} from '../../../../shared/api/consents.js';
import { apiClient } from '../../../lib/api-client.js';
import { familyKeys } from './keys.js';

type Consents = ConsentsAnswer['data'];

/** `GET pupils/{id}/consents`: the current state of each consent and every entry (docs/decisions/0111-consent-as-a-ledger.md). */
export async function getConsents(studentId: number, signal?: AbortSignal): Promise<Consents> {
  const answer = await apiClient.get(`pupils/${studentId}/consents`, {
    signal,
    schema: ConsentsAnswerSchema,
  });
  return answer.data;
}

export const useConsents = (studentId: number) =>
  useQuery({
    queryKey: familyKeys.consents(studentId),
    queryFn: ({ signal }) => getConsents(studentId, signal),
  });

/** `POST pupils/{id}/consents`: gives or withdraws one consent; answers as the GET does. */
export async function changeConsent(studentId: number, body: ConsentChangeBody): Promise<Consents> {
  const answer = await apiClient.post(`pupils/${studentId}/consents`, body, { schema: ConsentsAnswerSchema });
  return answer.data;
}

/** A change shows its answer at once; the care details (their `photoConsent` and history) are asked again. */
export function useChangeConsent(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentChangeBody) => changeConsent(studentId, body),
    onSuccess: (answer) => queryClient.setQueryData(familyKeys.consents(studentId), answer),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: familyKeys.consents(studentId) }),
        queryClient.invalidateQueries({ queryKey: familyKeys.care(studentId) }),
      ]),
  });
}
