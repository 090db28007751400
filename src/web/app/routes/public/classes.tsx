import { ScreenPlaceholder } from '../../../components/ui/ScreenPlaceholder.js';

/** Classes, /class (spec 2.4): the class cards with their facts. */
export default function ClassesRoute() {
  return <ScreenPlaceholder />;
}
