import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  type SignInProviderCheckInput,
  SignInProviderCheckSchema,
  type SignInProviderInput,
  SignInProviderSchema,
} from '../../../../shared/api/single-sign-on.js';
import { apiClient } from '../../../lib/api-client.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';

/**
 * The principal's sign-in provider (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md):
 * who may use it, whether staff must, and its connection when the server's environment names none.
 */

export const signInProviderQueryKey = ['admin', 'sign-in-provider'] as const;

/** `GET admin/sign-in-provider`: never the client secret, only whether one is kept. */
export const signInProviderQueryOptions = () =>
  queryOptions({
    queryKey: signInProviderQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get('admin/sign-in-provider', { signal, schema: SignInProviderSchema }),
  });
export const useSignInProvider = () => useQuery(signInProviderQueryOptions());

/** `PUT admin/sign-in-provider`: answers the settings as saved. */
export const useSaveSignInProvider = () =>
  useInvalidatingMutation(
    (input: SignInProviderInput) =>
      apiClient.put('admin/sign-in-provider', input, { schema: SignInProviderSchema }),
    signInProviderQueryKey,
  );

/** `POST admin/sign-in-provider/check`: the provider's discovery, ok or why not. Changes nothing. */
export const useCheckSignInProvider = () =>
  useMutation({
    mutationFn: (input: SignInProviderCheckInput) =>
      apiClient.post('admin/sign-in-provider/check', input, { schema: SignInProviderCheckSchema }),
  });
