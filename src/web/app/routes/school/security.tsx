import { SecurityScreen } from '../../../features/two-factor/components/SecurityScreen.js';

/** Sign-in security (docs/decisions/0108-two-factor-for-staff.md): two-step sign-in and recovery codes. */
export default function SecurityRoute() {
  return <SecurityScreen />;
}
