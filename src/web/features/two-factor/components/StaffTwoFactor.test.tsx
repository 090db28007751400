import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffTwoFactor } from '../../../../shared/api/two-factor.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { DEFAULT_SCHOOL_SETTINGS } from '../../../../shared/school-settings.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { testTranslator } from '../../../test/i18n.js';
import { apiError, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { SecurityScreen } from './SecurityScreen.js';

/** The principal's staff list on Sign-in security (docs/decisions/0116-the-principal-resets-two-factor.md). */

const RAVI: StaffTwoFactor = {
  id: 41,
  name: 'Ravi Kumar',
  email: 'ravi@demo.school',
  type: USER_TYPE.teacher,
  enabled: true,
  lastReset: null,
};
const LENA: StaffTwoFactor = {
  id: 42,
  name: 'Lena Park',
  email: 'lena@demo.school',
  type: USER_TYPE.director,
  enabled: false,
  lastReset: { at: '2026-12-01T09:30:00.000Z', byName: 'Margaret Osei' },
};
const RESET_AT = '2026-12-09T10:00:00.000Z';

function renderSecurity(
  {
    type = USER_TYPE.principal,
    required = false,
    routes = {},
  }: { type?: string; required?: boolean; routes?: Record<string, unknown> } = {},
  locale?: 'fr' | 'ar',
) {
  // The server's list: Ravi's row changes once the reset is made.
  let ravi = RAVI;
  const api = mockApi({
    'GET users/profile': profile(type as typeof USER_TYPE.principal, 1, 'Margaret Osei'),
    'GET settings': { data: DEFAULT_SCHOOL_SETTINGS },
    'GET two-factor': { enabled: true, recoveryCodesLeft: 8, requiredForStaff: required },
    'GET two-factor/staff': () => ({ data: [LENA, ravi] }),
    'POST users/41/two-factor/reset': () => {
      ravi = { ...RAVI, enabled: false, lastReset: { at: RESET_AT, byName: 'Margaret Osei' } };
      return { data: ravi };
    },
    ...routes,
  });
  const ui = <SecurityScreen />;
  return {
    ...renderScreen(locale ? <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider> : ui, {
      path: '/security',
      pattern: '/security',
    }),
    api,
  };
}

const rowOf = async (name: string) =>
  (await screen.findByText(name, { selector: 'bdi' })).closest('li') as HTMLElement;

describe('the staff’s two-step sign-in, for the principal', () => {
  it('lists each staff account with it on or off and the last reset; the reset asks first, then says what it did', async () => {
    const { user, api } = renderSecurity();
    const section = await screen.findByRole('region', { name: 'Staff sign-in' });
    const ravi = await rowOf('Ravi Kumar');
    expect(ravi).toHaveTextContent('Teacher · ravi@demo.school');
    expect(ravi).toHaveTextContent('Two-step sign-in on');
    const lena = await rowOf('Lena Park');
    expect(lena).toHaveTextContent('Director');
    expect(lena).toHaveTextContent('Two-step sign-in off');
    expect(lena).toHaveTextContent('Reset by Margaret Osei on 1 December 2026');
    // Nothing to reset where it is off.
    expect(within(lena).queryByRole('button')).toBeNull();
    // Sorted as the server sends them: Lena, then Ravi.
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('bdi')?.textContent),
    ).toEqual(['Lena Park', 'Ravi Kumar']);

    const button = within(ravi).getByRole('button', { name: 'Reset two-step sign-in' });
    expect(button).toHaveAccessibleDescription('Ravi Kumar');
    await user.click(button);
    let dialog = screen.getByRole('alertdialog', { name: 'Reset the two-step sign-in of Ravi Kumar?' });
    expect(dialog).toHaveTextContent('their recovery codes and their remembered devices stop working');
    expect(dialog).toHaveTextContent('their password alone signs them in');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('POST')).toEqual([]);

    await user.click(within(ravi).getByRole('button', { name: 'Reset two-step sign-in' }));
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.calls('POST')).toEqual(['POST users/41/two-factor/reset']));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({});
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'The two-step sign-in of Ravi Kumar is reset, and a mail tells them so.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const after = await rowOf('Ravi Kumar');
    await waitFor(() => expect(after).toHaveTextContent('Two-step sign-in off'));
    expect(after).toHaveTextContent('Reset by Margaret Osei on 9 December 2026');
    expect(within(after).queryByRole('button')).toBeNull();
  });

  it('says, when the school requires it, that they set it up again at their next log-in', async () => {
    const { user } = renderSecurity({ required: true });
    await user.click(
      within(await rowOf('Ravi Kumar')).getByRole('button', { name: 'Reset two-step sign-in' }),
    );
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'The school requires two-step sign-in: at their next log-in they set it up again before they get in.',
    );
  });

  it('says why a reset was refused', async () => {
    allowConsoleErrors();
    const { user } = renderSecurity({
      routes: {
        'POST users/41/two-factor/reset': apiError(
          409,
          'TWO_FACTOR_STATE',
          'Two-factor sign-in is not turned on.',
        ),
      },
    });
    await user.click(
      within(await rowOf('Ravi Kumar')).getByRole('button', { name: 'Reset two-step sign-in' }),
    );
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The two-step sign-in of Ravi Kumar was not reset: Two-factor sign-in is not turned on.',
    );
  });

  it('is not shown to a teacher, who is not asked for the list', async () => {
    const { api } = renderSecurity({ type: USER_TYPE.teacher });
    expect(await screen.findByText(/Two-step sign-in is on/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Staff sign-in' })).toBeNull();
    expect(api.calls('GET')).not.toContain('GET two-factor/staff');
  });

  it('speaks French and Arabic', async () => {
    const { unmount } = renderSecurity({}, 'fr');
    expect(
      within(await rowOf('Ravi Kumar')).getByRole('button', {
        name: 'Réinitialiser la connexion en deux étapes',
      }),
    ).toBeInTheDocument();
    unmount();
    renderSecurity({}, 'ar');
    expect(
      within(await rowOf('Ravi Kumar')).getByRole('button', { name: 'إعادة ضبط التحقق بخطوتين' }),
    ).toBeInTheDocument();
  });

  it('has no serious or critical axe violation, with the confirmation open', async () => {
    const { user, container } = renderSecurity();
    const ravi = await rowOf('Ravi Kumar');
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(within(ravi).getByRole('button', { name: 'Reset two-step sign-in' }));
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });
});
