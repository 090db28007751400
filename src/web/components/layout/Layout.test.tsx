import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadToastCode, notify } from '../../lib/toast.js';
import { renderApp } from '../../test/render-app.js';

describe('Layout', () => {
  it('has the landmarks: header with the main navigation, main, footer', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('offers a skip link to the content as the first stop', async () => {
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('moves focus to the new page after a navigation', async () => {
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await user.click(screen.getByRole('link', { name: 'Gallery' }));
    await screen.findByRole('heading', { level: 1, name: 'Gallery' });
    // The focus moves in an effect after the new page has rendered.
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('shows toasts, and Alt+T moves focus to them', async () => {
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    // The first toast loads react-toastify; the layout then mounts its container.
    expect(document.querySelector('.Toastify')).toBeNull();
    await act(async () => {
      notify.info('Welcome back!');
      await loadToastCode();
    });
    const toast = await screen.findByText('Welcome back!');
    await user.keyboard('{Alt>}t{/Alt}');
    expect(toast.closest('.Toastify__toast')).toHaveFocus();
  });
});
