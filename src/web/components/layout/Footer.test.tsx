import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCHOOL_SETTINGS } from '../../../shared/api/settings.js';
import { allowConsoleErrors } from '../../test/console.js';
import { urlOf } from '../../test/content-fetch.js';
import { jsonResponse, renderApp } from '../../test/render-app.js';
import { TEST_SCHOOL } from '../../test/school.js';
import { yearIn } from './Footer.js';

const footer = () => within(screen.getByRole('contentinfo'));

/** Content calls answer an empty school; `GET settings` answers what `settings` gives. */
function answerSettings(settings: () => Promise<Response>) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    urlOf(input) === '/api/settings' ? settings() : jsonResponse({ data: [] }),
  );
}

describe('Footer', () => {
  it('dates the © line with the school’s year: New Year’s Eve in New York is 2027 in UTC', () => {
    const newYearsEveEvening = new Date('2027-01-01T03:30:00Z');
    expect(yearIn('America/New_York', newYearsEveEvening)).toBe('2026');
    expect(yearIn('UTC', newYearsEveEvening)).toBe('2027');
  });

  it('has the school’s brand, description, social links, Get In Touch, Quick Links, Newsletter and © line', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const year = yearIn(TEST_SCHOOL.timeZone);

    expect(footer().getByRole('link', { name: TEST_SCHOOL.name })).toHaveAttribute('href', '/');
    expect(footer().getByText(TEST_SCHOOL.description)).toBeInTheDocument();
    // The links that are set, as real links in a new tab; LinkedIn is not set.
    for (const [name, href] of [
      ['Twitter', TEST_SCHOOL.socialLinks.twitter],
      ['Facebook', TEST_SCHOOL.socialLinks.facebook],
      ['Instagram', TEST_SCHOOL.socialLinks.instagram],
    ] as const) {
      const link = footer().getByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(footer().queryByRole('link', { name: /LinkedIn/ })).not.toBeInTheDocument();

    expect(footer().getByRole('heading', { name: 'Get In Touch' })).toBeInTheDocument();
    expect(footer().getByText(/Address:/).parentElement).toHaveTextContent(`Address: ${TEST_SCHOOL.address}`);
    expect(footer().getByRole('link', { name: TEST_SCHOOL.email })).toHaveAttribute(
      'href',
      `mailto:${TEST_SCHOOL.email}`,
    );
    expect(footer().getByRole('link', { name: TEST_SCHOOL.phone })).toHaveAttribute(
      'href',
      'tel:+15550142310',
    );
    expect(footer().getByRole('heading', { name: 'Quick Links' })).toBeInTheDocument();
    for (const name of ['Home', 'About Us', 'Our Classes', 'Our Teachers', 'Our Blog', 'Contact Us']) {
      expect(footer().getByRole('link', { name })).toHaveAttribute('href', '#');
    }
    expect(footer().getByRole('heading', { name: 'Newsletter' })).toBeInTheDocument();
    expect(
      footer().getByText(`© ${year} ${TEST_SCHOOL.name}. ${TEST_SCHOOL.footerText}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent(/Schoolyard|Sunny Lane|0100 200/);
  });

  it('leaves out what the school has not set', async () => {
    renderApp('/about', { school: { ...DEFAULT_SCHOOL_SETTINGS, name: 'Hilltop Primary.', footerText: '' } });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(footer().getByRole('link', { name: 'Hilltop Primary.' })).toHaveAttribute('href', '/');
    expect(
      footer().queryByRole('link', { name: /Twitter|Facebook|LinkedIn|Instagram/ }),
    ).not.toBeInTheDocument();
    expect(footer().queryByText(/Address:|Email:|Phone:/)).not.toBeInTheDocument();
    expect(footer().getByText(/^© \d{4} Hilltop Primary\.$/)).toBeInTheDocument();
  });

  it('shows no school’s name while the settings load, then the school’s', async () => {
    let answer: (response: Response) => void = () => {};
    answerSettings(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/about', { school: null });
    await screen.findByRole('heading', { level: 1, name: 'About' });

    const brand = footer().getByRole('link', { name: 'Home page' });
    expect(brand).toHaveTextContent('');
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent(/Schoolyard|©/);

    answer(jsonResponse({ data: TEST_SCHOOL }));
    expect(await footer().findByRole('link', { name: TEST_SCHOOL.name })).toHaveAttribute('href', '/');
    expect(footer().getByText(new RegExp(`^© \\d{4} ${TEST_SCHOOL.name}\\.`))).toBeInTheDocument();
  });

  it('keeps the default logo and no name when the settings cannot be loaded', async () => {
    allowConsoleErrors();
    answerSettings(async () => jsonResponse({ error: { code: 'INTERNAL', message: 'Boom' } }, 500));
    renderApp('/about', { school: null });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const brands = screen.getAllByRole('link', { name: 'Home page' });
    expect(brands).toHaveLength(2);
    for (const brand of brands) expect(brand.querySelector('.site-brand__icon')).not.toBeNull();
    expect(document.body).not.toHaveTextContent(/Schoolyard|Sunny Meadows/);
  });

  it('keeps its non-functional links from moving the page', async () => {
    const { router, user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await user.click(footer().getByRole('link', { name: 'Our Classes' }));
    expect(router.state.location.pathname).toBe('/about');
    expect(router.state.location.hash).toBe('');
  });
});
