import { UPLOADS_BASE } from '../config/env.js';

const ABSOLUTE_URL = /^https?:\/\//i;

/**
 * The URL of an uploaded image (docs/contract/api.md#conventions: `/uploads/<image>`, `<image>` being the
 * stored file name or relative path). Absolute http(s) URLs are used as they are.
 */
export function uploadUrl(image: string): string {
  if (ABSOLUTE_URL.test(image)) return image;
  const relative = image
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `${UPLOADS_BASE}${relative}`;
}
