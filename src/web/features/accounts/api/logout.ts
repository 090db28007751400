/**
 * `POST users/logout` (docs/contract/api.md#post-users-logout). The call and the session's end live in
 * lib/auth.ts, because the navigation bar (a shared component, which may not import a feature) needs them
 * too; this module is the accounts feature's name for it.
 */
export { useLogout } from '../../../lib/auth.js';
