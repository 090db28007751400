import type { SchoolSettings } from '../../shared/api/settings.js';

/**
 * The school of the component tests: what `GET settings` would answer. Every test query client
 * starts with it (render-app.tsx), as the app starts with the settings the server wrote into the
 * page; its contact details are the contact fixture's (public-site/testing/fixtures.ts).
 */
export const TEST_SCHOOL: SchoolSettings = {
  name: 'Sunny Meadows Kids School',
  logo: '',
  description: 'A happy, caring place where little ones learn through play.',
  address: '14 Orchard Lane, Greenfield',
  phone: '+1 555 0142 310',
  email: 'hello@demo.school',
  openingHours: 'Mon - Sat: 8:00 am - 4:00 pm',
  socialLinks: {
    twitter: 'https://twitter.example/sunnymeadows',
    facebook: 'https://facebook.example/sunnymeadows',
    linkedin: '',
    instagram: 'https://instagram.example/sunnymeadows',
  },
  footerText: 'All rights reserved.',
  currency: 'USD',
  timeZone: 'America/New_York',
  language: 'en',
  languages: ['en', 'fr', 'ar'],
};
