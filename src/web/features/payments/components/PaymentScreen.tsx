import { Link } from 'react-router';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { schoolPaths } from '../../../config/school-paths.js';

export const PAYMENT_TITLE = 'Coming soon: tuition fee ledger';

/**
 * Payment, /payment (docs/contract/fixes-and-gaps.md#fix-5): the tuition fee ledger is later work; say so
 * kindly.
 */
export function PaymentScreen() {
  return (
    <SchoolPanel title={PAYMENT_TITLE} className="coming-soon">
      <p>
        Soon the school office will record tuition fees here: what each family has paid, what is due and when.
        Until then, please ask the school office about fees.
      </p>
      <Link to={schoolPaths.dashboard} className="btn btn-primary rounded-pill px-4">
        Back to the dashboard
      </Link>
    </SchoolPanel>
  );
}
