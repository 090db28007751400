/**
 * Build-time settings of the web app (docs/contract/api.md#conventions: "the client reads its base from one
 * setting").
 */

const withTrailingSlash = (value: string): string => (value.endsWith('/') ? value : `${value}/`);

/** Base of every API call, ending in `/`: `${API_BASE}home` is `/api/home`. */
export const API_BASE = withTrailingSlash(import.meta.env.VITE_API_BASE ?? '/api/');

/** Base of uploaded files, ending in `/`. */
export const UPLOADS_BASE = withTrailingSlash(import.meta.env.VITE_UPLOADS_BASE ?? '/uploads/');
