import { redirect } from 'react-router';
import { paths } from '../config/paths.js';
import { getSessionToken } from '../lib/session.js';

/**
 * Loader of the parent of every authenticated route (docs/contract/product.md#school-routes): without a
 * non-empty kids_pre_token cookie, go to /login. Only the token's presence is checked here
 * (docs/contract/product.md#roles); the server decides what the token may see.
 */
export function requireSession(): null {
  if (getSessionToken() === undefined) throw redirect(paths.login);
  return null;
}
