import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SsoOptions } from '../../../../shared/api/single-sign-on.js';
import { apiClient } from '../../../lib/api-client.js';

/**
 * `GET users/login/sso`: whether the login page offers "Sign in with {name}", the school's provider
 * (docs/decisions/0107-sign-in-with-the-schools-provider.md). Read like the free seats
 * (public-site/api/admission-seats.ts): from the server's kept answer while rendering there, over
 * HTTP in the browser, checked by hand because the page's first JavaScript holds no zod.
 */

export type SsoOptionsReader = () => Promise<SsoOptions>;

let readOnServer: SsoOptionsReader | undefined;

/** Server rendering only (entry-server.tsx). */
export function readSsoOptionsWith(reader: SsoOptionsReader): void {
  readOnServer = reader;
}

const AUDIENCES: readonly unknown[] = ['staff', 'parents', 'both'] satisfies SsoOptions['audience'][];

const isSsoOptions = (value: unknown): value is SsoOptions => {
  const options = value as Partial<SsoOptions> | null;
  return (
    typeof options === 'object' &&
    options !== null &&
    typeof options.enabled === 'boolean' &&
    typeof options.name === 'string' &&
    AUDIENCES.includes(options.audience)
  );
};

const NONE: SsoOptions = { enabled: false, name: '', audience: 'both' };

/**
 * The options; when they cannot be read the page simply offers no provider: the password log-in
 * stays, and a login page never fails for want of its second way in.
 */
export async function getSsoOptions(signal?: AbortSignal): Promise<SsoOptions> {
  if (readOnServer) return readOnServer().catch(() => NONE);
  try {
    const body = (await apiClient.get('users/login/sso', { signal })) as unknown;
    return isSsoOptions(body) ? body : NONE;
  } catch {
    return NONE;
  }
}

export const ssoOptionsQueryKey = ['users', 'login', 'sso'] as const;

export const ssoOptionsQueryOptions = () =>
  queryOptions({ queryKey: ssoOptionsQueryKey, queryFn: ({ signal }) => getSsoOptions(signal) });

export const useSsoOptions = () => useQuery(ssoOptionsQueryOptions());

/** Where the "Sign in with …" button leads: the server sends the browser on to the provider. */
export const SSO_START_URL = '/api/users/login/sso/start';
