import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths.js';
import { apiClient } from './api-client.js';
import { clearSessionToken } from './session.js';

/**
 * Logout (docs/contract/product.md#states): the cookie goes and the browser moves to /login at once. The
 * server is told to revoke the token (`POST users/logout`, docs/contract/api.md#post-users-logout) in the
 * background; its answer never holds the visitor back. The call reads the token before the cookie is cleared
 * (see apiRequest).
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    apiClient.post('users/logout', undefined, { endSessionOnUnauthorized: false }).catch(() => undefined);
    clearSessionToken();
    // Public content may stay cached; anything that belonged to the user must not.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'content' });
    void navigate(paths.login);
  }, [navigate, queryClient]);
}
