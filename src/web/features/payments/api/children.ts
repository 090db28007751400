import { useQuery } from '@tanstack/react-query';
import { ChildrenAnswerSchema } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';

/**
 * `GET family/children` (Parent): the children whose fees the parent sees. The family feature has
 * its own read of the same call; web features do not import each other, so the key is shared instead
 * and both read one cached answer.
 */
export const useChildrenOfParent = () =>
  useQuery({
    queryKey: ['school', 'family', 'children'],
    queryFn: async ({ signal }) =>
      (await apiClient.get('family/children', { signal, schema: ChildrenAnswerSchema })).data,
  });
