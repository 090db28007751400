import { isAppPath } from '../routes.js';
import { BLOG_COMMENT_MESSAGES } from './blog-comment-fields.js';
import { ENQUIRY_MESSAGES, NEWSLETTER_MESSAGES } from './public-form-fields.js';

/**
 * The contact form and the footer's newsletter form sent without JavaScript
 * (docs/decisions/0029-forms-without-javascript.md): the browser posts the form URL-encoded to the
 * form's `action`, the server stores it as `POST enquiries` / `POST newsletter` would, and answers
 * 303 to a page whose query names the outcome (Post/Redirect/Get). The page reads the outcome from
 * its URL while it renders, so the server's render shows it too. A query carries codes, never what
 * was typed: URLs end up in logs and browser history.
 */
export interface FormPost {
  /** Where the form posts. */
  action: string;
  /** The id of the element the answer's page scrolls to (its URL's `#fragment`). */
  anchor: string;
  /** The query parameter with the outcome: one value, or one per mistake (`?contact=a&contact=b`). */
  param: string;
  /** A send that worked: code -> what the page says. */
  done: Readonly<Record<string, string>>;
  /** A send that did not: code -> what the page says, under `notDone`. */
  errors: Readonly<Record<string, string>>;
  notDone: string;
}

/** What any plain form can go wrong with, besides its fields. */
export const FORM_POST_FAILURES = {
  tooMany: 'Too many messages from this address. Please try again in a few minutes.',
  failed: 'Something went wrong on our side and nothing was sent. Please try again, or email or call us.',
  /** A field's mistake the form's table does not name (it should not happen: the schema's messages are there). */
  invalid: 'Please check the form and send it again.',
} as const;

const pick = <T extends Record<string, string>, K extends keyof T>(from: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;

/** The contact form: `POST /contact`, answered with `/contact?contact=…#contact-form`. */
export const CONTACT_FORM_POST = {
  action: '/contact',
  anchor: 'contact-form',
  param: 'contact',
  done: { sent: ENQUIRY_MESSAGES.sent },
  errors: {
    ...pick(ENQUIRY_MESSAGES, [
      'enterName',
      'nameTooLong',
      'enterEmail',
      'invalidEmail',
      'enterSubject',
      'subjectTooLong',
      'enterMessage',
      'messageTooLong',
    ]),
    ...FORM_POST_FAILURES,
  },
  notDone: 'Your message was not sent.',
} as const satisfies FormPost;

/**
 * The footer's newsletter form: `POST /newsletter`, answered with the page it was sent from
 * (its hidden field NEWSLETTER_PAGE_FIELD) and `?newsletter=…#newsletter`.
 */
export const NEWSLETTER_FORM_POST = {
  action: '/newsletter',
  anchor: 'newsletter',
  param: 'newsletter',
  done: {
    subscribed: NEWSLETTER_MESSAGES.subscribed,
    alreadySubscribed: NEWSLETTER_MESSAGES.alreadySubscribed,
  },
  errors: {
    ...pick(NEWSLETTER_MESSAGES, ['enterName', 'nameTooLong', 'enterEmail', 'invalidEmail']),
    ...FORM_POST_FAILURES,
  },
  notDone: 'Your message was not sent.',
} as const satisfies FormPost;

/**
 * The blog detail page's comment form (docs/decisions/0049-blog-comments.md): `POST /blogdetail`,
 * answered with the post's page, `/blogdetail?post=<id>&comment=…#comment-form`.
 */
export const BLOG_COMMENT_FORM_POST = {
  action: '/blogdetail',
  anchor: 'comment-form',
  param: 'comment',
  done: { sent: BLOG_COMMENT_MESSAGES.sent },
  errors: {
    ...pick(BLOG_COMMENT_MESSAGES, [
      'enterName',
      'nameTooLong',
      'enterEmail',
      'invalidEmail',
      'enterMessage',
      'messageTooLong',
      'postNotFound',
    ]),
    ...FORM_POST_FAILURES,
  },
  notDone: 'Your comment was not sent.',
} as const satisfies FormPost;

/** The comment form's hidden field with the post it is under (none: the page's own article). */
export const BLOG_COMMENT_POST_FIELD = 'postId';

/** The page a comment's plain send goes back to: its post's page, or /blogdetail itself. */
export function blogCommentPageOf(postId: unknown): string {
  return typeof postId === 'string' && /^[1-9]\d{0,9}$/.test(postId)
    ? `/blogdetail?post=${postId}`
    : '/blogdetail';
}

/**
 * The footer's hidden field with the page (path and query) the form is on: the browser sends no
 * Referer (helmet's `Referrer-Policy: no-referrer`), and the visitor should land where they were.
 */
export const NEWSLETTER_PAGE_FIELD = 'page';

const FORM_POSTS: readonly FormPost[] = [CONTACT_FORM_POST, NEWSLETTER_FORM_POST, BLOG_COMMENT_FORM_POST];

/** A page's query without any form's outcome: what the newsletter's hidden field sends. */
export function withoutOutcomes(search: string): string {
  const params = new URLSearchParams(search);
  for (const post of FORM_POSTS) params.delete(post.param);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

const ORIGIN = 'http://page.invalid';

/**
 * The page an answer goes back to: the sent path and query when it is a page of this site, else the
 * home page. Only a path is kept, so the answer can never send the visitor to another site.
 */
export function returnPageOf(sent: unknown): string {
  if (typeof sent !== 'string' || !sent.startsWith('/') || sent.length > 2000) return '/';
  let url: URL;
  try {
    url = new URL(sent, ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== ORIGIN || !isAppPath(url.pathname)) return '/';
  return `${url.pathname}${withoutOutcomes(url.search)}`;
}

/**
 * The URL of the page that tells a plain send's outcome: `page` (a path with or without a query) with
 * `post.param` set to `codes`, and the form's anchor.
 */
export function outcomeUrl(post: FormPost, codes: readonly string[], page = post.action): string {
  const url = new URL(page, ORIGIN);
  url.searchParams.delete(post.param);
  for (const code of codes) url.searchParams.append(post.param, code);
  return `${url.pathname}${url.search}#${post.anchor}`;
}

/** The error codes of a form's field messages (the schema's texts), each once, in order. */
export function errorCodesOf(post: FormPost, messages: readonly string[]): string[] {
  const codeOf = new Map(Object.entries(post.errors).map(([code, text]) => [text, code]));
  return [...new Set(messages.map((message) => codeOf.get(message) ?? 'invalid'))];
}

export type FormPostOutcome = { kind: 'done'; text: string } | { kind: 'errors'; texts: string[] };

/**
 * What a page's query says about a plain send of `post`, for the form to show; undefined when it says
 * nothing (or only codes this form does not know: an old or hand-made link shows nothing).
 */
export function formPostOutcome(post: FormPost, search: string): FormPostOutcome | undefined {
  const codes = new URLSearchParams(search).getAll(post.param);
  const done = codes.find((code) => Object.hasOwn(post.done, code));
  if (done) return { kind: 'done', text: post.done[done] as string };
  const texts = [
    ...new Set(
      codes.filter((code) => Object.hasOwn(post.errors, code)).map((code) => post.errors[code] as string),
    ),
  ];
  return texts.length > 0 ? { kind: 'errors', texts } : undefined;
}
