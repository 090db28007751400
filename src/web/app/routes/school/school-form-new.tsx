import { NewSchoolFormScreen } from '../../../features/school-forms/components/NewSchoolFormScreen.js';

/** /school-forms/new (docs/decisions/0099-forms-and-permission-slips.md): the principal drafts a form. */
export default function NewSchoolFormRoute() {
  return <NewSchoolFormScreen />;
}
