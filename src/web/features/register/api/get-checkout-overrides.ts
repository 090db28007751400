import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type OverrideRowSchema, OverridesAnswerSchema } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { registerKeys } from './keys.js';

export type CheckoutOverride = z.infer<typeof OverrideRowSchema>;

/**
 * `GET admin/checkout-overrides?from=&to=` -> the check-outs to someone not on the child's list,
 * with the teacher's reason; newest first (sorted here too, so the order never depends on the server).
 */
export async function getCheckoutOverrides(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<CheckoutOverride[]> {
  const query = new URLSearchParams({ from, to });
  const body = await apiClient.get(`admin/checkout-overrides?${query}`, {
    signal,
    schema: OverridesAnswerSchema,
  });
  return [...body.data].sort((a, b) => b.at.localeCompare(a.at));
}

export const checkoutOverridesQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: registerKeys.overrides(from, to),
    queryFn: ({ signal }) => getCheckoutOverrides(from, to, signal),
  });

export const useCheckoutOverrides = (from: string, to: string, enabled = true) =>
  useQuery({ ...checkoutOverridesQueryOptions(from, to), enabled: enabled && from !== '' && to !== '' });
