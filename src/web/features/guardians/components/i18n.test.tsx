import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { untranslatedTexts } from '../../../test/i18n.js';
import { renderGuardians } from '../testing/guardians.js';

/** The first answer may take a while on a busy machine. */
const LOADED = { timeout: 15_000 };

const USER_DATA = [
  'Ada Mensah',
  'Ben Osei',
  'Efua Mensah',
  'Kwame Mensah',
  'efua@example.com',
  'kwame@example.com',
  'KG',
];

describe('the Guardians screen in another language', () => {
  it('no text outside the catalogs', async () => {
    const { container } = renderGuardians({}, '/guardians?studentId=11', 'en-XA');
    await screen.findByRole('table', {}, LOADED);
    await screen.findByRole('option', { name: /Kwame Mensah/ }, LOADED);
    expect(untranslatedTexts(container, USER_DATA)).toEqual([]);
  });

  it('in French: the relationship in French, its value unchanged', async () => {
    renderGuardians({}, '/guardians?studentId=11', 'fr');
    const table = await screen.findByRole('table', {}, LOADED);
    expect(within(table).getByRole('columnheader', { name: 'Lien avec l’enfant' })).toBeInTheDocument();
    expect(within(table).getByText('Mère')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Mère' })).toHaveValue('Mother');
    expect(screen.getByRole('heading', { name: 'Rattacher un parent à Ada Mensah' })).toBeInTheDocument();
  });
});
