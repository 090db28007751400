import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConfirmCodeInput,
  EnrolmentSchema,
  type FactorInput,
  RecoveryCodesSchema,
  type RequirementInput,
  type TwoFactorStatus,
  TwoFactorStatusSchema,
} from '../../../../shared/api/two-factor.js';
import { apiClient } from '../../../lib/api-client.js';

/** Two-factor for staff (docs/decisions/0108-two-factor-for-staff.md): the signed-in calls. */

export const twoFactorKey = () => ['two-factor'] as const;

/** `GET two-factor`. */
export const getTwoFactor = (signal?: AbortSignal): Promise<TwoFactorStatus> =>
  apiClient.get('two-factor', { signal, schema: TwoFactorStatusSchema });

export const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: twoFactorKey(), queryFn: ({ signal }) => getTwoFactor(signal) });

export const useTwoFactor = () => useQuery(twoFactorQueryOptions());

/** After a change, the status is read again. */
function useTwoFactorMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorKey() }),
  });
}

/** `POST two-factor/setup` -> the secret, its link and QR code. */
export const useStartTwoFactor = () =>
  useTwoFactorMutation(() => apiClient.post('two-factor/setup', {}, { schema: EnrolmentSchema }));

/** `POST two-factor/confirm` -> the recovery codes. */
export const useConfirmTwoFactor = () =>
  useTwoFactorMutation((body: ConfirmCodeInput) =>
    apiClient.post('two-factor/confirm', body, { schema: RecoveryCodesSchema }),
  );

/** `POST two-factor/disable`. */
export const useTurnOffTwoFactor = () =>
  useTwoFactorMutation((body: FactorInput) => apiClient.post('two-factor/disable', body));

/** `POST two-factor/recovery-codes` -> ten new codes. */
export const useNewRecoveryCodes = () =>
  useTwoFactorMutation((body: FactorInput) =>
    apiClient.post('two-factor/recovery-codes', body, { schema: RecoveryCodesSchema }),
  );

/** `PUT two-factor/requirement` (the principal). */
export const useSetRequirement = () =>
  useTwoFactorMutation((body: RequirementInput) => apiClient.put('two-factor/requirement', body));

/** A typed factor: six digits are a code from the app, anything else a recovery code. */
export function factorOf(typed: string): FactorInput {
  const text = typed.trim();
  return /^\d{6}$/.test(text) ? { code: text } : { recoveryCode: text };
}
