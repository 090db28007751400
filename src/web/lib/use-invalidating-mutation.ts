import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A mutation after whose success the queries under `queryKey` load again. */
export function useInvalidatingMutation<T, Variables>(
  mutationFn: (variables: Variables) => Promise<T>,
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
}
