import { z } from 'zod';
import { LOCALES, type Locale } from '../i18n/locales.js';
import { isWebLink } from '../rules/web-link.js';
import { SOCIAL_NETWORK_LABELS, type SocialNetwork } from '../school-settings.js';
import { ADMIN_MESSAGES, isSafeImagePath } from './admin.js';

export * from '../school-settings.js';

/**
 * The school's own facts (docs/decisions/0014-school-settings.md): its name, logo, short description,
 * address, phone, email, opening hours, social links, footer text, currency and time zone. One row, edited by
 * the principal in the website editor (`PUT admin/settings`) and read by everyone (`GET settings`): the
 * header, footer, contact panel and page titles show them, so nothing about the school is written in the
 * code. The editor's form and the server check the same body with `SchoolSettingsSchema`.
 */

export const SETTINGS_LIMITS = {
  name: 100,
  logo: 300,
  description: 500,
  address: 200,
  phone: 30,
  email: 254,
  openingHours: 200,
  link: 300,
  footerText: 200,
} as const;

export const SETTINGS_MESSAGES = {
  enterName: "Please enter the school's name",
  notAnObject: 'The body must be a JSON object',
  mustBeText: (label: string) => `${label} must be text`,
  tooLong: (label: string, max: number) => `${label} is at most ${max} characters`,
  oneLine: (label: string) => `${label} must be on one line`,
  badLogo: ADMIN_MESSAGES.badImagePath,
  logoNotFound: ADMIN_MESSAGES.imageNotFound,
  phoneInvalid: 'Please enter a phone number: digits, spaces and + - ( ) . / only',
  emailInvalid: 'Please enter a valid email',
  linkInvalid: 'Please enter a full link starting with https:// (or http://)',
  currencyInvalid: 'Please enter a currency code of ISO 4217, such as USD, EUR or GBP',
  timeZoneInvalid: 'Please enter a time zone of the IANA database, such as Europe/London or America/New_York',
  unknownFields: ADMIN_MESSAGES.unknownFields,
} as const;

/** Why the school's languages were refused (docs/decisions/0059-message-catalogs.md). */
export const LANGUAGE_MESSAGES = {
  unknownLanguage: `Please choose languages among ${LOCALES.join(', ')}`,
  defaultNotOffered: 'The default language must be one of the languages offered',
} as const;

const localeField = z.enum(LOCALES, { error: LANGUAGE_MESSAGES.unknownLanguage });

/** An empty phone is none; else a number as people write it (`+1 555 0142 310`, `(020) 7946-0018`). */
export const PHONE_PATTERN = /^\+?[0-9(][0-9 ()./-]{3,}$/;

/** An IANA name: `UTC`, `Europe/London`, `America/Argentina/Buenos_Aires`, `Etc/GMT+1`; no offsets. */
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** Whether the runtime's time zone database knows `name` (checked by Intl, as the pages will use it). */
export function isTimeZone(name: string): boolean {
  if (!TIME_ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The currencies Intl knows (ISO 4217 codes in use); undefined where the runtime cannot list them. */
function knownCurrencies(): ReadonlySet<string> | undefined {
  const list = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return list ? new Set(list('currency')) : undefined;
}
let currencies: ReadonlySet<string> | undefined | null = null;

/** An ISO 4217 code of three capital letters that Intl knows as a currency. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (currencies === null) currencies = knownCurrencies();
  return currencies ? currencies.has(code) : true;
}

const LINE_BREAK = /[\r\n]/;

/** A text field: trimmed, bounded, and for the one-line fields without line breaks. */
const text = /* @__NO_SIDE_EFFECTS__ */ (label: string, max: number, { oneLine = false } = {}) => {
  const base = z
    .string({ error: SETTINGS_MESSAGES.mustBeText(label) })
    .trim()
    .max(max, SETTINGS_MESSAGES.tooLong(label, max));
  return oneLine ? base.refine((v) => !LINE_BREAK.test(v), SETTINGS_MESSAGES.oneLine(label)) : base;
};

/** '' or a value passing `check`. */
const optional = /* @__NO_SIDE_EFFECTS__ */ (
  label: string,
  max: number,
  check: (v: string) => boolean,
  message: string,
) => text(label, max, { oneLine: true }).refine((v) => v === '' || check(v), message);

const emailCheck = z.email();

const linkField = /* @__NO_SIDE_EFFECTS__ */ (network: SocialNetwork) =>
  optional(
    `The ${SOCIAL_NETWORK_LABELS[network]} link`,
    SETTINGS_LIMITS.link,
    isWebLink,
    SETTINGS_MESSAGES.linkInvalid,
  );

const strict = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? SETTINGS_MESSAGES.unknownFields(issue.keys)
        : issue.code === 'invalid_type'
          ? SETTINGS_MESSAGES.notAnObject
          : undefined,
  });

export const SocialLinksSchema = strict({
  twitter: linkField('twitter'),
  facebook: linkField('facebook'),
  linkedin: linkField('linkedin'),
  instagram: linkField('instagram'),
});
export type SocialLinks = z.infer<typeof SocialLinksSchema>;

/**
 * `PUT admin/settings` and the editor's form: every field (an unused one is ''), unknown fields
 * refused. `logo` is '' for the default logo or a stored picture's path (a file under /uploads/,
 * normally one of the media library: whether it exists is the server's check). Text is stored as it
 * is and shown as text, never as HTML.
 */
export const SchoolSettingsSchema = strict({
  name: text('The name', SETTINGS_LIMITS.name, { oneLine: true }).min(1, SETTINGS_MESSAGES.enterName),
  logo: optional('The logo', SETTINGS_LIMITS.logo, isSafeImagePath, SETTINGS_MESSAGES.badLogo),
  description: text('The description', SETTINGS_LIMITS.description),
  address: text('The address', SETTINGS_LIMITS.address),
  phone: optional(
    'The phone number',
    SETTINGS_LIMITS.phone,
    (v) => PHONE_PATTERN.test(v),
    SETTINGS_MESSAGES.phoneInvalid,
  ),
  email: optional(
    'The email',
    SETTINGS_LIMITS.email,
    (v) => emailCheck.safeParse(v).success,
    SETTINGS_MESSAGES.emailInvalid,
  ),
  openingHours: text('The opening hours', SETTINGS_LIMITS.openingHours),
  socialLinks: SocialLinksSchema,
  footerText: text('The footer text', SETTINGS_LIMITS.footerText, { oneLine: true }),
  currency: z
    .string({ error: SETTINGS_MESSAGES.currencyInvalid })
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, SETTINGS_MESSAGES.currencyInvalid),
  timeZone: z
    .string({ error: SETTINGS_MESSAGES.timeZoneInvalid })
    .trim()
    .max(64, SETTINGS_MESSAGES.timeZoneInvalid)
    .refine(isTimeZone, SETTINGS_MESSAGES.timeZoneInvalid),
  // Left out: as stored (a client that predates languages keeps them as they are).
  language: localeField.optional(),
  languages: z
    .array(localeField, { error: LANGUAGE_MESSAGES.unknownLanguage })
    .min(1, LANGUAGE_MESSAGES.unknownLanguage)
    .max(LOCALES.length, LANGUAGE_MESSAGES.unknownLanguage)
    .transform((list) => LOCALES.filter((locale) => list.includes(locale)))
    .optional(),
}).refine(
  (settings) => !settings.language || !settings.languages || settings.languages.includes(settings.language),
  { message: LANGUAGE_MESSAGES.defaultNotOffered, path: ['language'] },
);
export type SchoolSettingsInput = z.input<typeof SchoolSettingsSchema>;
/** What `PUT admin/settings` writes: the languages only when given. */
export type SchoolSettingsChanges = z.output<typeof SchoolSettingsSchema>;
/**
 * The school's settings as stored and answered: its default language and the languages it offers
 * (the default first among them in LOCALES' order, always there).
 */
export type SchoolSettings = Omit<SchoolSettingsChanges, 'language' | 'languages'> & {
  language: Locale;
  languages: Locale[];
};

/** What `GET settings` and `PUT admin/settings` answer. */
export const SchoolSettingsAnswerSchema = z.object({
  name: z.string(),
  logo: z.string(),
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  openingHours: z.string(),
  socialLinks: z.object({
    twitter: z.string(),
    facebook: z.string(),
    linkedin: z.string(),
    instagram: z.string(),
  }),
  footerText: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  language: z.enum(LOCALES),
  languages: z.array(z.enum(LOCALES)),
});
