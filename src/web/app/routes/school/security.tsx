import { USER_TYPE } from '../../../../shared/constants.js';
import { signInProviderQueryOptions } from '../../../features/single-sign-on/api/sign-in-provider.js';
import { SignInProviderSection } from '../../../features/single-sign-on/components/SignInProviderSection.js';
import { twoFactorQueryOptions } from '../../../features/two-factor/api/two-factor.js';
import { SecurityScreen } from '../../../features/two-factor/components/SecurityScreen.js';
import { currentUserQueryOptions, useCurrentUser } from '../../../lib/current-user.js';
import { schoolLoader } from '../../../lib/school/prefetch.js';

export const clientLoader = schoolLoader((queryClient) => [
  queryClient.ensureQueryData(twoFactorQueryOptions()),
  queryClient
    .ensureQueryData(currentUserQueryOptions())
    .then((user) =>
      user.type === USER_TYPE.principal ? queryClient.ensureQueryData(signInProviderQueryOptions()) : null,
    ),
]);

/**
 * Sign-in security: two-step sign-in and recovery codes (docs/decisions/0108-two-factor-for-staff.md),
 * and for the principal the school's sign-in provider
 * (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md).
 */
export default function SecurityRoute() {
  const user = useCurrentUser();
  return (
    <>
      <SecurityScreen />
      {user.data?.type === USER_TYPE.principal ? <SignInProviderSection /> : null}
    </>
  );
}
