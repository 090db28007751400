import { type ToastOptions, toast } from 'react-toastify';

/**
 * The app's toasts. The container (components/layout/Layout.tsx) carries the settings of
 * docs/contract/product.md#toast-settings (TOAST_SETTINGS); these helpers only pick the kind. Passing a
 * stable `toastId` keeps a repeated message from stacking.
 */
export const notify = {
  success: (message: string, options?: ToastOptions) => toast.success(message, options),
  error: (message: string, options?: ToastOptions) => toast.error(message, options),
  info: (message: string, options?: ToastOptions) => toast.info(message, options),
  warning: (message: string, options?: ToastOptions) => toast.warning(message, options),
};
