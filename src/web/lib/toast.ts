import type { ToastOptions } from 'react-toastify';

type Toastify = typeof import('react-toastify');
type ToastKind = 'success' | 'error' | 'info' | 'warning';

/**
 * react-toastify is not in the first load (docs/decisions/0031-first-load-javascript.md): the first
 * toast loads it, and the layout mounts the container (components/layout/Toasts.tsx) once it is
 * there. A toast shown before the container mounts waits in react-toastify's own queue.
 */
let loading: Promise<Toastify> | undefined;
let loaded: Toastify | undefined;
const listeners = new Set<() => void>();

export function loadToastify(): Promise<Toastify> {
  loading ??= import('react-toastify').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

/** For useSyncExternalStore: react-toastify once it has loaded, else undefined. */
export const loadedToastify = (): Toastify | undefined => loaded;

export function onToastifyLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const show =
  (kind: ToastKind) =>
  (message: string, options?: ToastOptions): void => {
    void loadToastify().then(({ toast }) => toast[kind](message, options));
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
