import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LogEntry, LogEntryAnswerSchema } from '../../../../shared/api/day-log.js';
import { apiClient } from '../../../lib/api-client.js';
import { dayLogKeys } from './keys.js';

/** `POST log-entries/{id}/acknowledgement` -> the incident with the guardian's acknowledgement. */
export async function acknowledgeIncident(entryId: number): Promise<LogEntry> {
  const answer = await apiClient.post(`log-entries/${entryId}/acknowledgement`, undefined, {
    schema: LogEntryAnswerSchema,
  });
  return answer.data;
}

export function useAcknowledgeIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeIncident,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dayLogKeys.allChildDays }),
  });
}
