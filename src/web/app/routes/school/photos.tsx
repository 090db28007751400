import { PhotoMomentsScreen } from '../../../features/photo-moments/components/PhotoMomentsScreen.js';

/** Photos (docs/decisions/0079-photo-consent.md): staff share moments, families see those consent allows. */
export default function PhotosRoute() {
  return <PhotoMomentsScreen />;
}
