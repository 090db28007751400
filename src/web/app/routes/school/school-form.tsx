import { useParams } from 'react-router';
import { USER_TYPE } from '../../../../shared/constants.js';
import { NotFoundScreen } from '../../../components/school/NotFoundScreen.js';
import { LoadingState } from '../../../components/school/QueryState.js';
import { FamilyFormScreen } from '../../../features/school-forms/components/FamilyFormScreen.js';
import { StaffFormScreen } from '../../../features/school-forms/components/StaffFormScreen.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { parseId } from '../../../lib/school/format.js';

/** /school-forms/:id (docs/decisions/0099-forms-and-permission-slips.md): a parent answers and signs; the school follows the answers. */
export default function SchoolFormRoute() {
  const id = parseId(useParams().id);
  const user = useCurrentUser().data;
  if (id === undefined) return <NotFoundScreen />;
  if (!user) return <LoadingState />;
  return user.type === USER_TYPE.parent ? <FamilyFormScreen id={id} /> : <StaffFormScreen id={id} />;
}
