import { useSyncExternalStore } from 'react';
import { TOAST_SETTINGS } from '../../../shared/constants.js';
import { useI18n } from '../../lib/i18n.js';
import { loadedToastify, onToastifyLoaded } from '../../lib/toast.js';

/** docs/contract/product.md#toast-settings: Alt+T moves focus to the notifications. */
const focusToastsHotKey = (event: KeyboardEvent): boolean => event.altKey && event.code === 'KeyT';

const onServer = () => undefined;

/**
 * The toasts' container, mounted once the first toast has loaded react-toastify (lib/toast.ts). The
 * server and the hydrating render draw nothing here, so the page hydrates without a mismatch.
 */
export function Toasts() {
  const { direction } = useI18n();
  const toastify = useSyncExternalStore(onToastifyLoaded, loadedToastify, onServer);
  if (!toastify) return null;
  const { ToastContainer } = toastify;
  // Right to left, the toasts read from the right and stand in the mirrored corner (top-left).
  const rtl = direction === 'rtl';
  return (
    <ToastContainer
      {...TOAST_SETTINGS}
      position={rtl ? 'top-left' : TOAST_SETTINGS.position}
      rtl={rtl}
      hotKeys={focusToastsHotKey}
    />
  );
}
