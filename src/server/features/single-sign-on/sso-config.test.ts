import { describe, expect, it } from 'vitest';
import { passwordRefusedFor, ssoAllowedFor } from '../../../shared/api/single-sign-on.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { loadConfig } from '../../config.js';

/** The OIDC_* variables (docs/decisions/0107-sign-in-with-the-schools-provider.md). */
describe('the school’s provider in the environment', () => {
  it('is off without an issuer', () => {
    expect(loadConfig({}).sso).toBeUndefined();
  });

  it('reads the provider, with who may use it and whether staff must', () => {
    const config = loadConfig({
      OIDC_ISSUER_URL: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_NAME: 'Google',
      OIDC_FOR: 'Staff',
      OIDC_STAFF_MUST: 'yes',
    });
    expect(config.sso).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
      name: 'Google',
    });
    expect(config.ssoDefaults).toEqual({ audience: 'staff', staffMust: true });
  });

  it('reads who may use a provider and whether staff must without one: the defaults of the principal’s screen', () => {
    expect(loadConfig({}).ssoDefaults).toEqual({ audience: 'both', staffMust: false });
    expect(loadConfig({ OIDC_FOR: 'parents', OIDC_STAFF_MUST: 'true' }).ssoDefaults).toEqual({
      audience: 'parents',
      staffMust: true,
    });
  });

  it('refuses plain http but on this machine, an issuer without a client id, and an unknown audience', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'http://idp.example', OIDC_CLIENT_ID: 'x' })).toThrow(
      /OIDC_ISSUER_URL/,
    );
    expect(loadConfig({ OIDC_ISSUER_URL: 'http://127.0.0.1:9000', OIDC_CLIENT_ID: 'x' }).sso?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://idp.example' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() =>
      loadConfig({ OIDC_ISSUER_URL: 'https://idp.example', OIDC_CLIENT_ID: 'x', OIDC_FOR: 'students' }),
    ).toThrow(/OIDC_FOR/);
  });
});

describe('who signs in with the provider', () => {
  const types = Object.values(USER_TYPE);
  it.each(types)('%s: allowed and password refused as the settings say', (type) => {
    const staff = type !== USER_TYPE.parent && type !== USER_TYPE.student;
    expect(ssoAllowedFor('both', type)).toBe(type !== USER_TYPE.student);
    expect(ssoAllowedFor('staff', type)).toBe(staff);
    expect(ssoAllowedFor('parents', type)).toBe(type === USER_TYPE.parent);
    expect(passwordRefusedFor({ audience: 'both', staffMust: true }, type)).toBe(
      staff && type !== USER_TYPE.principal,
    );
    expect(passwordRefusedFor({ audience: 'both', staffMust: false }, type)).toBe(false);
    expect(passwordRefusedFor({ audience: 'parents', staffMust: true }, type)).toBe(false);
  });
});
