import { LoginForm } from '../../../features/accounts/components/LoginForm.js';

/** Login (spec 2.4): email, password, Login. Shown even with a session (spec 2.2 only guards the school area). */
export default function LoginRoute() {
  return (
    <section className="account-page container py-5">
      <div className="account-page__card account-page__card--narrow">
        <LoginForm />
      </div>
    </section>
  );
}
