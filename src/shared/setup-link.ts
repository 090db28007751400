/**
 * The set-up page of a real school's first start (docs/decisions/0041-first-start-of-a-real-school.md),
 * apart from the set-up schemas (api/setup.ts): the screen registry is in every page's first load,
 * and zod is not (docs/decisions/0031-first-load-javascript.md).
 */
export const SETUP_PATH = '/setup';

/** The one-time link the server prints: the site's address, the page, the token in `?token=`. */
export const setupLinkOf = (publicUrl: string, token: string): string =>
  `${publicUrl.replace(/\/+$/, '')}${SETUP_PATH}?token=${encodeURIComponent(token)}`;
