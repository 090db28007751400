import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Contact (spec 2.4): the contact form and the school's details. */
export default function ContactRoute() {
  return <ScreenPlaceholder />;
}
