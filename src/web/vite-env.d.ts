/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; `/api/` (same origin) unless set at build time. */
  readonly VITE_API_BASE?: string;
  /** Where uploaded images are served; `/uploads/` unless set at build time. */
  readonly VITE_UPLOADS_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
