import { isErrorCode } from '../../shared/api/error-codes.js';
import { ApiError, type ApiErrorCode, apiUrl } from './api-client.js';
import { inPageLanguage } from './i18n.js';
import { getSessionToken } from './session.js';

/**
 * A file of the API (a CSV export, a PDF receipt) handed to the browser as a download. The API wants
 * the bearer token, which a plain link cannot send, so the file is fetched here with it and saved
 * from a blob (as the inbox's subscriber export does). `fallbackName` is used when the answer names
 * no file.
 */
export async function downloadApiFile(
  path: string,
  fallbackName: string,
  /** A POST with this JSON body instead of a GET (a file that asks for a password, say). */
  postJson?: unknown,
): Promise<void> {
  const token = getSessionToken();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (postJson !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(apiUrl(path), {
    headers,
    credentials: 'same-origin',
    ...(postJson !== undefined && { method: 'POST', body: JSON.stringify(postJson) }),
  });
  if (!response.ok) {
    let message = inPageLanguage('forms.downloadFailed', 'The download failed.');
    let code: ApiErrorCode = `HTTP_${response.status}`;
    try {
      const body = (await response.json()) as { error?: { message?: unknown; code?: unknown } };
      if (typeof body.error?.message === 'string') message = body.error.message;
      if (isErrorCode(body.error?.code)) code = body.error.code;
    } catch {
      // Not JSON: the general message stays.
    }
    throw new ApiError(response.status, code, message);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
