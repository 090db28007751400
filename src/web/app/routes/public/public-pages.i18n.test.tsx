import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnyLocale } from '../../../../shared/i18n/locales.js';
import { BANNER_TITLES } from '../../../../shared/screens.js';
import { stubObservers, stubReducedMotion } from '../../../features/public-site/testing/browser-stubs.js';
import { PUBLIC_CALENDAR, WIRE } from '../../../features/public-site/testing/fixtures.js';
import { mockContent } from '../../../features/public-site/testing/render-section.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { pageTitleFor } from '../../../lib/page-titles.js';
import { shortDate } from '../../../lib/school-time.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { createTestQueryClient } from '../../../test/render-app.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { createRoutes } from '../../router.js';

const COMMENT = {
  id: 1,
  postId: null,
  name: 'Ana Silva',
  message: 'Lovely.',
  createdAt: '2026-06-02T09:00:00.000Z',
};

/** Every text of the fixtures and the test school: user data, which no catalog translates. */
function userData(): string[] {
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      texts.push(
        value,
        ...value.split('#').map((part) => part.trim()),
        ...value.split(/\n\s*\n/).map((part) => part.trim()),
      );
    } else if (Array.isArray(value)) {
      value.forEach(collect);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(collect);
    }
  };
  collect(WIRE);
  collect(TEST_SCHOOL);
  collect(COMMENT);
  collect(PUBLIC_CALENDAR);
  // The school calendar's days, as the pseudo-locale writes them (English's way), and its times.
  const calendarDays = [
    ...(PUBLIC_CALENDAR.year?.terms ?? []).flatMap((term) => [term.firstDay, term.lastDay]),
    ...PUBLIC_CALENDAR.dates.flatMap((date) => [date.startDate, date.endDate]),
  ].map((day) => shortDate(day));
  texts.push(...calendarDays);
  // Social networks' names are brands; the initials of the comment's author; the comment's day
  // (the pseudo-locale formats dates as English does).
  return [...texts, 'Twitter', 'Facebook', 'LinkedIn', 'Instagram', 'AS', '2 Jun 2026'];
}

/**
 * The texts other helpers' areas give on these pages (the newsletter form's name and email fields and
 * the forms' honeypot come from components/forms): listed so that this test finds only what is the
 * public site's own.
 */
const OWNED_ELSEWHERE = ['Your Name', 'Your Email', 'Leave this empty'];

function renderIn(locale: AnyLocale, path: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  return render(
    <I18nProvider translator={testTranslator(locale)}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the public pages in another language', () => {
  beforeEach(() => {
    stubObservers();
    stubReducedMotion(true);
  });

  it.each([
    ['/', 'Latest Articles From Blog'],
    ['/about', 'Meet Our Teachers'],
    ['/class', 'Classes for Your Kids'],
    ['/teacher', 'Meet Our Teachers'],
    ['/gallery', 'Our Kids School Gallery'],
    ['/blog', 'Latest Articles From Blog'],
    ['/blogdetail', 'Why Outdoor Play Matters'],
    ['/contact', 'Contact Us For Any Query'],
  ])(
    '%s shows no English but the school’s own texts in the pseudo-locale',
    async (path, lastHeading) => {
      mockContent({ blogComments: [COMMENT] });
      renderIn('en-XA', path);
      // The first page of the file imports every section's module: time for that on a busy machine.
      await screen.findByRole('heading', { level: 2, name: lastHeading }, { timeout: 20000 });
      if (path === '/blogdetail') await screen.findByText('Lovely.');
      await waitFor(() =>
        expect(untranslatedTexts(document.body, [...userData(), ...OWNED_ELSEWHERE])).toEqual([]),
      );
    },
    30000,
  );

  it('a page that does not exist says so in the pseudo-locale', async () => {
    mockContent();
    renderIn('en-XA', '/no-such-page');
    await screen.findByRole('heading', { level: 1 }, { timeout: 8000 });
    expect(untranslatedTexts(document.body, [...userData(), ...OWNED_ELSEWHERE])).toEqual([]);
  });

  it('home in French: the navigation, Book A Seat and the footer', async () => {
    mockContent();
    renderIn('fr', '/');
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Réservez une place pour votre enfant' },
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Accueil' })[0]).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { level: 2, name: 'Liens rapides' })).toBeInTheDocument();
  });

  it('the blog post in Arabic: the comments heading with its plural, the banner title', async () => {
    mockContent({ blogComments: [COMMENT] });
    renderIn('ar', '/blogdetail');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'تعليق واحد' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'مقال المدونة' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'اترك تعليقًا' })).toBeInTheDocument();
  });
});

describe('the public pages’ titles', () => {
  it('are in English exactly the banner titles', () => {
    const { t } = testTranslator('en');
    for (const [segment, title] of Object.entries(BANNER_TITLES)) {
      expect({ segment, title: pageTitleFor(`/${segment}`, t) }).toEqual({ segment, title });
    }
  });
});
