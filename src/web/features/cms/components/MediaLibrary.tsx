import { useState } from 'react';
import { z } from 'zod';
import { type Media, MediaUseSchema } from '../../../../shared/api/admin.js';
import { isContentCollection } from '../../../../shared/api/content.js';
import { MEDIA_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import { LOGO_MEDIA_USE } from '../../../../shared/api/settings.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import { useDeleteMedia, useMediaLibrary } from '../api/media.js';
import { thumbnailUrl } from '../lib/image-url.js';
import { collectionTitleKey, formatBytesIn } from '../lib/labels.js';
import { UploadPicture } from './UploadPicture.js';

type MediaUse = { collection: string; id: number };

const useText = (t: Translator['t'], use: MediaUse) => {
  if (use.collection === LOGO_MEDIA_USE.collection && use.id === LOGO_MEDIA_USE.id)
    return t('cms.media.logoUse');
  const title = isContentCollection(use.collection) ? t(collectionTitleKey(use.collection)) : use.collection;
  return t('cms.media.recordUse', { title, id: String(use.id) });
};

const usesText = (t: Translator['t'], uses: readonly MediaUse[]) =>
  uses.map((use) => useText(t, use)).join(', ');

export const SITE_PICTURES_TITLE = 'cms.media.sitePicturesTitle';
export const SITE_PICTURES_NOTE = 'cms.media.sitePicturesNote';
export const UPLOADED_MESSAGE = 'cms.media.uploaded';

/**
 * The site's pictures (docs/decisions/0050-website-editor-without-traps.md): the uploads with their
 * size, use and delete (refused while used), an upload, and every other picture the site shows.
 */
export function MediaLibrary() {
  const { t, locale } = useI18n();
  const media = useMediaLibrary();
  const remove = useDeleteMedia();
  const [deleting, setDeleting] = useState<Media | undefined>();
  const [inUse, setInUse] = useState<string | undefined>();

  if (media.isPending) return <p>{t('cms.media.loading')}</p>;
  if (media.isError) return <p role="alert">{media.error.message}</p>;

  const { data: uploads, sitePictures } = media.data;
  return (
    <section aria-label={t('cms.media.title')}>
      <h2 className="h4">{t('cms.media.title')}</h2>
      <details className="mb-3">
        <summary className="btn btn-primary btn-sm">{t('cms.media.upload')}</summary>
        <UploadPicture
          actionLabel={t('cms.upload.upload')}
          onUploaded={() => notify.success(t(UPLOADED_MESSAGE))}
        />
      </details>
      <h3 className="h5">{t('cms.media.uploads')}</h3>
      {inUse ? (
        <div className="alert alert-warning" role="alert">
          {inUse}
        </div>
      ) : null}
      {uploads.length === 0 ? <p>{t('cms.media.noUploads')}</p> : null}
      <ul className="cms-media list-unstyled">
        {uploads.map((item) => (
          <li key={item.name} className="cms-media__item">
            <img src={thumbnailUrl(item.image)} alt={item.alt} className="cms-media__thumb" />
            <div className="small">
              <div className="fw-bold text-break">{item.originalName}</div>
              <div>
                {t('cms.media.size', {
                  width: String(item.width),
                  height: String(item.height),
                  size: formatBytesIn(t, locale, item.bytes),
                })}
              </div>
              <div>
                {item.usedBy.length > 0
                  ? t('cms.media.usedBy', { uses: usesText(t, item.usedBy) })
                  : t('cms.media.notUsed')}
              </div>
            </div>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              aria-label={t('cms.media.deleteLabel', { name: item.originalName })}
              onClick={() => {
                setInUse(undefined);
                setDeleting(item);
              }}
            >
              {t('cms.media.delete')}
            </button>
          </li>
        ))}
      </ul>
      {sitePictures.length > 0 ? (
        <>
          <h3 className="h5">{t(SITE_PICTURES_TITLE)}</h3>
          <p className="form-text">{t(SITE_PICTURES_NOTE)}</p>
          <ul className="cms-media list-unstyled">
            {sitePictures.map((item) => (
              <li key={item.image} className="cms-media__item">
                <img src={thumbnailUrl(item.image)} alt={item.alt} className="cms-media__thumb" />
                <div className="small">
                  <div className="fw-bold text-break">{item.image.split('/').at(-1)}</div>
                  <div>
                    {item.usedBy.length > 0
                      ? t('cms.media.usedBy', { uses: usesText(t, item.usedBy) })
                      : t('cms.media.notUsed')}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('cms.media.deleteTitle')}
          confirmLabel={t('cms.media.delete')}
          busy={remove.isPending}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() =>
            remove.mutate(deleting.name, {
              onSuccess: () => notify.success(t('cms.media.deleted')),
              onError: (error) => {
                if (isApiError(error) && error.code === MEDIA_ERROR_CODES.inUse) {
                  const uses = z.array(MediaUseSchema).safeParse(error.details);
                  setInUse(
                    t('cms.media.inUse', {
                      message: error.message,
                      uses: uses.success ? usesText(t, uses.data) : t('cms.media.someRecords'),
                    }),
                  );
                } else notify.error(isApiError(error) ? error.message : t('cms.media.notDeleted'));
              },
              onSettled: () => setDeleting(undefined),
            })
          }
        >
          <p>{t('cms.media.deleteText', { name: deleting.originalName })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
