import { useSyncExternalStore } from 'react';
import { loadedToastCode, onToastCodeLoaded } from '../../lib/toast.js';

const onServer = () => undefined;

/**
 * Where the toasts show: nothing until the first toast has loaded their code (lib/toast.ts), then
 * its region (ToastRegion.tsx). A public page's first load carries only this
 * (docs/decisions/0073-budgets-won-back.md). The server and the hydrating render draw nothing here,
 * so the page hydrates without a mismatch.
 */
export function Toasts() {
  const code = useSyncExternalStore(onToastCodeLoaded, loadedToastCode, onServer);
  return code ? <code.ToastRegion /> : null;
}
