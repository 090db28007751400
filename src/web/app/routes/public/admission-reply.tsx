import { OfferReplyPage } from '../../../features/admissions/components/OfferReplyPage.js';

/** /offer?token= (docs/decisions/0102-the-admissions-pipeline.md): a family's reply to an offer. */
export default function AdmissionReplyRoute() {
  return <OfferReplyPage />;
}
