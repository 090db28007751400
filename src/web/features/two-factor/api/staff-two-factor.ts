import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type StaffTwoFactor,
  StaffTwoFactorAnswerSchema,
  StaffTwoFactorListSchema,
} from '../../../../shared/api/two-factor.js';
import { apiClient } from '../../../lib/api-client.js';

/**
 * The principal's view of the staff's two-factor and its reset
 * (docs/decisions/0116-the-principal-resets-two-factor.md).
 */

export const staffTwoFactorKey = () => ['two-factor', 'staff'] as const;

/** `GET two-factor/staff`. */
export const getStaffTwoFactor = async (signal?: AbortSignal): Promise<StaffTwoFactor[]> =>
  (await apiClient.get('two-factor/staff', { signal, schema: StaffTwoFactorListSchema })).data;

export const staffTwoFactorQueryOptions = () =>
  queryOptions({ queryKey: staffTwoFactorKey(), queryFn: ({ signal }) => getStaffTwoFactor(signal) });

export const useStaffTwoFactor = () => useQuery(staffTwoFactorQueryOptions());

/** `POST users/{id}/two-factor/reset` -> the account as the list shows it now. */
export const resetStaffTwoFactor = async (id: number): Promise<StaffTwoFactor> =>
  (await apiClient.post(`users/${id}/two-factor/reset`, {}, { schema: StaffTwoFactorAnswerSchema })).data;

export function useResetStaffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffTwoFactor,
    onSuccess: (account) =>
      queryClient.setQueryData<StaffTwoFactor[]>(staffTwoFactorKey(), (list) =>
        list?.map((row) => (row.id === account.id ? account : row)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffTwoFactorKey() }),
  });
}
