import { RetentionScreen } from '../../../features/retention/components/RetentionScreen.js';

/** How long records are kept, and erasure (docs/decisions/0110-retention-and-erasure.md). */
export default function RetentionRoute() {
  return <RetentionScreen />;
}
