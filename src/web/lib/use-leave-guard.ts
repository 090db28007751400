import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';

/**
 * Unsaved work guarded: leaving for another page (a link, Back) while `unsaved` is blocked for the
 * page to ask first (the returned blocker), and closing or reloading the tab gets the browser's own
 * question. While `saving`, moving to another page is let through (the save may lead there); the
 * tab still asks.
 */
export function useLeaveGuard(unsaved: boolean, saving = false): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !saving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return blocker;
}
