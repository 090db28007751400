import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SignInProvider } from '../../../../shared/api/single-sign-on.js';
import SecurityRoute from '../../../app/routes/school/security.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { testTranslator } from '../../../test/i18n.js';
import { answer, apiError, mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { SignInProviderSection } from './SignInProviderSection.js';

/** The principal's sign-in provider (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md). */

const CALLBACK = 'https://school.test/api/users/login/sso/callback';

const FROM_ENVIRONMENT: SignInProvider = {
  audience: 'both',
  staffMust: false,
  chosen: false,
  connection: {
    source: 'environment',
    issuerUrl: 'https://accounts.google.com',
    clientId: 'env-client',
    name: 'Google',
    secretSet: true,
    secretReadable: true,
  },
  redirectUri: CALLBACK,
};

const OWN: SignInProvider = {
  audience: 'staff',
  staffMust: true,
  chosen: true,
  connection: {
    source: 'school',
    issuerUrl: 'https://login.example.org',
    clientId: 'school-client',
    name: 'School ID',
    secretSet: true,
    secretReadable: true,
  },
  redirectUri: CALLBACK,
};

const NONE: SignInProvider = {
  audience: 'both',
  staffMust: false,
  chosen: false,
  connection: {
    source: 'none',
    issuerUrl: '',
    clientId: '',
    name: '',
    secretSet: false,
    secretReadable: true,
  },
  redirectUri: CALLBACK,
};

function renderSection(settings: SignInProvider, routes: Record<string, unknown> = {}, locale?: 'fr' | 'ar') {
  const api = mockApi({
    'GET admin/sign-in-provider': settings,
    'PUT admin/sign-in-provider': (request: { body: unknown }) => ({
      ...settings,
      ...(request.body as object),
    }),
    ...routes,
  });
  const ui = <SignInProviderSection />;
  return {
    ...renderScreen(locale ? <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider> : ui, {
      path: '/security',
      pattern: '/security',
    }),
    api,
  };
}

const sent = (api: ReturnType<typeof mockApi>, method: string) =>
  api.requests.filter((r) => r.method === method).map((r) => r.body);

describe('SignInProviderSection', () => {
  it('shows the environment’s provider read-only, its secret never, and saves who may use it', async () => {
    const { user, api, container } = renderSection(FROM_ENVIRONMENT);
    expect(
      await screen.findByText('Set by the server’s environment: it is changed there, not on this screen.'),
    ).toBeInTheDocument();
    expect(screen.getByText('https://accounts.google.com')).toBeInTheDocument();
    expect(screen.getByText('env-client')).toBeInTheDocument();
    expect(screen.getByText('A secret is set.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Provider address (issuer URL)')).toBeNull();
    expect(screen.queryByLabelText('Client secret')).toBeNull();
    expect(screen.getByText(CALLBACK)).toBeInTheDocument();
    expect(screen.getByText('These are the server’s defaults until you save.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Staff and parents' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Staff' }));
    await user.click(screen.getByRole('switch', { name: 'Staff must sign in with the provider' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. It applies from the next sign-in.')).toBeInTheDocument();
    expect(sent(api, 'PUT')).toEqual([
      {
        audience: 'staff',
        staffMust: true,
        issuerUrl: '',
        clientId: '',
        clientSecret: '',
        removeSecret: false,
        name: '',
      },
    ]);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('takes the school’s own provider with a write-only secret: empty keeps the kept one', async () => {
    const { user, api, container } = renderSection(OWN);
    const issuer = await screen.findByLabelText('Provider address (issuer URL)');
    expect(issuer).toHaveValue('https://login.example.org');
    expect(screen.getByLabelText('Client ID')).toHaveValue('school-client');
    const secret = screen.getByLabelText('Client secret');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAccessibleDescription('A secret is set. Leave this empty to keep it.');
    expect(screen.getByRole('radio', { name: 'Staff' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Staff must sign in with the provider' })).toBeChecked();
    expect(screen.queryByText('These are the server’s defaults until you save.')).toBeNull();

    await user.clear(screen.getByLabelText('Name on the login button'));
    await user.type(screen.getByLabelText('Name on the login button'), 'Our ID');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(api, 'PUT')).toHaveLength(1));
    expect(sent(api, 'PUT')[0]).toEqual({
      audience: 'staff',
      staffMust: true,
      issuerUrl: 'https://login.example.org',
      clientId: 'school-client',
      clientSecret: '',
      removeSecret: false,
      name: 'Our ID',
    });
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('checks the fields in the browser with the shared schema before sending', async () => {
    const { user, api } = renderSection(NONE);
    await user.type(await screen.findByLabelText('Provider address (issuer URL)'), 'http://idp.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Enter the provider’s https:// address, such as https://accounts.google.com (http:// only for localhost).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter the client ID the provider gave the school.')).toBeInTheDocument();
    expect(sent(api, 'PUT')).toEqual([]);
  });

  it('shows the server’s refusal at its field', async () => {
    const { user, api } = renderSection(NONE, {
      'PUT admin/sign-in-provider': answer(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'clientId: The client ID is at most 500 characters.',
          details: [{ field: 'clientId', message: 'The client ID is at most 500 characters.' }],
        },
      }),
    });
    await user.type(await screen.findByLabelText('Provider address (issuer URL)'), 'https://idp.example');
    await user.type(screen.getByLabelText('Client ID'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The client ID is at most 500 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Client ID')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT')).toEqual(['PUT admin/sign-in-provider']);
  });

  it('says a refusal that is no field’s under the form', async () => {
    const { user } = renderSection(FROM_ENVIRONMENT, {
      'PUT admin/sign-in-provider': apiError(
        409,
        'SSO_SET_BY_ENVIRONMENT',
        'The server’s environment sets the provider’s connection: it cannot be changed here.',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server’s environment sets the provider’s connection: it cannot be changed here.',
    );
  });

  it('checks the typed address, and says why it did not work', async () => {
    const { user, api } = renderSection(NONE, {
      'POST admin/sign-in-provider/check': (request: { body: { issuerUrl: string } }) =>
        request.body.issuerUrl === 'https://good.example'
          ? { ok: true, issuerUrl: 'https://good.example', detail: 'authorization endpoint x' }
          : {
              ok: false,
              issuerUrl: request.body.issuerUrl,
              failure: 'badAnswer',
              detail: 'unexpected HTTP response status code (HTTP 404)',
            },
    });
    const issuer = await screen.findByLabelText('Provider address (issuer URL)');
    await user.type(issuer, 'https://wrong.example');
    await user.click(screen.getByRole('button', { name: 'Check connection' }));
    expect(await screen.findByText(/There is no OpenID configuration at that address/)).toBeInTheDocument();
    expect(screen.getByText(/HTTP 404/)).toBeInTheDocument();
    await user.clear(issuer);
    await user.type(issuer, 'https://good.example');
    await user.click(screen.getByRole('button', { name: 'Check connection' }));
    expect(
      await screen.findByText('The provider answered: https://good.example is an OpenID Connect provider.'),
    ).toBeInTheDocument();
    expect(sent(api, 'POST')).toEqual([
      { issuerUrl: 'https://wrong.example' },
      { issuerUrl: 'https://good.example' },
    ]);
    // Checking saves nothing.
    expect(sent(api, 'PUT')).toEqual([]);
  });

  it('checks the environment’s provider with an empty address', async () => {
    const { user, api } = renderSection(FROM_ENVIRONMENT, {
      'POST admin/sign-in-provider/check': {
        ok: false,
        issuerUrl: 'https://accounts.google.com',
        failure: 'unreachable',
        detail: 'fetch failed: ENOTFOUND',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Check connection' }));
    expect(await screen.findByText(/The provider could not be reached/)).toBeInTheDocument();
    expect(sent(api, 'POST')).toEqual([{ issuerUrl: '' }]);
  });

  it('asks for the secret again when the kept one no longer opens, and may forget it', async () => {
    const { user, api } = renderSection({ ...OWN, connection: { ...OWN.connection, secretReadable: false } });
    expect(
      await screen.findByText(/The kept secret cannot be read with this server’s key/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Remove the kept secret' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(api, 'PUT')).toHaveLength(1));
    expect(sent(api, 'PUT')[0]).toMatchObject({ removeSecret: true, clientSecret: '' });
  });

  it.each([
    ['fr', 'Connexion par le fournisseur de l’école', 'Le personnel et les parents', 'Vérifier la connexion'],
    ['ar', 'تسجيل الدخول عبر مزوّد حسابات المدرسة', 'الموظفون وأولياء الأمور', 'التحقق من الاتصال'],
  ] as const)('speaks %s', async (locale, title, both, check) => {
    const { container } = renderSection(FROM_ENVIRONMENT, {}, locale);
    expect(await screen.findByRole('radio', { name: both })).toBeChecked();
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: check })).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});

describe('the sign-in security screen', () => {
  const TWO_FACTOR = { enabled: false, recoveryCodesLeft: 0, requiredForStaff: false };

  it('holds the provider’s section for the principal', async () => {
    mockApi({
      'GET users/profile': profile('Principle'),
      'GET two-factor': TWO_FACTOR,
      // The screen's other principal's section, the staff's two-factor (docs/decisions/0116-the-principal-resets-two-factor.md).
      'GET two-factor/staff': { data: [] },
      'GET admin/sign-in-provider': FROM_ENVIRONMENT,
    });
    renderScreen(<SecurityRoute />, { path: '/security', pattern: '/security' });
    expect(
      await screen.findByRole('heading', { name: 'Sign in with the school’s provider' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign-in security' })).toBeInTheDocument();
  });

  it('does not for a teacher, nor asks for it', async () => {
    const api = mockApi({ 'GET users/profile': profile('Teacher'), 'GET two-factor': TWO_FACTOR });
    renderScreen(<SecurityRoute />, { path: '/security', pattern: '/security' });
    expect(await screen.findByText('Two-step sign-in is off.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in with the school’s provider' })).toBeNull();
    expect(api.calls().filter((call) => call.includes('sign-in-provider'))).toEqual([]);
  });
});
