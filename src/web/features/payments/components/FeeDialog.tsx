import type { ReactNode } from 'react';
import { Modal } from '../../../components/ui/Modal.js';

/**
 * A fees form opened over the row whose button asked for it (record a payment, a discount, a
 * reason), in the frame every modal shares (components/ui/Modal.tsx): focus moves to the form's first
 * field, stays inside (Tab wraps), Escape or a click beside it closes it, and focus returns to the
 * button that opened it. The form inside names the dialog (`labelledBy`, its heading's id).
 */
export function FeeDialog({
  labelledBy,
  busy = false,
  onClose,
  children,
}: {
  labelledBy: string;
  /** While the form's call runs: Escape and the backdrop do not close it. */
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      labelledBy={labelledBy}
      busy={busy}
      onClose={onClose}
      className="fee-dialog"
      dialogClassName="modal-lg"
    >
      <div className="modal-content">
        <div className="modal-body">{children}</div>
      </div>
    </Modal>
  );
}
