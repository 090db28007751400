import { RegistrationForm } from '../../../features/accounts/components/RegistrationForm.js';

/** Registration, /registation (spec 2.4, 3, 5): the sign-up form. */
export default function RegistrationRoute() {
  return (
    <section className="account-page container py-5">
      <div className="account-page__card">
        <RegistrationForm />
      </div>
    </section>
  );
}
