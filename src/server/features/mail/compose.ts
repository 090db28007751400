import type { MailKind } from '../../../shared/api/mail.js';
import {
  type AnyLocale,
  DEFAULT_LOCALE,
  PSEUDO_LOCALE,
  textDirection,
} from '../../../shared/i18n/locales.js';
import { PUBLIC_URL_MARK } from '../../../shared/mail-links.js';
import type { MailConfig } from '../../config.js';
import { translatorFor } from '../../lib/i18n.js';
import type { OutgoingMail } from './outbox.repository.js';

/**
 * How every mail looks (docs/decisions/0022-email-outbox.md): a plain-text body and an HTML body
 * with the same words, the school's name at the top, inline styles only (mail programs drop style
 * sheets) and no remote images (they are blocked, and they tell a sender who opened what). Every
 * link is absolute: its PUBLIC_URL is put in when the mail is sent (PUBLIC_URL_MARK, link-keys.ts).
 */

export interface MailContent {
  kind: MailKind;
  to: { address: string; name: string };
  subject: string;
  /** "Dear Kofi Rahman," (without it the mail opens with its first paragraph). */
  greeting?: string;
  /** Plain text; a paragraph may hold single line breaks. */
  paragraphs: readonly string[];
  /** A button in HTML and the bare link in text. */
  action?: { label: string; url: string };
  /** Further links after the button: each a line `label: url` in text, a link in HTML. */
  links?: readonly { label: string; url: string }[];
  /** Small print under a rule (why the mail came, what to do if it was not wanted). */
  footer?: readonly string[];
  /**
   * Newsletter: `page` is the footer's unsubscribe link (a page of the site); `oneClick` the
   * List-Unsubscribe header's, which mail programs POST `List-Unsubscribe=One-Click` to (RFC 8058).
   */
  unsubscribe?: { page: string; oneClick: string };
  /** The recipient's language: the words compose adds, and the HTML's `lang` and `dir` (English when absent). */
  locale?: AnyLocale;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** A paragraph of text as HTML: escaped, line breaks kept. */
const htmlParagraph = (text: string, style: string) =>
  `<p style="${style}">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

/**
 * A link to a page of the site, e.g. `mailLink(config, '/reset-password', { token })`, with the mark
 * where PUBLIC_URL goes: the sender writes the PUBLIC_URL of the moment the mail leaves
 * (docs/decisions/0048-one-clock-and-mail-links-at-send.md), not this one's, so `config` is not read.
 */
export function mailLink(_config: MailConfig, path: string, query: Record<string, string> = {}): string {
  // PUBLIC_URL may carry a path (`https://example.org/school`): the page's path goes under it.
  const search = new URLSearchParams(query).toString();
  return `${PUBLIC_URL_MARK}${path}${search ? `?${search}` : ''}`;
}

/** The host name in Message-IDs: the site's own. */
export const messageHostOf = (config: MailConfig): string => config.from.address.split('@')[1] ?? 'localhost';

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:16px;line-height:1.5';

/** HTML made from a message's tags, told apart from the message's own text (which is escaped). */
interface Html {
  html: string;
}
const asHtml = (chunks: readonly (string | Html)[]): string =>
  chunks.map((chunk) => (typeof chunk === 'string' ? escapeHtml(chunk) : chunk.html)).join('');

/** The mail in both forms, ready for the outbox. */
export function composeMail(schoolName: string, content: MailContent): OutgoingMail {
  const locale = content.locale ?? DEFAULT_LOCALE;
  const { t, parts } = translatorFor(locale);
  const footer = [...(content.footer ?? [])];
  const { unsubscribe } = content;
  if (unsubscribe) footer.push(t('mail.compose.unsubscribeText', { link: unsubscribe.page }));

  const textParts = [
    ...(content.greeting ? [content.greeting] : []),
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...(content.links ?? []).map((link) => `${link.label}:\n${link.url}`),
    `${schoolName}`,
    ...(footer.length > 0 ? ['--', ...footer] : []),
  ];
  const text = `${textParts.join('\n\n')}\n`;

  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#17a2b8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="font-size:13px;color:#6b7280">${escapeHtml(t('mail.compose.buttonFallback'))}<br><a href="${escapeHtml(content.action.url)}" style="color:#0e7490;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const footerHtml = [
    ...(content.footer ?? []).map((line) => htmlParagraph(line, 'margin:0 0 8px')),
    ...(unsubscribe
      ? [
          `<p style="margin:0 0 8px">${parts<Html>('mail.compose.unsubscribeHtml', {
            link: (chunks) => ({
              html: `<a href="${escapeHtml(unsubscribe.page)}" style="color:#0e7490">${asHtml(chunks)}</a>`,
            }),
          })
            .map((part) => (typeof part === 'string' ? escapeHtml(part) : part.html))
            .join('')}</p>`,
        ]
      : []),
  ].join('');
  const html = [
    '<!doctype html>',
    `<html lang="${locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale}"${textDirection(locale) === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6"><div style="max-width:600px;margin:0 auto;padding:24px;${FONT}">`,
    `<div style="font-size:22px;font-weight:bold;color:#0e7490;margin-bottom:16px">${escapeHtml(schoolName)}</div>`,
    `<div style="background:#ffffff;border-radius:8px;padding:24px">`,
    ...(content.greeting ? [htmlParagraph(content.greeting, 'margin:0 0 16px')] : []),
    ...content.paragraphs.map((p) => htmlParagraph(p, 'margin:0 0 16px')),
    button,
    ...(content.links ?? []).map(
      (link) =>
        `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="color:#0e7490;font-weight:bold">${escapeHtml(link.label)}</a></p>`,
    ),
    '</div>',
    footerHtml ? `<div style="font-size:13px;color:#6b7280;margin-top:16px">${footerHtml}</div>` : '',
    '</div></body></html>',
  ].join('');

  const headers: Record<string, string> = {};
  if (content.unsubscribe) {
    // RFC 2369 and RFC 8058: mail programs show an Unsubscribe button that posts to this link.
    headers['List-Unsubscribe'] = `<${content.unsubscribe.oneClick}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return { kind: content.kind, to: content.to, subject: content.subject, text, html, headers };
}
