import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ContentImage } from '../../../../shared/content-records.js';
import { paths } from '../../../config/paths.js';
import { contentQueryOptions } from '../../../lib/content.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { SECTION_CONTENT, type SectionCollection } from '../lib/content-rules.js';

export interface EmptyPageNoteProps {
  /** The collections whose sections make up the page (all of them hidden while empty). */
  collections: readonly SectionCollection[];
  /** What the page says while it has none of them, e.g. "Our teachers will be introduced here soon." */
  text: MessageKey;
}

/**
 * What a public page says while every one of its sections is hidden for want of content
 * (docs/decisions/0053-a-starter-site-for-a-real-school.md): a new school's /teachers or /gallery
 * still answers, with a sentence and the way to the contact page instead of an empty page.
 */
export function EmptyPageNote({ collections, text }: EmptyPageNoteProps) {
  const { t } = useI18n();
  const queries = useQueries({ queries: collections.map((collection) => contentQueryOptions(collection)) });
  const settled = queries.every((query) => query.data !== undefined);
  const empty = collections.every((collection, index) => {
    const records: readonly { images: readonly ContentImage[] }[] = queries[index]?.data ?? [];
    return !SECTION_CONTENT[collection](records);
  });
  if (!settled || !empty) return null;
  return (
    <section className="empty-page section-pad" aria-label={t('public-site.emptyPage.label')}>
      <div className="container text-center">
        <p className="empty-page__text lead mb-3">{t(text)}</p>
        <Link to={paths.contact} className="btn btn-primary rounded-pill px-4">
          {t('public-site.emptyPage.contact')}
        </Link>
      </div>
    </section>
  );
}
