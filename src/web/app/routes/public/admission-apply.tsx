import { ApplicationPage } from '../../../features/admissions/components/ApplicationPage.js';

/** /apply?token= (docs/decisions/0103-the-application-families-fill-in.md): the family's application. */
export default function AdmissionApplyRoute() {
  return <ApplicationPage />;
}
