import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api-client.js';
import { useI18n } from '../../lib/i18n.js';

// The English of the navigation catalog's school.* messages, for the tests that read them.
export const LOADING_TEXT = 'Loading…';
export const EMPTY_TEXT = 'No records yet';
export const FORBIDDEN_TEXT = 'This is not available for your account.';
export const NOT_FOUND_TEXT = 'Not found. This record does not exist, or it is not one you can see.';

export type FailureKind = 'forbidden' | 'not-found' | 'failed';

/** 403 and 404 are answers, not breakdowns: asking again would not help, so they get no Retry. */
export function failureKind(error: unknown): FailureKind {
  if (isApiError(error) && error.status === 403) return 'forbidden';
  if (isApiError(error) && error.status === 404) return 'not-found';
  return 'failed';
}

export function LoadingState({ text }: { text?: string }) {
  const { t } = useI18n();
  return (
    <div className="school-state school-state--loading" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{text ?? t('navigation.school.loading')}</span>
    </div>
  );
}

export function EmptyState({ children }: { children?: ReactNode }) {
  const { t } = useI18n();
  return <p className="school-state school-state--empty">{children ?? t('navigation.school.empty')}</p>;
}

export function NotFoundState({ children }: { children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <p className="school-state school-state--notice" role="alert">
      {children ?? t('navigation.school.notFoundText')}
    </p>
  );
}

export interface FailureStateProps {
  error: unknown;
  retry: () => unknown;
}

/**
 * Why the data is not there: not for this account (403), not found (404), or a failure with
 * Retry (docs/contract/fixes-and-gaps.md#fix-7). The query client has already logged the error.
 */
export function FailureState({ error, retry }: FailureStateProps) {
  const { t } = useI18n();
  const kind = failureKind(error);
  if (kind === 'forbidden') {
    return (
      <p className="school-state school-state--notice" role="alert">
        {t('navigation.school.forbidden')}
      </p>
    );
  }
  if (kind === 'not-found') return <NotFoundState />;
  return (
    <div className="load-error school-state--failed" role="alert">
      <p className="mb-2">{t('navigation.school.loadError')}</p>
      <button type="button" className="btn btn-outline-primary rounded-pill" onClick={() => void retry()}>
        {t('navigation.school.retry')}
      </button>
    </div>
  );
}

export interface QueryStateProps<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch'>;
  /** When the data counts as "nothing yet"; default: an empty array. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

const isEmptyArray = (data: unknown): boolean => Array.isArray(data) && data.length === 0;

/** One query's loading, error and empty states around what its data renders to. */
export function QueryState<T>({ query, isEmpty = isEmptyArray, empty, children }: QueryStateProps<T>) {
  if (query.isError && query.data === undefined) {
    return <FailureState error={query.error} retry={query.refetch} />;
  }
  if (query.data === undefined) return <LoadingState />;
  if (isEmpty(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}
