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

/**
 * What `GET school-years` would answer (docs/decisions/0094-last-years-mark-sheets.md): last year
 * and this one, today in this year's first term (id 21), which the screens of marks show first.
 */
export const TEST_TERMS = {
  data: {
    years: [
      {
        id: 2,
        name: '2026–2027',
        firstDay: '2026-09-01',
        lastDay: '2027-07-31',
        current: true,
        terms: [
          { id: 21, yearId: 2, name: 'Autumn 2026', firstDay: '2026-09-01', lastDay: '2026-12-18' },
          { id: 22, yearId: 2, name: 'Spring 2027', firstDay: '2027-01-05', lastDay: '2027-03-27' },
        ],
      },
      {
        id: 1,
        name: '2025–2026',
        firstDay: '2025-09-01',
        lastDay: '2026-07-31',
        current: false,
        terms: [{ id: 11, yearId: 1, name: 'Autumn 2025', firstDay: '2025-09-01', lastDay: '2025-12-19' }],
      },
    ],
    today: '2026-11-26',
    termId: 21,
  },
};
