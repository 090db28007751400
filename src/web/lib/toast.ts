import type { ToastOptions } from 'react-toastify';

type ToastCode = typeof import('../components/layout/ToastRegion.js');
type ToastKind = 'success' | 'error' | 'info' | 'warning';

/**
 * react-toastify and the region that shows its toasts are not in the first load
 * (docs/decisions/0031-first-load-javascript.md, 0073-budgets-won-back.md): the first toast loads
 * them, one chunk, and the layout mounts the region (components/layout/Toasts.tsx) once it is there.
 * A toast shown before the region mounts waits in react-toastify's own queue.
 */
let loading: Promise<ToastCode> | undefined;
let loaded: ToastCode | undefined;
const listeners = new Set<() => void>();

export function loadToastCode(): Promise<ToastCode> {
  loading ??= import('../components/layout/ToastRegion.js').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

/** For useSyncExternalStore: the toasts' code once it has loaded, else undefined. */
export const loadedToastCode = (): ToastCode | undefined => loaded;

export function onToastCodeLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const show =
  (kind: ToastKind) =>
  (message: string, options?: ToastOptions): void => {
    void loadToastCode().then(({ toast }) => toast[kind](message, options));
  };

/**
 * The app's toasts. The container (components/layout/Toasts.tsx) carries the settings of
 * docs/contract/product.md#toast-settings (TOAST_SETTINGS); these helpers only pick the kind. Passing a
 * stable `toastId` keeps a repeated message from stacking.
 */
export const notify = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
