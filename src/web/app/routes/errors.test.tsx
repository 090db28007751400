import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../test/console.js';
import { createTestQueryClient, jsonResponse } from '../../test/render-app.js';
import { TEST_SCHOOL } from '../../test/school.js';
import { RootErrorBoundary } from './errors.js';

function Broken(): never {
  throw new Error('Broken frame');
}

function renderBrokenFrame(school: typeof TEST_SCHOOL | null) {
  const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: RootErrorBoundary }]);
  render(
    <QueryClientProvider client={createTestQueryClient({ school })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('RootErrorBoundary', () => {
  it('names the school above the explanation', async () => {
    allowConsoleErrors(); // React reports the error it caught.
    renderBrokenFrame(TEST_SCHOOL);
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops! Something went wrong.');
    expect(screen.getByText(TEST_SCHOOL.name)).toHaveClass('site-brand');
  });

  it('without the settings names no one', async () => {
    allowConsoleErrors();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse({ error: { code: 'INTERNAL', message: 'Boom' } }, 500),
    );
    renderBrokenFrame(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops! Something went wrong.');
    expect(document.querySelector('.site-brand')).toBeNull();
    expect(document.body).not.toHaveTextContent('Schoolyard');
  });
});
