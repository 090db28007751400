import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '../../../test/console.js';
import { apiError, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { ImportPupilsScreen } from './ImportPupilsScreen.js';

const ROW = { line: 2, name: 'Ada Lovelace', email: 'ada@demo.school', className: 'Class 1', errors: [] };
const CSV = new File(['name,email,class\nAda Lovelace,ada@demo.school,Class 1\n'], 'pupils.csv', {
  type: 'text/csv',
});

describe('Import pupils', () => {
  it('previews the rows, then commits and shows the initial passwords', async () => {
    const api = mockApi({
      'POST admin/import/pupils?commit=false': {
        data: { committed: false, total: 1, invalid: 0, rows: [ROW] },
      },
      'POST admin/import/pupils?commit=true': {
        data: { committed: true, total: 1, invalid: 0, rows: [{ ...ROW, id: 40, password: 'kite-lamp-42' }] },
      },
    });
    const { user } = renderScreen(<ImportPupilsScreen />);
    await user.upload(screen.getByLabelText('CSV file'), CSV);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('cell', { name: 'OK' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Commit' }));
    expect(await screen.findByText('kite-lamp-42')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('shown only once');
    expect(api.calls('POST')).toEqual([
      'POST admin/import/pupils?commit=false',
      'POST admin/import/pupils?commit=true',
    ]);
  });

  it('shows each row’s problems and offers no commit', async () => {
    mockApi({
      'POST admin/import/pupils?commit=false': {
        data: {
          committed: false,
          total: 1,
          invalid: 1,
          rows: [{ ...ROW, errors: [{ field: 'email', message: 'is already taken' }] }],
        },
      },
    });
    const { user } = renderScreen(<ImportPupilsScreen />);
    await user.upload(screen.getByLabelText('CSV file'), CSV);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('email: is already taken')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Commit' })).not.toBeInTheDocument();
  });

  it('asks for a file, and shows the server’s refusal', async () => {
    allowConsoleErrors();
    mockApi({ 'POST admin/import/pupils?commit=false': apiError(413, 'TOO_LARGE', 'The file is too large') });
    const { user } = renderScreen(<ImportPupilsScreen />);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a CSV file');
    await user.upload(screen.getByLabelText('CSV file'), CSV);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The file is too large')).toBeInTheDocument();
  });
});
