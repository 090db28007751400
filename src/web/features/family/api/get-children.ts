import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ChildRow, ChildrenAnswerSchema } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { familyKeys } from './keys.js';

export type { ChildRow };

/** `GET family/children` (Parent) -> the children the school linked to the parent's account. */
export async function getChildren(signal?: AbortSignal): Promise<ChildRow[]> {
  const body = await apiClient.get('family/children', { signal, schema: ChildrenAnswerSchema });
  return body.data;
}

export const childrenQueryOptions = () =>
  queryOptions({ queryKey: familyKeys.children(), queryFn: ({ signal }) => getChildren(signal) });

export const useChildren = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...childrenQueryOptions(), ...options });
