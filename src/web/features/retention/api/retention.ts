import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ErasureInput,
  LeaversAnswerSchema,
  type RetentionInput,
  RetentionRunAnswerSchema,
  RetentionRunsAnswerSchema,
  RetentionSettingsAnswerSchema,
} from '../../../../shared/api/retention.js';
import { apiClient } from '../../../lib/api-client.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';

/** Retention and erasure (docs/decisions/0110-retention-and-erasure.md): the principal's calls. */

export const retentionQueryKey = ['admin', 'retention'] as const;

/** `GET admin/retention`: each kind's period, with its law. */
export const retentionSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...retentionQueryKey, 'settings'],
    queryFn: ({ signal }) =>
      apiClient.get('admin/retention', { signal, schema: RetentionSettingsAnswerSchema }),
  });
export const useRetentionSettings = () => useQuery(retentionSettingsQueryOptions());

/** `GET admin/retention/leavers`. */
export const leaversQueryOptions = () =>
  queryOptions({
    queryKey: [...retentionQueryKey, 'leavers'],
    queryFn: ({ signal }) =>
      apiClient.get('admin/retention/leavers', { signal, schema: LeaversAnswerSchema }),
  });
export const useLeavers = () => useQuery(leaversQueryOptions());

/** `GET admin/retention/runs`. */
export const retentionRunsQueryOptions = () =>
  queryOptions({
    queryKey: [...retentionQueryKey, 'runs'],
    queryFn: ({ signal }) =>
      apiClient.get('admin/retention/runs', { signal, schema: RetentionRunsAnswerSchema }),
  });
export const useRetentionRuns = () => useQuery(retentionRunsQueryOptions());

/** `PUT admin/retention`. */
export const useSaveRetention = () =>
  useInvalidatingMutation(
    (input: RetentionInput) =>
      apiClient.put('admin/retention', input, { schema: RetentionSettingsAnswerSchema }),
    retentionQueryKey,
  );

/** `POST admin/retention/erasures`: the leaver's records go at once. */
export const useEraseLeaver = () =>
  useInvalidatingMutation(
    (input: ErasureInput) =>
      apiClient.post('admin/retention/erasures', input, { schema: RetentionRunAnswerSchema }),
    retentionQueryKey,
  );
