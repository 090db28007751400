import { ResetPasswordForm } from '../../../features/password-reset/components/ResetPasswordForm.js';

/**
 * The page a reset mail links to, /reset-password?token= (docs/decisions/0023-password-reset.md):
 * sets the new password.
 */
export default function ResetPasswordRoute() {
  return (
    <section className="account-page container py-5">
      <div className="account-page__card account-page__card--narrow">
        <ResetPasswordForm />
      </div>
    </section>
  );
}
