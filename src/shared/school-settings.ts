import type { SchoolSettings, SocialLinks } from './api/settings.js';

export type { SchoolSettings, SocialLinks };

/**
 * The school settings' defaults and the helpers that show them, apart from their schemas
 * (api/settings.ts re-exports this module): the header, footer and titles of every public page use
 * them in the first load, and zod is not there (docs/decisions/0031-first-load-javascript.md).
 */

/** The social links, in the footer's order, with the label each icon gets. */
export const SOCIAL_NETWORKS = ['twitter', 'facebook', 'linkedin', 'instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NETWORK_LABELS: Readonly<Record<SocialNetwork, string>> = {
  twitter: 'Twitter',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
};

/**
 * A school that has not named itself yet (a new installation without the demo): what the
 * 2026-11-24T0100 migration stores. The principal replaces it in the website editor.
 */
export const DEFAULT_SCHOOL_SETTINGS: SchoolSettings = {
  name: 'Our School',
  logo: '',
  description: '',
  address: '',
  phone: '',
  email: '',
  openingHours: '',
  socialLinks: { twitter: '', facebook: '', linkedin: '', instagram: '' },
  footerText: 'All rights reserved.',
  currency: 'USD',
  timeZone: 'UTC',
  language: 'en',
  languages: ['en'],
};

/** Between a page's title and the school's name in the browser's title bar. */
export const TITLE_SEPARATOR = ' · ';

/** The document title: `About · Sunny Meadows Kids School`; the name alone on the home page. */
export function documentTitle(page: string | undefined, schoolName: string | undefined): string {
  return [page, schoolName].filter((part): part is string => Boolean(part)).join(TITLE_SEPARATOR);
}

/** The social links that are set, in the footer's order. */
export function setSocialLinks(links: SocialLinks): { network: SocialNetwork; label: string; url: string }[] {
  return SOCIAL_NETWORKS.filter((network) => links[network] !== '').map((network) => ({
    network,
    label: SOCIAL_NETWORK_LABELS[network],
    url: links[network],
  }));
}

/** A `tel:` link of a phone number as written (`+1 555 0142 310` -> `tel:+15550142310`). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The id of the JSON block in which the server hands the settings to the page it serves, so the
 * header, footer and title show the school at once, without a call and without a flash of anything
 * else. The browser reads it before the first render; a page without it asks `GET settings`.
 */
export const SETTINGS_ELEMENT_ID = 'school-settings';

/** The title of a page the app does not have (the banner's and the browser's). */
export const NOT_FOUND_PAGE_TITLE = 'Page not found';

/** How the media library lists the school's logo among a picture's uses (`usedBy`). */
export const LOGO_MEDIA_USE = { collection: 'settings', id: 1 } as const;
