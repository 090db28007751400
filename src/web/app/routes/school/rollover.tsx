import { RolloverScreen } from '../../../features/rollover/components/RolloverScreen.js';

/** New school year (docs/decisions/0091-the-year-rollover.md): map the classes, preview, run once. */
export default function RolloverRoute() {
  return <RolloverScreen />;
}
