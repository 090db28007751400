import { ForgotPasswordForm } from '../../../features/password-reset/components/ForgotPasswordForm.js';

/** "Forgot password?", /forgot-password (docs/decisions/0023-password-reset.md): asks for a link by mail. */
export default function ForgotPasswordRoute() {
  return (
    <section className="account-page container py-5">
      <div className="account-page__card account-page__card--narrow">
        <ForgotPasswordForm />
      </div>
    </section>
  );
}
