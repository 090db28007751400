import { useCallback } from 'react';
import { paths } from '../config/paths.js';
import { apiClient } from './api-client.js';
import { useAppNavigate } from './app-navigation.js';
import { clearSessionToken } from './session.js';

/**
 * Logout (docs/contract/product.md#states): the cookie goes and the browser moves to /login at once. The
 * server is told to revoke the token (`POST users/logout`, docs/contract/api.md#post-users-logout) in the
 * background; its answer never holds the visitor back. The call reads the token before the cookie is cleared
 * (see apiRequest). The app forgets what it cached for the user when the cookie goes (main.tsx); it runs in
 * the navigation's island too, which has no cache (lib/app-navigation.tsx).
 */
export function useLogout(): () => void {
  const navigate = useAppNavigate();
  return useCallback(() => {
    apiClient.post('users/logout', undefined, { endSessionOnUnauthorized: false }).catch(() => undefined);
    clearSessionToken();
    navigate(paths.login);
  }, [navigate]);
}
