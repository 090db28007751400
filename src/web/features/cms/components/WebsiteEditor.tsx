import { useState } from 'react';
import {
  CONTENT_COLLECTION_NAMES,
  CONTENT_COLLECTIONS,
  type ContentCollection,
} from '../../../../shared/api/content.js';
import { isApiError } from '../../../lib/api-client.js';
import { useMedia } from '../api/media.js';
import { CollectionPanel } from './CollectionPanel.js';
import { MediaLibrary } from './MediaLibrary.js';

export const NOT_ALLOWED_MESSAGE = 'Only the principal can edit the website.';

type Section = ContentCollection | 'media';

/** The principal's site editor (issue #6): the eleven collections and the media library. */
export function WebsiteEditor() {
  // The media list is the principal's alone: its 403 tells anyone else at once.
  const media = useMedia();
  const [section, setSection] = useState<Section>('home');

  if (isApiError(media.error) && media.error.status === 403) {
    return (
      <div className="container py-4">
        <p className="alert alert-info" role="alert">
          {NOT_ALLOWED_MESSAGE}
        </p>
      </div>
    );
  }

  return (
    <div className="container py-4 cms">
      <div className="row g-4">
        <nav className="col-lg-3" aria-label="Website sections">
          <ul className="cms-nav list-unstyled">
            {CONTENT_COLLECTION_NAMES.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="cms-nav__link"
                  aria-current={section === name ? 'true' : undefined}
                  onClick={() => setSection(name)}
                >
                  {CONTENT_COLLECTIONS[name].title}
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="cms-nav__link"
                aria-current={section === 'media' ? 'true' : undefined}
                onClick={() => setSection('media')}
              >
                Media library
              </button>
            </li>
          </ul>
        </nav>
        <div className="col-lg-9">
          <div className="cms-panel">
            {section === 'media' ? <MediaLibrary /> : <CollectionPanel key={section} collection={section} />}
          </div>
        </div>
      </div>
    </div>
  );
}
