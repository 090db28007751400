import { LoginForm } from '../../../features/accounts/components/LoginForm.js';
import { Island } from '../../../islands/island.js';

/**
 * Login (docs/contract/product.md#public-pages): email, password, Login. Shown even with a session
 * (docs/contract/product.md#school-routes only guards the school area).
 * The form is an island: it alone hydrates on the server-rendered page.
 */
export default function LoginRoute() {
  return (
    <section className="account-page container py-5">
      <div className="account-page__card account-page__card--narrow">
        <Island name="login-form" component={LoginForm} props={{}} />
      </div>
    </section>
  );
}
