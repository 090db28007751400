import { useSyncExternalStore } from 'react';
import { TOAST_SETTINGS } from '../../../shared/constants.js';
import { loadedToastify, onToastifyLoaded } from '../../lib/toast.js';

/** docs/contract/product.md#toast-settings: Alt+T moves focus to the notifications. */
const focusToastsHotKey = (event: KeyboardEvent): boolean => event.altKey && event.code === 'KeyT';

const onServer = () => undefined;

/**
 * The toasts' container, mounted once the first toast has loaded react-toastify (lib/toast.ts). The
 * server and the hydrating render draw nothing here, so the page hydrates without a mismatch.
 */
export function Toasts() {
  const toastify = useSyncExternalStore(onToastifyLoaded, loadedToastify, onServer);
  if (!toastify) return null;
  const { ToastContainer } = toastify;
  return <ToastContainer {...TOAST_SETTINGS} hotKeys={focusToastsHotKey} />;
}
