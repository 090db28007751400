import { useEffect, useRef } from 'react';
import { useI18n } from '../../../lib/i18n.js';

export const PREVIEW_HEADING = 'cms.preview.heading';

export interface RecordPreviewProps {
  /** The page's HTML as the server rendered it with the draft. */
  html: string;
  /** The page's address, for the frame's name (`/about`). */
  page: string;
  onClose: () => void;
}

/**
 * The public page with the unsaved draft (docs/decisions/0050-website-editor-without-traps.md), framed
 * under the form. The frame runs no script (`sandbox` without allow-scripts): the page's islands would
 * load the saved content over the draft. Same origin, so that it gets the site's pictures and styles.
 */
export function RecordPreview({ html, page, onClose }: RecordPreviewProps) {
  const { t } = useI18n();
  const section = useRef<HTMLElement>(null);
  // A new preview is where the principal looks next.
  useEffect(() => {
    if (html) section.current?.scrollIntoView?.({ block: 'nearest' });
  }, [html]);
  return (
    <section ref={section} className="cms-preview" aria-label={t('cms.preview.label')}>
      <div className="cms-preview__bar">
        <h3 className="h6 mb-0">{t(PREVIEW_HEADING)}</h3>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
          {t('cms.preview.close')}
        </button>
      </div>
      <iframe
        className="cms-preview__frame"
        title={t('cms.preview.frame', { page })}
        srcDoc={html}
        sandbox="allow-same-origin"
      />
    </section>
  );
}
