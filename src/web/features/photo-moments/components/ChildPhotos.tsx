import '../../../styles/photo-moments.css';
import { useId } from 'react';
import { useI18n } from '../../../lib/i18n.js';
import { MomentFeed } from './MomentFeed.js';

/**
 * A child's photos, newest first: for the parent's dashboard (or any screen about one child). The
 * server answers only the moments the children's consents let this user see.
 */
export function ChildPhotos({ childId, childName }: { childId: number; childName: string }) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <section className="child-photos" aria-labelledby={titleId}>
      <h2 id={titleId} className="child-photos__title">
        {t('photo-moments.child.title', { name: childName })}
      </h2>
      <MomentFeed childId={childId} empty={t('photo-moments.child.empty', { name: childName })} />
    </section>
  );
}
