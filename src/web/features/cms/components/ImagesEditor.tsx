import { type RefObject, useState } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import type { ContentCollection } from '../../../../shared/api/content.js';
import { GALLERY_CATEGORIES } from '../../../../shared/constants.js';
import { useI18n } from '../../../lib/i18n.js';
import { useMediaLibrary } from '../api/media.js';
import type { EditorValues } from '../lib/form-values.js';
import { thumbnailUrl } from '../lib/image-url.js';
import type { PendingUpload } from '../lib/unsaved-work.js';
import { type PictureSource, PictureSourceButton } from './PictureSourceButton.js';
import { UploadPicture } from './UploadPicture.js';

export interface ImagesEditorProps {
  collection: ContentCollection;
  control: Control<EditorValues>;
  register: UseFormRegister<EditorValues>;
  errors: FieldErrors<EditorValues>;
  /** How many pictures the page shows, from the first (Infinity: all). */
  shown?: number;
  /** See UploadPicture: a chosen picture the form uploads before it saves. */
  pendingUpload?: RefObject<PendingUpload | undefined>;
  onChosenChange?: (chosen: boolean) => void;
}

/** What the form says when the page shows only the first picture(s) of a record. */
export const PICTURES_SHOWN = 'cms.images.shown';
export const NOT_SHOWN_PICTURE = 'cms.images.notShown';

/**
 * The media library's pictures as buttons, the uploads first, then the site's other pictures (the
 * demo's); a click picks one (its largest file and its alt).
 */
export function LibraryPicker({ onPick }: { onPick: (image: string, alt: string) => void }) {
  const { t } = useI18n();
  const media = useMediaLibrary();
  if (media.isPending) return <p>{t('cms.images.loading')}</p>;
  if (media.isError) return <p role="alert">{media.error.message}</p>;
  const pictures = [
    ...media.data.data.map((item) => ({
      image: item.image,
      alt: item.alt,
      name: item.alt || item.originalName,
    })),
    ...media.data.sitePictures.map((item) => ({
      image: item.image,
      alt: item.alt,
      name: item.alt || item.image,
    })),
  ];
  if (pictures.length === 0) return <p>{t('cms.images.noUploads')}</p>;
  return (
    <ul className="cms-library-pick list-unstyled">
      {pictures.map((item) => (
        <li key={item.image}>
          <button
            type="button"
            className="cms-library-pick__button"
            onClick={() => onPick(item.image, item.alt)}
          >
            <img src={thumbnailUrl(item.image)} alt="" />
            <span>{item.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The pictures of a record: alt (and category in the gallery) each, add by upload or from the library, remove. */
export function ImagesEditor({
  collection,
  control,
  register,
  errors,
  shown = Number.POSITIVE_INFINITY,
  pendingUpload,
  onChosenChange,
}: ImagesEditorProps) {
  const { t } = useI18n();
  const { fields, append, remove } = useFieldArray({ control, name: 'images' });
  const [adding, setAdding] = useState<PictureSource | undefined>();
  const gallery = collection === 'gallery';
  const add = (image: string, alt: string) => {
    append(gallery ? { image, alt, category: '' } : { image, alt });
    setAdding(undefined);
  };

  return (
    <fieldset className="cms-images mb-3">
      <legend className="form-label fs-6">{t('cms.images.legend')}</legend>
      {Number.isFinite(shown) ? (
        <p className="form-text mt-0">{t(PICTURES_SHOWN, { count: shown })}</p>
      ) : null}
      {fields.length === 0 ? <p className="text-body-secondary small">{t('cms.images.none')}</p> : null}
      <ul className="list-unstyled">
        {fields.map((field, index) => {
          const error = errors.images?.[index];
          const altId = `image-${field.id}-alt`;
          const categoryId = `image-${field.id}-category`;
          return (
            <li key={field.id} className="cms-images__row">
              <img className="cms-images__thumb" src={thumbnailUrl(field.image)} alt="" />
              <div className="flex-grow-1">
                {index >= shown ? <p className="small text-danger mb-1">{t(NOT_SHOWN_PICTURE)}</p> : null}
                <label htmlFor={altId} className="form-label small">
                  {t('cms.images.alt', { number: index + 1 })}
                </label>
                <input
                  id={altId}
                  className={`form-control form-control-sm${error?.alt ? ' is-invalid' : ''}`}
                  aria-invalid={error?.alt ? true : undefined}
                  {...register(`images.${index}.alt`)}
                />
                {error?.alt ? <div className="invalid-feedback">{error.alt.message}</div> : null}
                {error?.image ? <div className="text-danger small">{error.image.message}</div> : null}
                {gallery ? (
                  <>
                    <label htmlFor={categoryId} className="form-label small mt-1">
                      {t('cms.images.category', { number: index + 1 })}
                    </label>
                    <select
                      id={categoryId}
                      className={`form-select form-select-sm${error?.category ? ' is-invalid' : ''}`}
                      {...register(`images.${index}.category`)}
                    >
                      <option value="">{t('cms.images.choose')}</option>
                      {GALLERY_CATEGORIES.map((category) => (
                        <option key={category} value={category}>
                          {t(`common.galleryCategory.${category}`)}
                        </option>
                      ))}
                    </select>
                    {error?.category ? (
                      <div className="invalid-feedback">{error.category.message}</div>
                    ) : null}
                  </>
                ) : null}
              </div>
              <button
                type="button"
                className="btn btn-outline-danger btn-sm align-self-start"
                onClick={() => remove(index)}
              >
                {t('cms.images.remove', { number: index + 1 })}
              </button>
            </li>
          );
        })}
      </ul>
      {errors.images?.message ? <p className="text-danger small">{errors.images.message}</p> : null}
      <div className="d-flex gap-2 flex-wrap">
        <PictureSourceButton source="upload" open={adding} onToggle={setAdding}>
          {t('cms.images.upload')}
        </PictureSourceButton>
        <PictureSourceButton source="library" open={adding} onToggle={setAdding}>
          {t('cms.images.fromLibrary')}
        </PictureSourceButton>
      </div>
      {adding === 'upload' ? (
        <UploadPicture
          onUploaded={(media, alt) => add(media.image, alt)}
          pendingUpload={pendingUpload}
          onChosenChange={onChosenChange}
        />
      ) : null}
      {adding === 'library' ? <LibraryPicker onPick={add} /> : null}
    </fieldset>
  );
}
