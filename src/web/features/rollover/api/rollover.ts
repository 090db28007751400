import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ClassProgressionInput,
  ClassProgressionsAnswerSchema,
  PupilYearsAnswerSchema,
  RolloverPreviewAnswerSchema,
  RolloverRunAnswerSchema,
} from '../../../../shared/api/rollover.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';

/** The year rollover (docs/decisions/0091-the-year-rollover.md): the principal's calls. */

export const rolloverQueryKey = ['admin', 'rollover'] as const;

/** `GET admin/rollover/classes`: every class and where its pupils go. */
export const classProgressionsQueryOptions = () =>
  queryOptions({
    queryKey: [...rolloverQueryKey, 'classes'],
    queryFn: ({ signal }) =>
      apiClient.get('admin/rollover/classes', { signal, schema: ClassProgressionsAnswerSchema }),
  });
export const useClassProgressions = () => useQuery(classProgressionsQueryOptions());

/** `GET admin/rollover/preview?toYearId=`: what the move into that year would do. */
export const rolloverPreviewQueryOptions = (toYearId: number) =>
  queryOptions({
    queryKey: [...rolloverQueryKey, 'preview', toYearId],
    queryFn: ({ signal }) =>
      apiClient.get(`admin/rollover/preview?toYearId=${toYearId}`, {
        signal,
        schema: RolloverPreviewAnswerSchema,
      }),
    // A refusal (409: a class without a next class) is an answer to show, not a failure to retry.
    retry: false,
  });
export const useRolloverPreview = (toYearId: number | undefined) =>
  useQuery({ ...rolloverPreviewQueryOptions(toYearId ?? 0), enabled: toYearId !== undefined });

/** `PUT admin/rollover/classes`. */
export const useSaveProgressions = () =>
  useInvalidatingMutation(
    (input: ClassProgressionInput) =>
      apiClient.put('admin/rollover/classes', input, { schema: ClassProgressionsAnswerSchema }),
    rolloverQueryKey,
  );

/**
 * `POST admin/rollover`: the run, once. It makes the new year current, so the years (the shared read
 * of lib/school) and the current year load again with the rollover's own calls.
 */
export const useRunRollover = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toYearId: number) =>
      apiClient.post('admin/rollover', { toYearId }, { schema: RolloverRunAnswerSchema }),
    onSuccess: () =>
      Promise.all(
        [rolloverQueryKey, schoolKeys.schoolYears(), schoolKeys.schoolYear()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
};

/** `GET pupils/{id}/years`: the school years a pupil was at the school, the latest first. */
export const pupilYearsQueryOptions = (studentId: number) =>
  queryOptions({
    queryKey: ['school', 'pupil-years', studentId],
    queryFn: ({ signal }) =>
      apiClient.get(`pupils/${studentId}/years`, { signal, schema: PupilYearsAnswerSchema }),
  });
export const usePupilYears = (studentId: number) => useQuery(pupilYearsQueryOptions(studentId));
