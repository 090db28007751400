import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Registration, /registation (spec 2.4, 3, 5): the sign-up form. */
export default function RegistrationRoute() {
  return <ScreenPlaceholder />;
}
