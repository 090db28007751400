import { type FormEvent, useId } from 'react';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { notify } from '../../../lib/toast.js';

export const SEARCH_COMING_SOON =
  'Searching the blog is coming soon. Meanwhile, browse the categories and recent posts.';

/**
 * The blog sidebar's search box. Searching is not there yet: sending it says so in a toast. The blog
 * detail page's island (islands/registry.ts); without its script the form reloads the page.
 */
export function BlogSearch() {
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    notify.info(SEARCH_COMING_SOON);
  };
  return (
    <div className="sidebar-widget">
      {/* biome-ignore lint/a11y/useSemanticElements: jsdom and older browsers do not know <search> yet. */}
      <form className="blog-search" role="search" aria-label="Blog" onSubmit={onSubmit}>
        <label htmlFor={id} className="visually-hidden">
          Search the blog
        </label>
        <input id={id} type="search" className="form-control" placeholder="Keyword" name="q" />
        <button type="submit" className="btn btn-primary" aria-label="Search">
          <PageIcon name="search" />
        </button>
      </form>
    </div>
  );
}
