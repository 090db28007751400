import type { z } from 'zod';
import type { ErrorCode } from '../../shared/api/error-codes.js';
import type { ErrorBody } from '../../shared/api/errors.js';
import { API_BASE } from '../config/env.js';
import { paths } from '../config/paths.js';
import { inPageLanguage, type MessageKey } from './i18n.js';
import { clearSessionToken, getSessionToken } from './session.js';

/**
 * The codes the client makes itself: no answer at all, an answer that is not the contract's, an
 * error answer without the API's body (a proxy's page).
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE' | `HTTP_${number}`;

/**
 * What a failed call's `code` may be. Tell errors apart by it, never by their message: the message
 * is a sentence for people (scripts/error-comparisons.test.ts).
 */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** Every failed call, parsed once from the API's `{ error: { code, message, details } }` body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign(paths.login);
};

/** The app replaces the full-page fallback with a router navigation (see main.tsx). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** A FormData is sent as multipart; anything else as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Validates the answer; a mismatch throws an ApiError with code INVALID_RESPONSE. */
  schema?: z.ZodType<T>;
  /**
   * A 401 to a call that carried a token ends the session and goes to /login (docs/contract/api.md#errors:
   * expired or revoked token). `false` only throws: for calls whose 401 means something else.
   */
  endSessionOnUnauthorized?: boolean;
  /** `false` sends no token even when a session exists: the public forms are anyone's. */
  withSession?: boolean;
  /** More request headers (e.g. the fees' Idempotency-Key, docs/decisions/0026-fees.md). */
  headers?: Readonly<Record<string, string>>;
}

export function apiUrl(path: string): string {
  return `${API_BASE}${path.replace(/^\/+/, '')}`;
}

/** What a failed call says when the answer has no error body of ours (a proxy's page, say). */
const FALLBACK_MESSAGES: Record<number, readonly [MessageKey, string]> = {
  400: ['forms.status.400', 'Please check the form and try again.'],
  401: ['forms.status.401', 'Please log in again.'],
  403: ['forms.status.403', 'You are not allowed to do this.'],
  404: ['forms.status.404', 'We could not find what you were looking for.'],
  409: ['forms.status.409', 'This conflicts with something that already exists.'],
  429: ['forms.status.429', 'Too many attempts. Please wait a moment and try again.'],
};

/** The api client's own sentences, in the page's language (the English is the catalog's too). */
export const INVALID_RESPONSE_TEXT = (): string =>
  inPageLanguage('forms.invalidResponse', 'The server sent an answer we did not understand.');

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The API's error body (ErrorBodySchema), checked by hand: this module is in every page's first load,
 * and zod is not (docs/decisions/0031-first-load-javascript.md).
 */
export function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  if (isErrorBody(body)) {
    const { code, message, details } = body.error;
    return new ApiError(response.status, code, message, details);
  }
  const [key, english] =
    FALLBACK_MESSAGES[response.status] ??
    (response.status >= 500
      ? (['forms.status.server', 'Something went wrong on our side. Please try again.'] as const)
      : (['forms.status.other', 'The request failed.'] as const));
  const message = inPageLanguage(key, english);
  return new ApiError(response.status, `HTTP_${response.status}`, message);
}

/**
 * One call to the API, answering the status with the data. Sends `Authorization: Bearer <token>`
 * whenever a session exists. The token is read before the first `await`, so a caller may clear
 * the session right after starting a call (logout) and the call still carries it.
 */
export async function apiCall<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<{ status: number; data: T }> {
  const {
    method = 'GET',
    body,
    signal,
    schema,
    endSessionOnUnauthorized = true,
    withSession = true,
    headers: extraHeaders = {},
  } = options;
  const token = withSession ? getSessionToken() : undefined;
  const headers = new Headers({ ...extraHeaders, Accept: 'application/json' });
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: payload,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      inPageLanguage(
        'forms.network',
        'We could not reach the school server. Please check your connection and try again.',
      ),
      error instanceof Error ? error.message : undefined,
    );
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && token !== undefined && endSessionOnUnauthorized) {
      clearSessionToken();
      onUnauthorized();
    }
    throw error;
  }

  const data = response.status === 204 ? undefined : await readBody(response);
  if (schema === undefined) return { status: response.status, data: data as T };
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', INVALID_RESPONSE_TEXT(), parsed.error.issues);
  }
  return { status: response.status, data: parsed.data };
}

/** One call to the API (see apiCall), answering only the data. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await apiCall(path, options)).data;
}

export const apiClient = {
  get: <T = unknown>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(
    path: string,
    body?: unknown,
    options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
  ) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(
    path: string,
    body?: unknown,
    options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
  ) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(
    path: string,
    body?: unknown,
    options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
  ) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
