import { EmptyState, FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { useI18n } from '../../../lib/i18n.js';
import { useMoments } from '../api/get-moments.js';
import { MomentCard } from './MomentCard.js';

/** The moments the user may see (or one child's), newest first, with a button for older ones. */
export function MomentFeed({ childId, empty }: { childId?: number; empty?: string }) {
  const { t } = useI18n();
  const feed = useMoments(childId);
  if (feed.isPending) return <LoadingState />;
  if (feed.isError) return <FailureState error={feed.error} retry={() => void feed.refetch()} />;
  const moments = feed.data.pages.flatMap((page) => page.data);
  if (moments.length === 0) return <EmptyState>{empty ?? t('photo-moments.feed.empty')}</EmptyState>;
  return (
    <div className="moment-feed">
      {moments.map((moment) => (
        <MomentCard key={moment.id} moment={moment} />
      ))}
      {feed.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill moment-feed__more"
          disabled={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
        >
          {feed.isFetchingNextPage ? t('photo-moments.feed.loadingMore') : t('photo-moments.feed.more')}
        </button>
      ) : null}
    </div>
  );
}
