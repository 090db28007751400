import type { QueryClient } from '@tanstack/react-query';
import { ssoOptionsQueryOptions, useSsoOptions } from '../../../features/accounts/api/sso-options.js';
import { LoginForm } from '../../../features/accounts/components/LoginForm.js';
import { Island } from '../../../islands/island.js';
import { settleWithin } from '../../../lib/query-client.js';

/** Whether the school's provider is offered (docs/decisions/0107-sign-in-with-the-schools-provider.md). */
export const clientLoader = (queryClient: QueryClient) => async (): Promise<null> => {
  await settleWithin([queryClient.ensureQueryData(ssoOptionsQueryOptions())]);
  return null;
};

/**
 * Login (docs/contract/product.md#public-pages): email, password, Login. Shown even with a session
 * (docs/contract/product.md#school-routes only guards the school area).
 * The form is an island: it alone hydrates on the server-rendered page. When the school has its own
 * provider, the form starts with "Sign in with {name}", and says for whom when not for all.
 */
export default function LoginRoute() {
  const { data } = useSsoOptions();
  const sso = data?.enabled ? { ssoName: data.name, ssoFor: data.audience } : {};
  return (
    <section className="account-page container py-5">
      <div className="account-page__card account-page__card--narrow">
        <Island name="login-form" component={LoginForm} props={sso} />
      </div>
    </section>
  );
}
