import { type FormEvent, useId, useRef, useState } from 'react';
import type { TaggableChild } from '../../../../shared/api/photo-moments.js';
import { PHOTO_MOMENT_RULES } from '../../../../shared/api/photo-moments.js';
import { LoadingState } from '../../../components/school/QueryState.js';
import type { MessageKey } from '../../../lib/i18n.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import { useTaggableChildren } from '../api/get-taggable-children.js';
import { usePostMoment } from '../api/post-moment.js';

type Problem = 'photos' | 'caption' | 'children' | 'confirm';
const PROBLEM_TEXT: Record<Problem, MessageKey> = {
  photos: 'photo-moments.post.choosePhotos',
  caption: 'photo-moments.post.writeCaption',
  children: 'photo-moments.post.tagChildren',
  confirm: 'photo-moments.post.confirmTagged',
};

/** The children by class, in the server's order (class, then name). */
function byClass(children: readonly TaggableChild[]): [string, TaggableChild[]][] {
  const groups = new Map<string, TaggableChild[]>();
  for (const child of children) groups.set(child.className, [...(groups.get(child.className) ?? []), child]);
  return [...groups];
}

/**
 * A teacher's (or the principal's) new moment: 1 to 10 photos, a caption, the children in them
 * (their classes' children) and the confirmation that everyone visible is tagged
 * (docs/decisions/0079-photo-consent.md). What is missing is said beside its field; the server's
 * refusal above the button.
 */
export function PostMomentForm() {
  const { t } = useI18n();
  const id = useId();
  const children = useTaggableChildren();
  const post = usePostMoment();
  const fileInput = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [caption, setCaption] = useState('');
  const [tagged, setTagged] = useState<ReadonlySet<number>>(new Set());
  const [confirmed, setConfirmed] = useState(false);
  const [problems, setProblems] = useState<ReadonlySet<Problem>>(new Set());

  const toggle = (childId: number) =>
    setTagged((now) => {
      const next = new Set(now);
      if (next.has(childId)) next.delete(childId);
      else next.add(childId);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = new Set<Problem>();
    if (photos.length < 1 || photos.length > PHOTO_MOMENT_RULES.maxPhotos) found.add('photos');
    if (caption.trim() === '') found.add('caption');
    if (tagged.size === 0) found.add('children');
    if (!confirmed) found.add('confirm');
    setProblems(found);
    if (found.size > 0) return;
    post.mutate(
      { caption: caption.trim(), children: [...tagged], photos },
      {
        onSuccess: () => {
          notify.success(t('photo-moments.post.posted'));
          setPhotos([]);
          setCaption('');
          setTagged(new Set());
          setConfirmed(false);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  const problem = (name: Problem) =>
    problems.has(name) ? (
      <p id={`${id}-${name}-error`} className="invalid-feedback d-block">
        {t(PROBLEM_TEXT[name])}
      </p>
    ) : null;
  const described = (name: Problem) => (problems.has(name) ? `${id}-${name}-error` : undefined);

  return (
    <form className="moment-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="moment-form__title">
        {t('photo-moments.post.title')}
      </h3>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-photos`}>
          {t('photo-moments.post.photos')}
        </label>
        <input
          ref={fileInput}
          id={`${id}-photos`}
          type="file"
          accept="image/*"
          multiple
          className={`form-control${problems.has('photos') ? ' is-invalid' : ''}`}
          aria-describedby={[`${id}-photos-hint`, described('photos')].filter(Boolean).join(' ')}
          aria-invalid={problems.has('photos') || undefined}
          onChange={(event) => setPhotos([...(event.currentTarget.files ?? [])])}
        />
        <p id={`${id}-photos-hint`} className="form-text">
          {t('photo-moments.post.photosHint')}
          {photos.length > 0 ? ` ${t('photo-moments.post.chosen', { count: photos.length })}` : ''}
        </p>
        {problem('photos')}
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-caption`}>
          {t('photo-moments.post.caption')}
        </label>
        <textarea
          id={`${id}-caption`}
          className={`form-control${problems.has('caption') ? ' is-invalid' : ''}`}
          rows={2}
          maxLength={PHOTO_MOMENT_RULES.captionMax}
          value={caption}
          aria-describedby={described('caption')}
          aria-invalid={problems.has('caption') || undefined}
          onChange={(event) => setCaption(event.currentTarget.value)}
        />
        {problem('caption')}
      </div>
      <fieldset className="mb-3 moment-form__children" aria-describedby={described('children')}>
        <legend className="form-label fs-6">{t('photo-moments.post.children')}</legend>
        {children.isPending ? <LoadingState /> : null}
        {children.data?.length === 0 ? <p>{t('photo-moments.post.noChildren')}</p> : null}
        {byClass(children.data ?? []).map(([className, group]) => (
          <div key={className} className="moment-form__class">
            <p className="moment-form__class-name">{className}</p>
            <ul className="moment-form__chips">
              {group.map((child) => (
                <li key={child.id}>
                  <input
                    id={`${id}-child-${child.id}`}
                    type="checkbox"
                    className="btn-check"
                    checked={tagged.has(child.id)}
                    onChange={() => toggle(child.id)}
                  />
                  <label className="btn btn-outline-primary rounded-pill" htmlFor={`${id}-child-${child.id}`}>
                    {child.name}
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {problem('children')}
      </fieldset>
      <div className="form-check mb-3">
        <input
          id={`${id}-confirm`}
          type="checkbox"
          className={`form-check-input${problems.has('confirm') ? ' is-invalid' : ''}`}
          checked={confirmed}
          aria-describedby={described('confirm')}
          aria-invalid={problems.has('confirm') || undefined}
          onChange={(event) => setConfirmed(event.currentTarget.checked)}
        />
        <label className="form-check-label" htmlFor={`${id}-confirm`}>
          {t('photo-moments.post.confirm')}
        </label>
        {problem('confirm')}
      </div>
      {post.isError ? (
        <p className="alert alert-danger" role="alert">
          {post.error.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-lg rounded-pill px-5" disabled={post.isPending}>
        {post.isPending ? t('photo-moments.post.posting') : t('photo-moments.post.submit')}
      </button>
    </form>
  );
}
