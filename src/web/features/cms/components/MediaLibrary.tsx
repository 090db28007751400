import { useState } from 'react';
import { z } from 'zod';
import { type Media, MediaUseSchema } from '../../../../shared/api/admin.js';
import { CONTENT_COLLECTIONS, isContentCollection } from '../../../../shared/api/content.js';
import { MEDIA_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import { LOGO_MEDIA_USE } from '../../../../shared/api/settings.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { notify } from '../../../lib/toast.js';
import { useDeleteMedia, useMedia } from '../api/media.js';
import { formatBytes, thumbnailUrl } from '../lib/image-url.js';

const useText = (use: { collection: string; id: number }) => {
  if (use.collection === LOGO_MEDIA_USE.collection && use.id === LOGO_MEDIA_USE.id) return 'School logo';
  return isContentCollection(use.collection)
    ? `${CONTENT_COLLECTIONS[use.collection].title} #${use.id}`
    : `${use.collection} #${use.id}`;
};

const usesText = (uses: readonly { collection: string; id: number }[]) => uses.map(useText).join(', ');

/** The uploaded pictures: thumbnail, size, where used, delete (refused while used). */
export function MediaLibrary() {
  const media = useMedia();
  const remove = useDeleteMedia();
  const [deleting, setDeleting] = useState<Media | undefined>();
  const [inUse, setInUse] = useState<string | undefined>();

  if (media.isPending) return <p>Loading the pictures…</p>;
  if (media.isError) return <p role="alert">{media.error.message}</p>;

  return (
    <section aria-label="Media library">
      <h2 className="h4">Media library</h2>
      {inUse ? (
        <div className="alert alert-warning" role="alert">
          {inUse}
        </div>
      ) : null}
      {media.data.length === 0 ? <p>No pictures uploaded yet.</p> : null}
      <ul className="cms-media list-unstyled">
        {media.data.map((item) => (
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
