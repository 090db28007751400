import { ApiError, apiUrl } from './api-client.js';
import { getSessionToken } from './session.js';

/**
 * A file of the API (a CSV export, a PDF receipt) handed to the browser as a download. The API wants
 * the bearer token, which a plain link cannot send, so the file is fetched here with it and saved
 * from a blob (as the inbox's subscriber export does). `fallbackName` is used when the answer names
 * no file.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  const token = getSessionToken();
  const response = await fetch(apiUrl(path), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    let message = 'The download failed.';
    try {
      const body = (await response.json()) as { error?: { message?: unknown } };
      if (typeof body.error?.message === 'string') message = body.error.message;
    } catch {
      // Not JSON: the general message stays.
    }
    throw new ApiError(response.status, `HTTP_${response.status}`, message);
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
