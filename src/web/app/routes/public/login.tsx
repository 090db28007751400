import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Login (spec 2.4): email, password, Login. */
export default function LoginRoute() {
  return <ScreenPlaceholder />;
}
