import { useSyncExternalStore } from 'react';
import { SESSION_COOKIE, SESSION_DAYS } from '../../shared/constants.js';

/**
 * Login state (docs/contract/product.md#login-state): a non-empty `kids_pre_token` cookie means logged in.
 * The cookie is the only source of truth; the listeners below exist because cookies have no change event of
 * their own.
 */

const SECONDS_PER_DAY = 24 * 60 * 60;

export interface SessionCookieOptions {
  /** Add `Secure` (the page is served over https). */
  secure: boolean;
  /** Lifetime in seconds; 0 deletes the cookie. */
  maxAgeSeconds: number;
}

/** The `document.cookie` assignment that stores (or, with an empty value and age 0, deletes) the token. */
export function serializeSessionCookie(
  value: string,
  { secure, maxAgeSeconds }: SessionCookieOptions,
): string {
  const expires = maxAgeSeconds > 0 ? new Date(Date.now() + maxAgeSeconds * 1000) : new Date(0);
  const parts = [
    `${SESSION_COOKIE}=${encodeURIComponent(value)}`,
    `Max-Age=${maxAgeSeconds}`,
    `Expires=${expires.toUTCString()}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

const isHttps = (): boolean => typeof location !== 'undefined' && location.protocol === 'https:';

/** The stored token, or undefined when the cookie is missing or empty. */
export function getSessionToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    const name = (separator === -1 ? pair : pair.slice(0, separator)).trim();
    if (name !== SESSION_COOKIE) continue;
    const raw = separator === -1 ? '' : pair.slice(separator + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // A value not written by us: use it as it is.
    }
    return value.length > 0 ? value : undefined;
  }
  return undefined;
}

const listeners = new Set<() => void>();
const notify = (): void => {
  for (const listener of listeners) listener();
};

/** Stores the token for SESSION_DAYS days. An empty token logs out. */
export function setSessionToken(token: string): void {
  if (token.length === 0) {
    clearSessionToken();
    return;
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some browsers we serve (and jsdom).
  document.cookie = serializeSessionCookie(token, {
    secure: isHttps(),
    maxAgeSeconds: SESSION_DAYS * SECONDS_PER_DAY,
  });
  notify();
}

export function clearSessionToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setSessionToken.
  document.cookie = serializeSessionCookie('', { secure: isHttps(), maxAgeSeconds: 0 });
  notify();
}

/**
 * Calls `listener` when this tab changes the session, and when the cookie may have changed
 * elsewhere (another tab logged out, the cookie expired): on focus and on becoming visible.
 */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  const onVisibility = (): void => {
    if (document.visibilityState === 'visible') listener();
  };
  window.addEventListener('focus', listener);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', listener);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** The current token (re-read on every render, so a navigation also picks up a change). */
export function useSessionToken(): string | undefined {
  return useSyncExternalStore(subscribeToSession, getSessionToken, () => undefined);
}
