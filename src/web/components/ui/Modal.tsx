import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/** What Tab may reach inside a modal. */
const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** `alertdialog` for a question that interrupts (ConfirmDialog), `dialog` for a form. */
  role?: 'dialog' | 'alertdialog';
  /** Where focus starts; the first focusable element when left out. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While the dialog's call runs: Escape and the backdrop do not close it. */
  busy?: boolean;
  onClose: () => void;
  /** Classes of the outer `.modal` (a name for styles and tests) and of `.modal-dialog` (its size). */
  className?: string;
  dialogClassName?: string;
  /** The `.modal-content`. */
  children: ReactNode;
}

/**
 * The frame every modal of ours shares, so that each keeps the same promises: it is put over the
 * page (portal and backdrop; the page behind does not scroll), focus moves in, stays inside (Tab
 * wraps), Escape or a click beside it closes it, and focus returns to what had it before.
 */
export function Modal({
  labelledBy,
  describedBy,
  role = 'dialog',
  initialFocus,
  busy = false,
  onClose,
  className = '',
  dialogClassName = '',
  children,
}: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening; the element to focus is read then.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? dialog.current?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
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
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only catches clicks beside the dialog; Escape and the dialog's buttons are the keyboard's way out. */}
      <div
        className={`modal fade show d-block ${className}`.trim()}
        onMouseDown={(event) => {
          if (event.target === event.currentTarget && !busy) onClose();
        }}
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the role is dialog or alertdialog, given by a prop. */}
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, given by a prop. */}
        <div
          ref={dialog}
          className={`modal-dialog modal-dialog-centered ${dialogClassName}`.trim()}
          role={role}
          aria-modal="true"
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          onKeyDown={onKeyDown}
        >
          {children}
        </div>
      </div>
    </>,
    document.body,
  );
}
