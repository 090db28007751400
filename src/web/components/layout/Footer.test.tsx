import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.js';

describe('Footer', () => {
  it('has the brand, social icons, Get In Touch, Quick Links and Newsletter', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const footer = within(screen.getByRole('contentinfo'));

    expect(footer.getByRole('link', { name: 'Schoolyard' })).toHaveAttribute('href', '/');
    for (const name of ['Twitter', 'Facebook', 'LinkedIn', 'Instagram']) {
      expect(footer.getByRole('link', { name })).toHaveAttribute('href', '#');
    }
    expect(footer.getByRole('heading', { name: 'Get In Touch' })).toBeInTheDocument();
    expect(footer.getByText(/Address:/)).toBeInTheDocument();
    expect(footer.getByText(/Email:/)).toBeInTheDocument();
    expect(footer.getByText(/Phone:/)).toBeInTheDocument();
    expect(footer.getByRole('heading', { name: 'Quick Links' })).toBeInTheDocument();
    for (const name of ['Home', 'About Us', 'Our Classes', 'Our Teachers', 'Our Blog', 'Contact Us']) {
      expect(footer.getByRole('link', { name })).toHaveAttribute('href', '#');
    }
    expect(footer.getByRole('heading', { name: 'Newsletter' })).toBeInTheDocument();
    expect(footer.getByText(/© \d{4} Schoolyard/)).toBeInTheDocument();
  });

  it('keeps its non-functional links from moving the page', async () => {
    const { router, user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Our Classes' }));
    expect(router.state.location.pathname).toBe('/about');
    expect(router.state.location.hash).toBe('');
  });
});
