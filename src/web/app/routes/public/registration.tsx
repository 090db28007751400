import { RegistrationForm } from '../../../features/accounts/components/RegistrationForm.js';
import { Island } from '../../../islands/island.js';

/**
 * Registration, /registation (docs/contract/product.md#public-pages, docs/contract/product.md#records,
 * docs/contract/product.md#validation): the sign-up form.
 * The form is an island: it alone hydrates on the server-rendered page.
 */
export default function RegistrationRoute() {
  return (
    <section className="account-page container py-5">
      <div className="account-page__card">
        <Island name="registration-form" component={RegistrationForm} props={{}} />
      </div>
    </section>
  );
}
