import { RegistrationForm } from '../../../features/accounts/components/RegistrationForm.js';

/**
 * Registration, /registation (docs/contract/product.md#public-pages, docs/contract/product.md#records,
 * docs/contract/product.md#validation): the sign-up form.
 */
export default function RegistrationRoute() {
  return (
    <section className="account-page container py-5">
      <div className="account-page__card">
        <RegistrationForm />
      </div>
    </section>
  );
}
