import { useState } from 'react';
import { z } from 'zod';
import { type Media, MediaUseSchema } from '../../../../shared/api/admin.js';
import { CONTENT_COLLECTIONS, isContentCollection } from '../../../../shared/api/content.js';
import { MEDIA_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import { LOGO_MEDIA_USE } from '../../../../shared/api/settings.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { notify } from '../../../lib/toast.js';
import { useDeleteMedia, useMediaLibrary } from '../api/media.js';
import { formatBytes, thumbnailUrl } from '../lib/image-url.js';
import { UploadPicture } from './UploadPicture.js';

const useText = (use: { collection: string; id: number }) => {
  if (use.collection === LOGO_MEDIA_USE.collection && use.id === LOGO_MEDIA_USE.id) return 'School logo';
  return isContentCollection(use.collection)
    ? `${CONTENT_COLLECTIONS[use.collection].title} #${use.id}`
    : `${use.collection} #${use.id}`;
};

const usesText = (uses: readonly { collection: string; id: number }[]) => uses.map(useText).join(', ');

export const SITE_PICTURES_TITLE = 'Pictures that came with the site';
export const SITE_PICTURES_NOTE =
  'The app brought these (the demo’s pictures). Give them to any record; to take one off the site, give its records another picture.';
export const UPLOADED_MESSAGE = 'Picture uploaded. Give it to a record with “Choose from the library”.';

/**
 * The site's pictures (docs/decisions/0050-website-editor-without-traps.md): the uploads with their
 * size, use and delete (refused while used), an upload, and every other picture the site shows.
 */
export function MediaLibrary() {
  const media = useMediaLibrary();
  const remove = useDeleteMedia();
  const [deleting, setDeleting] = useState<Media | undefined>();
  const [inUse, setInUse] = useState<string | undefined>();

  if (media.isPending) return <p>Loading the pictures…</p>;
  if (media.isError) return <p role="alert">{media.error.message}</p>;

  const { data: uploads, sitePictures } = media.data;
  return (
    <section aria-label="Media library">
      <h2 className="h4">Media library</h2>
      <details className="mb-3">
        <summary className="btn btn-primary btn-sm">Upload a picture</summary>
        <UploadPicture actionLabel="Upload" onUploaded={() => notify.success(UPLOADED_MESSAGE)} />
      </details>
      <h3 className="h5">Uploaded pictures</h3>
      {inUse ? (
        <div className="alert alert-warning" role="alert">
          {inUse}
        </div>
      ) : null}
      {uploads.length === 0 ? <p>No pictures uploaded yet.</p> : null}
      <ul className="cms-media list-unstyled">
        {uploads.map((item) => (
          <li key={item.name} className="cms-media__item">
            <img src={thumbnailUrl(item.image)} alt={item.alt} className="cms-media__thumb" />
            <div className="small">
              <div className="fw-bold text-break">{item.originalName}</div>
              <div>
                {item.width} × {item.height}, {formatBytes(item.bytes)}
              </div>
              <div>{item.usedBy.length > 0 ? `Used by ${usesText(item.usedBy)}` : 'Not used'}</div>
            </div>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              aria-label={`Delete picture ${item.originalName}`}
              onClick={() => {
                setInUse(undefined);
                setDeleting(item);
              }}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {sitePictures.length > 0 ? (
        <>
          <h3 className="h5">{SITE_PICTURES_TITLE}</h3>
          <p className="form-text">{SITE_PICTURES_NOTE}</p>
          <ul className="cms-media list-unstyled">
            {sitePictures.map((item) => (
              <li key={item.image} className="cms-media__item">
                <img src={thumbnailUrl(item.image)} alt={item.alt} className="cms-media__thumb" />
                <div className="small">
                  <div className="fw-bold text-break">{item.image.split('/').at(-1)}</div>
                  <div>{item.usedBy.length > 0 ? `Used by ${usesText(item.usedBy)}` : 'Not used'}</div>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete this picture?"
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() =>
            remove.mutate(deleting.name, {
              onSuccess: () => notify.success('Picture deleted.'),
              onError: (error) => {
                if (isApiError(error) && error.code === MEDIA_ERROR_CODES.inUse) {
                  const uses = z.array(MediaUseSchema).safeParse(error.details);
                  setInUse(
                    `${error.message} Used by: ${uses.success ? usesText(uses.data) : 'some records'}.`,
                  );
                } else notify.error(isApiError(error) ? error.message : 'The picture was not deleted.');
              },
              onSettled: () => setDeleting(undefined),
            })
          }
        >
          <p>“{deleting.originalName}” is removed in all its sizes.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
