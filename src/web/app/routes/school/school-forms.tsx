import { USER_TYPE } from '../../../../shared/constants.js';
import { LoadingState } from '../../../components/school/QueryState.js';
import {
  FamilyFormsScreen,
  StaffFormsScreen,
} from '../../../features/school-forms/components/SchoolFormsScreen.js';
import { useCurrentUser } from '../../../lib/current-user.js';

/**
 * Forms (docs/decisions/0099-forms-and-permission-slips.md): a parent's forms to answer, or the
 * school's forms (the principal writes them, a class's teachers read).
 */
export default function SchoolFormsRoute() {
  const user = useCurrentUser().data;
  if (!user) return <LoadingState />;
  return user.type === USER_TYPE.parent ? (
    <FamilyFormsScreen />
  ) : (
    <StaffFormsScreen mayWrite={user.type === USER_TYPE.principal} />
  );
}
