import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogEntriesAnswerSchema, type LogEntry, type LogEntryBody } from '../../../../shared/api/day-log.js';
import { apiClient } from '../../../lib/api-client.js';
import { dayLogKeys } from './keys.js';

/** `POST log-entries` -> 201 with one entry per child (all or none). */
export async function logEntry(body: LogEntryBody): Promise<LogEntry[]> {
  const answer = await apiClient.post('log-entries', body, { schema: LogEntriesAnswerSchema });
  return answer.data;
}

/** Logs an entry, then the class's log and the children's days load again. */
export function useLogEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logEntry,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dayLogKeys.all }),
        queryClient.invalidateQueries({ queryKey: dayLogKeys.allChildDays }),
      ]);
    },
  });
}
