import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSessionToken } from '../../lib/session.js';
import { allowConsoleErrors } from '../../test/console.js';
import { urlOf } from '../../test/content-fetch.js';
import { jsonResponse, renderApp } from '../../test/render-app.js';
import { TEST_SCHOOL } from '../../test/school.js';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('NavBar', () => {
  it('has every link of the contract, with its label and path', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const nav = mainNav();
    const expected: [string, string][] = [
      ['Home', '/'],
      ['About', '/about'],
      ['Classes', '/class'],
      ['Teachers', '/teacher'],
      ['Gallery', '/gallery'],
      ['Blog', '/blog'],
      ['Blog_Detail', '/blogdetail'],
      ['Contact', '/contact'],
      ['login', '/login'],
      // The registration link of docs/contract/product.md#navigation-bar is the Registation button.
      ['Registation', '/registation'],
    ];
    for (const [name, href] of expected) {
      expect(within(nav).getByRole('link', { name, hidden: true })).toHaveAttribute('href', href);
    }
    // Only Blog_Detail waits under Pages; Contact, login and Registation are in the bar itself.
    const pagesMenu = document.getElementById(
      within(nav).getByRole('button', { name: 'Pages' }).getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    expect(
      within(pagesMenu)
        .getAllByRole('link', { hidden: true })
        .map((link) => link.textContent),
    ).toEqual(['Blog_Detail']);
    for (const name of ['Contact', 'login', 'Registation']) {
      expect(pagesMenu).not.toContainElement(within(nav).getByRole('link', { name }));
    }
    // The brand is the school's name (its settings), a link home.
    expect(within(nav).getByRole('link', { name: TEST_SCHOOL.name })).toHaveAttribute('href', '/');
  });

  it('marks the current page', async () => {
    renderApp('/gallery');
    await screen.findByRole('heading', { level: 1, name: 'Gallery' });
    expect(within(mainNav()).getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('without the cookie shows the Registation button, and no Dashboard link or LogOut', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Registation' })).toHaveAttribute('href', '/registation');
    expect(within(nav).queryByRole('button', { name: 'LogOut' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'login' })).toHaveAttribute('href', '/login');
    // docs/contract/product.md#roles: the Dashboard link is for logged-in users only, not even hidden under
    // Pages.
    expect(within(nav).queryByRole('link', { name: 'Dashboard', hidden: true })).not.toBeInTheDocument();
  });

  it('with an empty cookie behaves as logged out', async () => {
    renderApp('/about', { token: '' });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(within(mainNav()).getByRole('link', { name: 'Registation' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('button', { name: 'LogOut' })).not.toBeInTheDocument();
  });

  it('with the cookie shows a Dashboard link and a red LogOut button instead of Registation', async () => {
    renderApp('/about', { token: 'a-token' });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    const logout = within(nav).getByRole('button', { name: 'LogOut' });
    expect(logout).toHaveClass('btn-danger');
    expect(within(nav).queryByRole('link', { name: 'Registation' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'login', hidden: true })).not.toBeInTheDocument();
  });

  it('LogOut removes the cookie, tells the server and goes to /login', async () => {
    // The logout call answers 204; the page's own content calls get an empty school.
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        urlOf(input) === '/api/users/logout'
          ? new Response(null, { status: 204 })
          : jsonResponse({ data: [] }),
      );
    const { router, user } = renderApp('/about', { token: 'a-token' });
    await screen.findByRole('heading', { level: 1, name: 'About' });

    await user.click(within(mainNav()).getByRole('button', { name: 'LogOut' }));

    expect(getSessionToken()).toBeUndefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Registation' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('button', { name: 'LogOut' })).not.toBeInTheDocument();

    const [url, init] = fetchMock.mock.calls.find(([input]) => urlOf(input) === '/api/users/logout') ?? [];
    expect(url).toBe('/api/users/logout');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer a-token');
  });

  it('LogOut still logs out when the server cannot be reached', async () => {
    allowConsoleErrors(); // /login's own content calls fail too: there is no server
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    // On a public page: the school area has its own title bar (AppShell.test.tsx).
    const { router, user } = renderApp('/about', { token: 'a-token' });
    await screen.findByRole('heading', { level: 1, name: 'About' });

    await user.click(within(mainNav()).getByRole('button', { name: 'LogOut' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSessionToken()).toBeUndefined();
  });

  it('updates when the session ends elsewhere, and leaves an authenticated page for /login', async () => {
    allowConsoleErrors(); // the dashboard's profile call has no server here
    const { router } = renderApp('/dashboard', { token: 'a-token' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    // Another tab logged out; this tab notices when it gets focus back.
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'kids_pre_token=; Max-Age=0; Path=/';
    window.dispatchEvent(new Event('focus'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(within(mainNav()).getByRole('link', { name: 'Registation' })).toBeInTheDocument();
  });

  it('opens the Pages dropdown with its button and closes it with Escape, returning focus', async () => {
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const pages = within(mainNav()).getByRole('button', { name: 'Pages' });
    expect(pages).toHaveAttribute('aria-expanded', 'false');

    await user.click(pages);
    expect(pages).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(pages.getAttribute('aria-controls') ?? '');
    expect(menu).toHaveClass('show');
    expect(within(menu as HTMLElement).getByRole('link', { name: 'Blog_Detail' })).toBeVisible();

    await user.tab();
    expect(within(menu as HTMLElement).getByRole('link', { name: 'Blog_Detail' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(pages).toHaveAttribute('aria-expanded', 'false');
    expect(pages).toHaveFocus();
  });

  it('closes the Pages dropdown on a click outside it', async () => {
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const pages = within(mainNav()).getByRole('button', { name: 'Pages' });
    await user.click(pages);
    expect(pages).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('heading', { level: 1, name: 'About' }));
    expect(pages).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows a dropdown link and closes the dropdown', async () => {
    const { router, user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const pages = within(mainNav()).getByRole('button', { name: 'Pages' });
    await user.click(pages);
    await user.click(within(mainNav()).getByRole('link', { name: 'Blog_Detail' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog detail' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blogdetail');
    expect(pages).toHaveAttribute('aria-expanded', 'false');
    expect(pages).toHaveClass('active');
  });

  it('has a menu button that shows and hides the links on small screens', async () => {
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const menuButton = within(mainNav()).getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(menuButton.getAttribute('aria-controls') ?? '');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveClass('show');

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveClass('show');

    await user.click(within(mainNav()).getByRole('link', { name: 'Teachers' }));
    await screen.findByRole('heading', { level: 1, name: 'Teacher' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveClass('show');
  });
});
