import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

export interface ConfirmDialogProps {
  /** For a dialog that stays mounted; one rendered only while asked may leave it out. */
  open?: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` for what cannot be undone. */
  tone?: 'danger' | 'primary';
  /** While the action runs: buttons disabled, Escape ignored. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Each tone's button class, spelt whole so the build's CSS cut sees it (scripts/bootstrap-used-only.mjs). */
const TONE_BUTTON = { danger: 'btn-danger', primary: 'btn-primary' } as const;

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal question (instead of window.confirm): focus moves to Cancel, stays inside the dialog
 * (Tab wraps), Escape or a click on the backdrop cancels, and focus returns where it was.
 */
export function ConfirmDialog({
  open = true,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ids = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    document.body.classList.add('modal-open');
    return () => {
      document.body.classList.remove('modal-open');
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
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
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only catches clicks beside the dialog; Escape and the buttons are the keyboard's way out. */}
      <div
        className="modal fade show d-block confirm-dialog"
        onMouseDown={(event) => {
          if (event.target === event.currentTarget && !busy) onCancel();
        }}
      >
        <div
          ref={dialog}
          className="modal-dialog modal-dialog-centered"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby={`${ids}-title`}
          aria-describedby={`${ids}-body`}
          onKeyDown={onKeyDown}
        >
          <div className="modal-content">
            <div className="modal-header">
              <h2 id={`${ids}-title`} className="modal-title h4">
                {title}
              </h2>
            </div>
            <div id={`${ids}-body`} className="modal-body">
              {children}
            </div>
            <div className="modal-footer">
              <button
                ref={cancel}
                type="button"
                className="btn btn-outline-secondary rounded-pill px-4"
                onClick={onCancel}
                disabled={busy}
              >
                {cancelLabel}
              </button>
              <button
                type="button"
                className={`btn ${TONE_BUTTON[tone]} rounded-pill px-4`}
                onClick={onConfirm}
                disabled={busy}
              >
                {busy ? 'Please wait…' : confirmLabel}
              </button>
            </div>
          </div>
        </div>
      </div>
    </>,
    document.body,
  );
}
