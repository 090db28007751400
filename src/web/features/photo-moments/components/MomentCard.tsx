import { useId, useState } from 'react';
import type { PhotoMoment } from '../../../../shared/api/photo-moments.js';
import { HiddenText } from '../../../components/school/SchoolPanel.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatWhen, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { downloadMomentPhoto } from '../api/get-moment-photo.js';
import { useRemoveMoment } from '../api/remove-moment.js';
import { MomentPhoto } from './MomentPhoto.js';

/**
 * Taking the moment down, for those the server says may (its poster, the principal): a button, then
 * a question that says it goes for every family (docs/decisions/0083-taking-down-a-photo-moment.md).
 */
function RemoveMoment({ moment }: { moment: PhotoMoment }) {
  const { t } = useI18n();
  const remove = useRemoveMoment();
  const [asking, setAsking] = useState(false);
  const confirm = async (): Promise<void> => {
    try {
      await remove.mutateAsync(moment.id);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : t('photo-moments.remove.failed'));
      setAsking(false);
      return;
    }
    notify.success(t('photo-moments.remove.done'));
    setAsking(false);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-danger rounded-pill moment-card__remove"
        onClick={() => setAsking(true)}
      >
        {t('photo-moments.remove.button')} <HiddenText>{moment.caption}</HiddenText>
      </button>
      <ConfirmDialog
        open={asking}
        title={t('photo-moments.remove.title')}
        confirmLabel={t('photo-moments.remove.confirm')}
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p className="mb-0">
          {t('photo-moments.remove.body', { caption: moment.caption, count: moment.photos.length })}
        </p>
      </ConfirmDialog>
    </>
  );
}

/**
 * One moment: caption, who and when, the tagged children, the photos, each with its download, and
 * for its poster and the principal the way to take it down.
 */
export function MomentCard({ moment }: { moment: PhotoMoment }) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  const titleId = useId();
  const [failed, setFailed] = useState(false);
  const count = moment.photos.length;
  const download = (n: number) => {
    setFailed(false);
    downloadMomentPhoto(moment.id, n).catch(() => setFailed(true));
  };
  return (
    <article className="moment-card" aria-labelledby={titleId}>
      <header className="moment-card__header">
        <h3 id={titleId} className="moment-card__caption">
          {moment.caption}
        </h3>
        <p className="moment-card__by">
          {t('photo-moments.moment.by', {
            name: moment.postedBy,
            when: formatWhen(moment.postedAt, timeZone, locale),
          })}
        </p>
        {moment.children.length > 0 ? (
          <p className="moment-card__tagged">
            {t('photo-moments.moment.tagged', {
              names: moment.children.map((child) => child.name).join(', '),
            })}
          </p>
        ) : null}
      </header>
      <ul className="moment-card__photos">
        {moment.photos.map((photo) => (
          <li key={photo.n} className="moment-card__photo">
            <MomentPhoto
              momentId={moment.id}
              photo={photo}
              alt={t('photo-moments.moment.photoAlt', { n: photo.n, count, caption: moment.caption })}
            />
            <button
              type="button"
              className="btn btn-outline-primary rounded-pill moment-card__download"
              onClick={() => download(photo.n)}
            >
              {t('photo-moments.moment.download', { n: photo.n })}
            </button>
          </li>
        ))}
      </ul>
      {failed ? (
        <p className="text-danger mb-0" role="alert">
          {t('photo-moments.moment.downloadFailed')}
        </p>
      ) : null}
      {moment.mayRemove ? (
        <footer className="moment-card__actions">
          <RemoveMoment moment={moment} />
        </footer>
      ) : null}
    </article>
  );
}
