import { useEffect, useId, useState } from 'react';
import type { Media } from '../../../../shared/api/admin.js';
import { MAX_ALT_LENGTH, MEDIA_MESSAGES, MEDIA_RULES } from '../../../../shared/api/admin.js';
import { isApiError } from '../../../lib/api-client.js';
import { useUploadMedia } from '../api/media.js';

export interface UploadPictureProps {
  /** Called with the stored picture and the alt typed here. */
  onUploaded: (media: Media, alt: string) => void;
}

/** Choose a file, see it before sending, describe it, upload it (POST admin/media). */
export function UploadPicture({ onUploaded }: UploadPictureProps) {
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

  const send = () => {
    if (!file) return setError(MEDIA_MESSAGES.chooseFile);
    if (file.size > MEDIA_RULES.maxBytes) return setError(MEDIA_MESSAGES.tooLarge);
    if (alt.trim() === '') return setError('Please describe the picture (alt text)');
    setError(undefined);
    upload.mutate(
      { file, alt: alt.trim() },
      {
        onSuccess: (media) => {
          onUploaded(media, alt.trim());
          setFile(undefined);
          setPreview(undefined);
          setAlt('');
        },
        onError: (failure) => setError(isApiError(failure) ? failure.message : 'The upload failed.'),
      },
    );
  };

  return (
    <div className="cms-upload">
      <div className="mb-2">
        <label htmlFor={`${id}-file`} className="form-label">
          Picture file
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
        <img className="cms-upload__preview" src={preview} alt="Preview of the chosen file" />
      ) : null}
      <div className="mb-2">
        <label htmlFor={`${id}-alt`} className="form-label">
          Description (alt text)
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
        {upload.isPending ? 'Uploading…' : 'Upload and add'}
      </button>
    </div>
  );
}
