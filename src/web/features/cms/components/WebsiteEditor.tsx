import { useState } from 'react';
import { CONTENT_COLLECTION_NAMES, type ContentCollection } from '../../../../shared/api/content.js';
import type { Locale } from '../../../../shared/i18n/locales.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { useLeaveGuard } from '../../../lib/use-leave-guard.js';
import { useMedia } from '../api/media.js';
import { collectionTitleKey } from '../lib/labels.js';
import { LEAVE_TEXT, LEAVE_TITLE, UnsavedWorkContext } from '../lib/unsaved-work.js';
import { BackupCard } from './BackupCard.js';
import { CollectionPanel } from './CollectionPanel.js';
import { MediaLibrary } from './MediaLibrary.js';
import { SchoolSettingsPanel } from './SchoolSettingsPanel.js';

export const NOT_ALLOWED_MESSAGE = 'cms.editor.notAllowed';

type Section = ContentCollection | 'media' | 'school';

/**
 * The principal's site editor (docs/decisions/0006-media-and-content-editing.md): the school's settings, the
 * eleven collections and the media library.
 */
export function WebsiteEditor() {
  const { t } = useI18n();
  // The media list is the principal's alone: its 403 tells anyone else at once.
  const media = useMedia();
  const [section, setSection] = useState<Section>('home');
  const [unsaved, setUnsaved] = useState(false);
  // The language the principal writes the records in, kept from one collection to the next.
  const [language, setLanguage] = useState<Locale | undefined>();
  // Another section, asked for while a form held unsaved work: shown once the principal confirms.
  const [askedSection, setAskedSection] = useState<Section | undefined>();
  // Leaving the editor (a link, Back) or closing the tab with unsaved work asks first.
  const blocker = useLeaveGuard(unsaved);

  const openSection = (next: Section) => {
    if (next === section) return;
    if (unsaved) setAskedSection(next);
    else setSection(next);
  };

  if (isApiError(media.error) && media.error.status === 403) {
    return (
      <div className="container py-4">
        <p className="alert alert-info" role="alert">
          {t(NOT_ALLOWED_MESSAGE)}
        </p>
      </div>
    );
  }

  return (
    <div className="container py-4 cms">
      <div className="row g-4">
        <nav className="col-lg-3" aria-label={t('cms.editor.sections')}>
          <ul className="cms-nav list-unstyled">
            <li>
              <button
                type="button"
                className="cms-nav__link"
                aria-current={section === 'school' ? 'true' : undefined}
                onClick={() => openSection('school')}
              >
                {t('cms.editor.school')}
              </button>
            </li>
            {CONTENT_COLLECTION_NAMES.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="cms-nav__link"
                  aria-current={section === name ? 'true' : undefined}
                  onClick={() => openSection(name)}
                >
                  {t(collectionTitleKey(name))}
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="cms-nav__link"
                aria-current={section === 'media' ? 'true' : undefined}
                onClick={() => openSection('media')}
              >
                {t('cms.editor.media')}
              </button>
            </li>
          </ul>
        </nav>
        <div className="col-lg-9">
          <div className="cms-panel">
            <UnsavedWorkContext.Provider value={setUnsaved}>
              {section === 'media' ? (
                <MediaLibrary />
              ) : section === 'school' ? (
                <>
                  <SchoolSettingsPanel />
                  <BackupCard />
                </>
              ) : (
                <CollectionPanel
                  key={section}
                  collection={section}
                  language={language}
                  onLanguageChange={setLanguage}
                />
              )}
            </UnsavedWorkContext.Provider>
          </div>
        </div>
      </div>
      {blocker.state === 'blocked' || askedSection !== undefined ? (
        <ConfirmDialog
          title={t(LEAVE_TITLE)}
          confirmLabel={t('cms.editor.leaveLabel')}
          onConfirm={() => {
            if (askedSection !== undefined) {
              setUnsaved(false);
              setSection(askedSection);
              setAskedSection(undefined);
            } else blocker.proceed?.();
          }}
          onCancel={() => {
            setAskedSection(undefined);
            blocker.reset?.();
          }}
        >
          <p>{t(LEAVE_TEXT)}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
