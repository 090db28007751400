import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, setCookieToken } from '../test/render-app.js';
import { ApiError, apiClient, apiUrl, setUnauthorizedHandler } from './api-client.js';
import { getSessionToken } from './session.js';

const mockFetch = (response: Response | (() => Promise<Response>)) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => (typeof response === 'function' ? response() : response));

const sentHeaders = (fetchMock: ReturnType<typeof mockFetch>): Headers =>
  new Headers(fetchMock.mock.calls[0]?.[1]?.headers);

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('Expected the call to fail');
}

describe('api client', () => {
  afterEach(() => setUnauthorizedHandler(() => undefined));

  it('joins paths to the API base', () => {
    expect(apiUrl('home')).toBe('/api/home');
    expect(apiUrl('/users/login')).toBe('/api/users/login');
  });

  it('sends no Authorization header without a session', async () => {
    const fetchMock = mockFetch(jsonResponse({ data: [] }));
    await apiClient.get('home');
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
  });

  it('sends the bearer token when a session exists', async () => {
    setCookieToken('tok-1');
    const fetchMock = mockFetch(jsonResponse({ data: [] }));
    await apiClient.get('classes');
    expect(sentHeaders(fetchMock).get('Authorization')).toBe('Bearer tok-1');
  });

  it('sends the extra headers a call gives (an Idempotency-Key) beside the token', async () => {
    setCookieToken('tok');
    const fetchMock = mockFetch(jsonResponse({ ok: true }, 201));
    await apiClient.post('fees/payments', { amount: 1 }, { headers: { 'idempotency-key': 'key-1' } });
    const headers = sentHeaders(fetchMock);
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends JSON bodies as JSON', async () => {
    const fetchMock = mockFetch(jsonResponse({ token: 't' }));
    await apiClient.post('users/login', { email: 'a@b.c', password: 'x' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.c","password":"x"}');
    expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
  });

  it('sends FormData as multipart (the browser sets the boundary)', async () => {
    const fetchMock = mockFetch(jsonResponse({ data: {} }, 201));
    const form = new FormData();
    form.set('name', 'Asha');
    await apiClient.post('users', form);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
    expect(sentHeaders(fetchMock).has('Content-Type')).toBe(false);
  });

  it('answers undefined for 204', async () => {
    mockFetch(new Response(null, { status: 204 }));
    await expect(apiClient.post('users/logout')).resolves.toBeUndefined();
  });

  it('validates answers with a schema', async () => {
    mockFetch(jsonResponse({ status: 'ok' }));
    await expect(apiClient.get('health', { schema: z.object({ status: z.literal('ok') }) })).resolves.toEqual(
      {
        status: 'ok',
      },
    );
  });

  it('rejects an answer that does not match the schema', async () => {
    mockFetch(jsonResponse({ status: 'maybe' }));
    const error = await caught(apiClient.get('health', { schema: z.object({ status: z.literal('ok') }) }));
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('parses the error body into an ApiError', async () => {
    const details = [{ field: 'email', message: 'Invalid email' }];
    mockFetch(jsonResponse({ error: { code: 'VALIDATION', message: 'Check the form', details } }, 400));
    const error = await caught(apiClient.post('users', {}));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Check the form', details });
  });

  it('gives an error without a body a readable message', async () => {
    mockFetch(new Response('Bad gateway', { status: 502 }));
    const error = await caught(apiClient.get('home'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('HTTP_502');
    expect(error.message).toMatch(/try again/i);
  });

  it('turns a network failure into an ApiError', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await caught(apiClient.get('home'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('ends the session and goes to /login on a 401 to an authenticated call', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    setCookieToken('expired');
    mockFetch(jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Please log in' } }, 401));

    const error = await caught(apiClient.get('users/profile'));
    expect(error.status).toBe(401);
    expect(getSessionToken()).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the visitor alone on a 401 to a call without a session (a failed login)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(jsonResponse({ error: { code: 'BAD_CREDENTIALS', message: 'Wrong email or password' } }, 401));

    const error = await caught(apiClient.post('users/login', { email: 'a@b.c', password: 'x' }));
    expect(error.code).toBe('BAD_CREDENTIALS');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('can keep the session on a 401 when asked to', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    setCookieToken('tok');
    mockFetch(jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'x' } }, 401));
    await caught(apiClient.post('users/logout', undefined, { endSessionOnUnauthorized: false }));
    expect(getSessionToken()).toBe('tok');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
