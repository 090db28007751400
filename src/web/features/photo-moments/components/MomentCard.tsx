import { useId, useState } from 'react';
import type { PhotoMoment } from '../../../../shared/api/photo-moments.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatWhen, useSchoolTimeZone } from '../../../lib/school-time.js';
import { downloadMomentPhoto } from '../api/get-moment-photo.js';
import { MomentPhoto } from './MomentPhoto.js';

/** One moment: caption, who and when, the tagged children, the photos, each with its download. */
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
              <i className="bi bi-download" aria-hidden="true" />{' '}
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
    </article>
  );
}
