import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsQueryKey } from '../../lib/settings.js';
import { renderApp } from '../../test/render-app.js';
import { TEST_SCHOOL } from '../../test/school.js';

describe('DocumentTitle', () => {
  it('titles every page “Page · School”, the home page with the name alone, and follows a rename', async () => {
    const { router, queryClient } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await waitFor(() => expect(document.title).toBe(`About · ${TEST_SCHOOL.name}`));

    await act(() => router.navigate('/contact'));
    await waitFor(() => expect(document.title).toBe(`Contact · ${TEST_SCHOOL.name}`));
    await act(() => router.navigate('/'));
    await waitFor(() => expect(document.title).toBe(TEST_SCHOOL.name));
    await act(() => router.navigate('/no-such-page'));
    await waitFor(() => expect(document.title).toBe(`Page not found · ${TEST_SCHOOL.name}`));

    act(() => {
      queryClient.setQueryData(settingsQueryKey, { ...TEST_SCHOOL, name: 'Hilltop Primary' });
    });
    await waitFor(() => expect(document.title).toBe('Page not found · Hilltop Primary'));
    // The brand in the header and in the footer.
    expect(screen.getAllByRole('link', { name: 'Hilltop Primary', hidden: true })).toHaveLength(2);
  });
});
