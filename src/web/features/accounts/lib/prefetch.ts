import { settleWithin } from '../../../lib/query-client.js';
import { getSessionToken } from '../../../lib/session.js';

/**
 * An account screen's route loader body: starts its calls through the app's query client and lets
 * the page render once they are in or LOADER_WAIT_MS passed (a failure shows on the screen itself).
 * Without a session nothing starts: the school area's guard is already on its way to /login.
 */
export async function prefetchWithSession(start: () => Promise<unknown>[]): Promise<null> {
  if (getSessionToken() === undefined) return null;
  await settleWithin(start());
  return null;
}

/** A path id: a positive whole number, else undefined (such a profile cannot exist). */
export function parseId(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}
