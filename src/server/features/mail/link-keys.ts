/**
 * The keys in a mail's links (docs/decisions/0037-no-live-secret-at-rest.md). Every link that opens
 * something (a password reset, a newsletter confirmation or unsubscribe) carries its key as the
 * `token` parameter. The outbox stores the mail with each key replaced by KEY_PLACEHOLDER, and the
 * keys beside it (`mail_outbox.link_keys`), which no backup carries; the sender puts them back on
 * the way out and then drops them. So a stored body never holds a live key, the Outbox shows the
 * links as `…?token=…`, and once the mail is sent, failed or too old, its keys are gone.
 */

import { PUBLIC_URL_MARK } from '../../../shared/mail-links.js';
import { escapeHtml } from './compose.js';

/** What the principal reads where the key was. */
export const KEY_PLACEHOLDER = '…';

const LINK_KEY = /([?&]token=)([A-Za-z0-9_-]+)/g;
const PLACEHOLDER = /([?&]token=)…/g;

/** A mail's three stored texts: the bodies and the extra headers as their JSON. */
export interface MailTexts {
  text: string;
  html: string;
  headers: string;
}

const PARTS = ['text', 'html', 'headers'] as const;

/**
 * The texts with every key replaced by the placeholder, and the keys in the order they were taken
 * (text, then HTML, then headers; each from left to right); `keys` is null when there were none.
 */
export function takeLinkKeys(texts: MailTexts): { texts: MailTexts; keys: string[] | null } {
  const keys: string[] = [];
  const taken = { ...texts };
  for (const part of PARTS) {
    taken[part] = texts[part].replace(LINK_KEY, (_match, prefix: string, key: string) => {
      keys.push(key);
      return `${prefix}${KEY_PLACEHOLDER}`;
    });
  }
  return { texts: taken, keys: keys.length > 0 ? keys : null };
}

/** Whether a stored text still has a link whose key was taken out. */
export const hasLinkPlaceholders = (texts: MailTexts): boolean =>
  PARTS.some((part) => new RegExp(PLACEHOLDER.source).test(texts[part]));

/**
 * The texts with their keys put back, in the order takeLinkKeys took them; undefined when the keys
 * are gone (sent already, failed, or restored from a backup, which never holds them) or do not fit.
 */
export function fillLinkKeys(texts: MailTexts, keys: readonly string[] | null): MailTexts | undefined {
  const wanted = PARTS.reduce((n, part) => n + (texts[part].match(PLACEHOLDER)?.length ?? 0), 0);
  if (wanted === 0) return texts;
  if (!keys || keys.length !== wanted) return undefined;
  let next = 0;
  const filled = { ...texts };
  for (const part of PARTS) {
    filled[part] = texts[part].replace(PLACEHOLDER, (_match, prefix: string) => `${prefix}${keys[next++]}`);
  }
  return filled;
}

/** `link_keys` as stored: a JSON array of strings, or null. Anything else counts as no keys. */
export function parseLinkKeys(stored: string | null): string[] | null {
  if (stored === null) return null;
  try {
    const keys: unknown = JSON.parse(stored);
    return Array.isArray(keys) && keys.every((key) => typeof key === 'string') ? keys : null;
  } catch {
    return null;
  }
}

/**
 * The texts with the site's address where the mail's links have PUBLIC_URL_MARK: `publicUrl` is
 * the PUBLIC_URL of now (docs/decisions/0048-one-clock-and-mail-links-at-send.md). Escaped for
 * where it goes: as it is in the text, as HTML in the HTML body, inside a JSON string in the headers.
 */
export function fillPublicUrl(texts: MailTexts, publicUrl: string): MailTexts {
  const put = (text: string, value: string) => text.split(PUBLIC_URL_MARK).join(value);
  return {
    text: put(texts.text, publicUrl),
    html: put(texts.html, escapeHtml(publicUrl)),
    headers: put(texts.headers, JSON.stringify(publicUrl).slice(1, -1)),
  };
}
