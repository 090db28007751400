import { useSearchParams } from 'react-router';
import { USER_TYPE } from '../../../../shared/constants.js';
import { LoadingState } from '../../../components/school/QueryState.js';
import { FamilyFormScreen } from '../../../features/school-forms/components/FamilyFormScreen.js';
import { NewSchoolFormScreen } from '../../../features/school-forms/components/NewSchoolFormScreen.js';
import {
  FamilyFormsScreen,
  FORM_PARAM,
  NEW_FORM_PARAM,
  StaffFormsScreen,
} from '../../../features/school-forms/components/SchoolFormsScreen.js';
import { StaffFormScreen } from '../../../features/school-forms/components/StaffFormScreen.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { parseId } from '../../../lib/school/format.js';

/**
 * Forms (docs/decisions/0099-forms-and-permission-slips.md): a parent's forms to answer, or the
 * school's forms (the principal writes them, a class's teachers read). `?form=<id>` is one form's
 * page (a parent answers and signs; the school follows the answers) and `?new` the principal's
 * editor of a new form: states of this one screen, because the screen registry is in every page's
 * scripts and the home page has no bytes to spare (docs/decisions/0099-forms-and-permission-slips.md).
 */
export default function SchoolFormsRoute() {
  const user = useCurrentUser().data;
  const [params] = useSearchParams();
  if (!user) return <LoadingState />;
  const parent = user.type === USER_TYPE.parent;
  const principal = user.type === USER_TYPE.principal;
  const formId = parseId(params.get(FORM_PARAM));
  if (formId !== undefined)
    return parent ? <FamilyFormScreen id={formId} /> : <StaffFormScreen id={formId} />;
  if (parent) return <FamilyFormsScreen />;
  return principal && params.has(NEW_FORM_PARAM) ? (
    <NewSchoolFormScreen />
  ) : (
    <StaffFormsScreen mayWrite={principal} />
  );
}
