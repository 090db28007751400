import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCookieToken } from '../test/render-app.js';
import {
  clearSessionToken,
  getSessionToken,
  serializeSessionCookie,
  setSessionToken,
  subscribeToSession,
  useSessionToken,
} from './session.js';

describe('session cookie', () => {
  it('reads nothing when the cookie is missing', () => {
    expect(getSessionToken()).toBeUndefined();
  });

  it('reads nothing when the cookie is empty', () => {
    setCookieToken('');
    expect(getSessionToken()).toBeUndefined();
  });

  it('reads the token next to other cookies', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'theme=light; Path=/';
    setCookieToken('abc.def');
    expect(getSessionToken()).toBe('abc.def');
  });

  it('does not mistake a cookie whose name merely ends alike', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'old_kids_pre_token=stale; Path=/';
    expect(getSessionToken()).toBeUndefined();
  });

  it('stores a token (any characters) and clears it', () => {
    setSessionToken('a token=with; odd chars');
    expect(getSessionToken()).toBe('a token=with; odd chars');
    clearSessionToken();
    expect(getSessionToken()).toBeUndefined();
  });

  it('treats storing an empty token as logging out', () => {
    setSessionToken('abc');
    setSessionToken('');
    expect(getSessionToken()).toBeUndefined();
  });

  it('keeps the cookie for 7 days, site-wide, SameSite=Lax', () => {
    const cookie = serializeSessionCookie('abc', { secure: false, maxAgeSeconds: 7 * 24 * 60 * 60 });
    expect(cookie).toMatch(/^kids_pre_token=abc; /);
    expect(cookie).toContain('Max-Age=604800');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it('marks the cookie Secure on https', () => {
    expect(serializeSessionCookie('abc', { secure: true, maxAgeSeconds: 60 })).toMatch(/; Secure$/);
  });

  it('writes a 7-day cookie when storing', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    setSessionToken('abc');
    expect(setter).toHaveBeenCalledWith(expect.stringContaining('Max-Age=604800'));
    // jsdom serves http://localhost: no Secure flag.
    expect(setter).toHaveBeenCalledWith(expect.not.stringContaining('Secure'));
  });

  it('tells subscribers about logins and logouts', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    setSessionToken('abc');
    clearSessionToken();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setSessionToken('abc');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('useSessionToken follows the cookie', () => {
    const { result } = renderHook(() => useSessionToken());
    expect(result.current).toBeUndefined();
    act(() => setSessionToken('abc'));
    expect(result.current).toBe('abc');
    act(() => clearSessionToken());
    expect(result.current).toBeUndefined();
  });
});
