export const E2E_OIDC_NAME: string;
export const E2E_OIDC_ACCOUNTS: Record<
  'teacher@demo.school' | 'unverified-teacher',
  { email: string; email_verified: boolean }
>;
export function startE2eOidcProvider(redirectUri: string): Promise<{
  issuer: string;
  env: Record<
    | 'OIDC_ISSUER_URL'
    | 'OIDC_CLIENT_ID'
    | 'OIDC_CLIENT_SECRET'
    | 'OIDC_NAME'
    | 'OIDC_FOR'
    | 'OIDC_STAFF_MUST',
    string
  >;
  close(): Promise<void>;
}>;
