import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A fees form opened over the row whose button asked for it (record a payment, a discount, a
 * reason), as components/ui/ConfirmDialog.tsx does for a question: focus moves to the form's first
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
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    document.body.classList.add('modal-open');
    return () => {
      document.body.classList.remove('modal-open');
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <>
      <div className="modal-backdrop fade show" />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only catches clicks beside the dialog; Escape and Close are the keyboard's way out. */}
      <div
        className="modal fade show d-block fee-dialog"
        onMouseDown={(event) => {
          if (event.target === event.currentTarget && !busy) onClose();
        }}
      >
        <div
          ref={dialog}
          className="modal-dialog modal-dialog-centered modal-lg"
          role="dialog"
          aria-modal="true"
          aria-labelledby={labelledBy}
          onKeyDown={onKeyDown}
        >
          <div className="modal-content">
            <div className="modal-body">{children}</div>
          </div>
        </div>
      </div>
    </>,
    document.body,
  );
}
