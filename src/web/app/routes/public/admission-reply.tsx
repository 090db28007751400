import { OfferReplyPage } from '../../../features/admissions/components/OfferReplyPage.js';

/** /admissions/reply?token= (docs/decisions/0102-the-admissions-pipeline.md): a family's reply to an offer. */
export default function AdmissionReplyRoute() {
  return <OfferReplyPage />;
}
