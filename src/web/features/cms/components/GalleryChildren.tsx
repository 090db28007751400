import { type FormEvent, useId, useMemo, useState } from 'react';
import { LoadingState } from '../../../components/school/QueryState.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import {
  type GalleryTags,
  useGalleryChildren,
  useSaveGalleryChildren,
  useTaggablePupils,
} from '../api/gallery-children.js';

type Pupil = { id: number; name: string; className: string };

/** The pupils by class, in the server's order. */
function byClass(pupils: readonly Pupil[]): [string, Pupil[]][] {
  const groups = new Map<string, Pupil[]>();
  for (const pupil of pupils) groups.set(pupil.className, [...(groups.get(pupil.className) ?? []), pupil]);
  return [...groups];
}

function TagsForm({
  recordId,
  tags,
  pupils,
}: {
  recordId: number;
  tags: GalleryTags;
  pupils: readonly Pupil[];
}) {
  const { t } = useI18n();
  const id = useId();
  const save = useSaveGalleryChildren(recordId);
  const [chosen, setChosen] = useState<ReadonlyMap<string, ReadonlySet<number>>>(
    () => new Map(tags.map((tag) => [tag.image, new Set(tag.children.map((child) => child.id))])),
  );
  const classes = useMemo(() => byClass(pupils), [pupils]);
  const toggle = (image: string, pupil: number) =>
    setChosen((now) => {
      const next = new Map(now);
      const set = new Set(next.get(image) ?? []);
      if (set.has(pupil)) set.delete(pupil);
      else set.add(pupil);
      next.set(image, set);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      tags.map((tag) => ({ image: tag.image, children: [...(chosen.get(tag.image) ?? [])] })),
      { onSuccess: () => notify.success(t('photo-moments.gallery.saved')) },
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="gallery-children mt-4">
      <h3 id={`${id}-title`} className="h5">
        {t('photo-moments.gallery.title')}
      </h3>
      <p className="text-body-secondary">{t('photo-moments.gallery.lead')}</p>
      {tags.map((tag, index) => {
        const count = chosen.get(tag.image)?.size ?? 0;
        return (
          <details key={tag.image} className="mb-2">
            <summary className="py-2">
              {t('photo-moments.gallery.picture', { n: index + 1, image: tag.image.split('/').pop() ?? '' })}{' '}
              <span className="text-body-secondary">({t('photo-moments.gallery.tagged', { count })})</span>
            </summary>
            <fieldset className="ps-3">
              <legend className="visually-hidden">
                {t('photo-moments.gallery.picture', {
                  n: index + 1,
                  image: tag.image.split('/').pop() ?? '',
                })}
              </legend>
              {classes.map(([className, group]) => (
                <div key={className} className="mb-2">
                  <p className="fw-bold mb-1">{className}</p>
                  {group.map((pupil) => (
                    <div key={pupil.id} className="form-check form-check-inline">
                      <input
                        id={`${id}-${index}-${pupil.id}`}
                        type="checkbox"
                        className="form-check-input"
                        checked={chosen.get(tag.image)?.has(pupil.id) ?? false}
                        onChange={() => toggle(tag.image, pupil.id)}
                      />
                      <label className="form-check-label" htmlFor={`${id}-${index}-${pupil.id}`}>
                        {pupil.name}
                      </label>
                    </div>
                  ))}
                </div>
              ))}
            </fieldset>
          </details>
        );
      })}
      {save.isError ? (
        <p className="alert alert-danger" role="alert">
          {save.error.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? t('photo-moments.gallery.saving') : t('photo-moments.gallery.save')}
      </button>
    </form>
  );
}

/**
 * The children in each picture of a saved gallery record (docs/decisions/0079-photo-consent.md):
 * the public gallery leaves out a picture in which a child without website consent is tagged.
 */
export function GalleryChildren({ recordId }: { recordId: number }) {
  const tags = useGalleryChildren(recordId);
  const pupils = useTaggablePupils();
  if (!tags.data || !pupils.data) return tags.isError || pupils.isError ? null : <LoadingState />;
  return <TagsForm key={recordId} recordId={recordId} tags={tags.data} pupils={pupils.data} />;
}
