import { type FormEvent, useId } from 'react';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';

/** What sending the search says, in English (the toast says public-site.search.comingSoon in the page's language). */
export const SEARCH_COMING_SOON =
  'Searching the blog is coming soon. Meanwhile, browse the categories and recent posts.';

/**
 * The blog sidebar's search box. Searching is not there yet: sending it says so in a toast. The blog
 * detail page's island (islands/registry.ts); without its script the form reloads the page.
 */
export function BlogSearch() {
  const { t } = useI18n();
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    notify.info(t('public-site.search.comingSoon'));
  };
  return (
    <div className="sidebar-widget">
      {/* biome-ignore lint/a11y/useSemanticElements: jsdom and older browsers do not know <search> yet. */}
      <form
        className="blog-search"
        role="search"
        aria-label={t('public-site.search.form')}
        onSubmit={onSubmit}
      >
        <label htmlFor={id} className="visually-hidden">
          {t('public-site.search.label')}
        </label>
        <input
          id={id}
          type="search"
          className="form-control"
          placeholder={t('public-site.search.placeholder')}
          name="q"
        />
        <button type="submit" className="btn btn-primary" aria-label={t('public-site.search.submit')}>
          <PageIcon name="search" />
        </button>
      </form>
    </div>
  );
}
