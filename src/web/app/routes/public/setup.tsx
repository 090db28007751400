import { SetupForm } from '../../../features/setup/components/SetupForm.js';

/**
 * The page of the one-time link a real school's first start prints, /setup?token=
 * (docs/decisions/0041-first-start-of-a-real-school.md): the school's name and its principal.
 */
export default function SetupRoute() {
  return (
    <section className="account-page container py-5">
      <div className="account-page__card account-page__card--narrow">
        <SetupForm />
      </div>
    </section>
  );
}
