import { type RefObject, useEffect, useId, useState } from 'react';
import type { Media } from '../../../../shared/api/admin.js';
import { MAX_ALT_LENGTH, MEDIA_RULES } from '../../../../shared/api/admin.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { useUploadMedia } from '../api/media.js';
import type { PendingUpload } from '../lib/unsaved-work.js';

export const DESCRIBE_PICTURE = 'cms.upload.describe';

export interface UploadPictureProps {
  /** Called with the stored picture and the alt typed here. */
  onUploaded: (media: Media, alt: string) => void;
  /** Holds the upload of a chosen file while there is one, so that Save can run it first. */
  pendingUpload?: RefObject<PendingUpload | undefined>;
  /** Told whether a file is chosen and not yet uploaded. */
  onChosenChange?: (chosen: boolean) => void;
  /** The button's label ("Upload and add" unless given): in a record's form the picture is uploaded and added to the record. */
  actionLabel?: string;
}

/** Choose a file, see it before sending, describe it, upload it (POST admin/media). */
export function UploadPicture({
  onUploaded,
  pendingUpload,
  onChosenChange,
  actionLabel,
}: UploadPictureProps) {
  const { t } = useI18n();
  const id = useId();
  const [file, setFile] = useState<File | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadMedia();

  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  /** Checks and uploads the chosen file; throws with the reason when it cannot. */
  const uploadChosen = async (): Promise<{ image: string; alt: string }> => {
    if (!file) throw new Error(t('cms.upload.chooseFile'));
    if (file.size > MEDIA_RULES.maxBytes)
      throw new Error(t('cms.upload.tooLarge', { max: MEDIA_RULES.maxBytes / 1024 / 1024 }));
    const description = alt.trim();
    if (description === '') throw new Error(t(DESCRIBE_PICTURE));
    let media: Media;
    try {
      media = await upload.mutateAsync({ file, alt: description });
    } catch (failure) {
      throw new Error(isApiError(failure) ? failure.message : t('cms.upload.failed'));
    }
    onUploaded(media, description);
    setFile(undefined);
    setPreview(undefined);
    setAlt('');
    return { image: media.image, alt: description };
  };

  // The form's Save runs the upload of a file chosen here but not yet sent.
  useEffect(() => {
    if (!pendingUpload) return;
    pendingUpload.current = file ? uploadChosen : undefined;
  });
  useEffect(() => {
    if (pendingUpload) return () => (pendingUpload.current = undefined);
    return undefined;
  }, [pendingUpload]);
  useEffect(() => onChosenChange?.(file !== undefined), [file, onChosenChange]);

  const send = () => {
    setError(undefined);
    uploadChosen().catch((failure: Error) => setError(failure.message));
  };

  return (
    <div className="cms-upload">
      <div className="mb-2">
        <label htmlFor={`${id}-file`} className="form-label">
          {t('cms.upload.file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/*"
          className="form-control"
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setError(undefined);
          }}
        />
      </div>
      {preview ? (
        <img className="cms-upload__preview" src={preview} alt={t('cms.upload.previewAlt')} />
      ) : null}
      <div className="mb-2">
        <label htmlFor={`${id}-alt`} className="form-label">
          {t('cms.upload.alt')}
        </label>
        <input
          id={`${id}-alt`}
          className="form-control"
          maxLength={MAX_ALT_LENGTH}
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
        />
      </div>
      {error ? (
        <p className="text-danger small" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={upload.isPending}
        onClick={send}
      >
        {upload.isPending ? t('cms.upload.uploading') : (actionLabel ?? t('cms.upload.uploadAndAdd'))}
      </button>
    </div>
  );
}
