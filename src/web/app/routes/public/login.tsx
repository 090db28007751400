import { LoginForm } from '../../../features/accounts/components/LoginForm.js';

/**
 * Login (docs/contract/product.md#public-pages): email, password, Login. Shown even with a session
 * (docs/contract/product.md#school-routes only guards the school area).
 */
export default function LoginRoute() {
  return (
    <section className="account-page container py-5">
      <div className="account-page__card account-page__card--narrow">
        <LoginForm />
      </div>
    </section>
  );
}
