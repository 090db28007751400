import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import { TOAST_SETTINGS } from '../../../shared/constants.js';
import { useI18n } from '../../lib/i18n.js';

// What lib/toast.ts loads with the first toast: the library's toast function and, beside it, the
// region the layout shows it in (Toasts.tsx), one chunk.
export { toast } from 'react-toastify';

/** docs/contract/product.md#toast-settings: Alt+T moves focus to the notifications. */
const focusToastsHotKey = (event: KeyboardEvent): boolean => event.altKey && event.code === 'KeyT';

/**
 * The toasts' container with the settings of docs/contract/product.md#toast-settings, in the page's
 * language and direction.
 */
export function ToastRegion() {
  const { direction, t } = useI18n();
  const timerLabel = t('common.toast.timer');
  useEffect(() => {
    const container = document.querySelector('section.Toastify');
    if (!container) return;
    // react-toastify names each toast's progress bar "notification timer" in English whatever the
    // page's language, and offers no setting for it: each bar is renamed as it appears.
    const rename = () => {
      for (const bar of container.querySelectorAll('[role="progressbar"]')) {
        if (bar.getAttribute('aria-label') !== timerLabel) bar.setAttribute('aria-label', timerLabel);
      }
    };
    const observer = new MutationObserver(rename);
    observer.observe(container, { childList: true, subtree: true });
    rename();
    return () => observer.disconnect();
  }, [timerLabel]);
  // Right to left, the toasts read from the right and stand in the mirrored corner (top-left).
  const rtl = direction === 'rtl';
  return (
    <ToastContainer
      {...TOAST_SETTINGS}
      position={rtl ? 'top-left' : TOAST_SETTINGS.position}
      rtl={rtl}
      hotKeys={focusToastsHotKey}
      aria-label={t('common.toast.region')}
      // The library's own button says "close" in English; this one says it in the page's language.
      closeButton={({ closeToast, theme }) => (
        <button
          type="button"
          className={`Toastify__close-button Toastify__close-button--${theme}`}
          aria-label={t('common.toast.close')}
          onClick={(event) => {
            event.stopPropagation();
            closeToast(true);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 14 16">
            <path
              fillRule="evenodd"
              d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
            />
          </svg>
        </button>
      )}
    />
  );
}
