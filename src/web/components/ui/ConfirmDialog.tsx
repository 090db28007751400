import { type ReactNode, useId, useRef } from 'react';
import { useI18n } from '../../lib/i18n.js';
import { Modal } from './Modal.js';

export interface ConfirmDialogProps {
  /** For a dialog that stays mounted; one rendered only while asked may leave it out. */
  open?: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** "Cancel" in the page's language unless given. */
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

/**
 * A modal question (instead of window.confirm): focus moves to Cancel, stays inside the dialog
 * (Tab wraps), Escape or a click on the backdrop cancels, and focus returns where it was.
 */
export function ConfirmDialog({
  open = true,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useI18n();
  const ids = useId();
  const cancel = useRef<HTMLButtonElement>(null);

  if (!open) return null;

  return (
    <Modal
      role="alertdialog"
      labelledBy={`${ids}-title`}
      describedBy={`${ids}-body`}
      initialFocus={cancel}
      busy={busy}
      onClose={onCancel}
      className="confirm-dialog"
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
            {cancelLabel ?? t('cms.ui.cancel')}
          </button>
          <button
            type="button"
            className={`btn ${TONE_BUTTON[tone]} rounded-pill px-4`}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy ? t('cms.ui.pleaseWait') : confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
