import { useI18n } from '../../lib/i18n.js';

/** The part of a TanStack Query result a section needs to know how its data is doing. */
export interface SectionQuery {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface SectionStatus {
  /** Some data has not arrived yet: fields stay empty or show skeletons (docs/contract/product.md#states). */
  pending: boolean;
  /** Some data could not load and there is nothing to show for it (docs/contract/fixes-and-gaps.md#fix-7). */
  failed: boolean;
  /** Asks again for every call that failed. */
  retry: () => void;
}

/** How a section built from one or more queries is doing. */
export function sectionStatus(...queries: SectionQuery[]): SectionStatus {
  const failedQueries = queries.filter((query) => query.isError && query.data === undefined);
  return {
    pending: queries.some((query) => query.isPending),
    failed: failedQueries.length > 0,
    retry: () => {
      for (const query of failedQueries) void query.refetch();
    },
  };
}

/** The English of LOAD_ERROR_KEY, for what still shows it untranslated and for tests. */
export const LOAD_ERROR_TEXT = 'Sorry, we could not load this part of the page.';
export const LOAD_ERROR_KEY = 'cms.ui.loadError';

export interface SectionStateProps {
  status: Pick<SectionStatus, 'failed' | 'retry'>;
  className?: string;
}

/**
 * Where a section's content would be, when its data could not load: says so and offers Retry
 * instead of leaving a blank (docs/contract/fixes-and-gaps.md#fix-7). The query client has already logged the
 * error. Only the app shows it: a public page whose content did not load is not rendered on the server
 * (features/public-site/api/prefetch-content.ts), whose pages hydrate their islands alone, so Retry
 * never sits there without its script.
 */
export function SectionState({ status, className }: SectionStateProps) {
  const { t } = useI18n();
  if (!status.failed) return null;
  return (
    <div className={className ? `load-error ${className}` : 'load-error'} role="alert">
      <p className="mb-2">{t(LOAD_ERROR_KEY)}</p>
      <button type="button" className="btn btn-outline-primary rounded-pill" onClick={status.retry}>
        {t('cms.ui.retry')}
      </button>
    </div>
  );
}
