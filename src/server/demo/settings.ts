import type { SchoolSettings } from '../../shared/api/settings.js';
import { SCHOOL_CONTACT, SCHOOL_NAME } from './people.js';

/**
 * The demo school's settings: its name and contact details from people.ts (as its content uses
 * them), its own logo left at the default, and social links to example pages.
 */
export function demoSettings(): SchoolSettings {
  return {
    name: SCHOOL_NAME,
    logo: '',
    description:
      'A happy, caring place where little ones learn through play, music, stories and friendship, one sunny day at a time.',
    ...SCHOOL_CONTACT,
    socialLinks: {
      twitter: 'https://twitter.example/sunnymeadows',
      facebook: 'https://facebook.example/sunnymeadows',
      linkedin: '',
      instagram: 'https://instagram.example/sunnymeadows',
    },
    footerText: 'All rights reserved.',
    currency: 'USD',
    timeZone: 'America/New_York',
    // The demo shows every language the product speaks (docs/decisions/0059-message-catalogs.md).
    language: 'en',
    languages: ['en', 'fr', 'ar'],
  };
}
