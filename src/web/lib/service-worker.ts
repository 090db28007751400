/** The school area's service worker: the app's shell and push notifications (src/web/public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Registers the worker, once signed in; the public pages load none of this code. */
export function registerServiceWorker(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
}
