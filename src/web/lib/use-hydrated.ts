import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React renders on the server and while it hydrates that HTML, true from then on (and
 * at once in a page rendered only in the browser). What must differ between a page without its
 * script and a running app (the public forms' browser checks,
 * docs/decisions/0029-forms-without-javascript.md) keys on it, so hydration finds the server's HTML
 * as it was and then updates it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
