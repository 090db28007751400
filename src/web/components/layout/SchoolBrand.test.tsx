import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TEST_SCHOOL } from '../../test/school.js';
import { SchoolBrand } from './SchoolBrand.js';
import { SchoolContext, type SchoolState } from './school.js';

function renderBrand(school: SchoolState) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <SchoolContext value={school}>
          <SchoolBrand />
        </SchoolContext>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

const LOGO = 'media/0123456789abcdef0123456789abcdef-1200.webp';

describe('SchoolBrand', () => {
  it('is the school’s name and the default logo, a link home', () => {
    renderBrand({ settings: TEST_SCHOOL, status: 'success' });
    const link = screen.getByRole('link', { name: TEST_SCHOOL.name });
    expect(link).toHaveAttribute('href', '/');
    expect(link).toHaveClass('navbar-brand', 'site-brand');
    expect(link.querySelector('.site-brand__icon')).not.toBeNull();
    expect(link.querySelector('img')).toBeNull();
  });

  it('shows the uploaded logo in its narrowest stored width, beside the name', () => {
    renderBrand({ settings: { ...TEST_SCHOOL, logo: LOGO }, status: 'success' });
    const link = screen.getByRole('link', { name: TEST_SCHOOL.name });
    const logo = link.querySelector('img');
    expect(logo).toHaveAttribute('src', '/uploads/media/0123456789abcdef0123456789abcdef-400.webp');
    // The name says it already.
    expect(logo).toHaveAttribute('alt', '');
    expect(link.querySelector('.site-brand__icon')).toBeNull();
  });

  it('while the settings load: the default logo and no name, still a named link home', () => {
    renderBrand({ settings: undefined, status: 'pending' });
    const link = screen.getByRole('link', { name: 'Home page' });
    expect(link).toHaveTextContent('');
    expect(link.querySelector('.site-brand__icon')).not.toBeNull();
  });
});
