import { Suspense } from 'react';
import { deferredComponent } from '../../../lib/deferred-component.js';

/*
 * The public sections with a form, kept out of their page's first load with their form library and
 * schemas (docs/decisions/0031-first-load-javascript.md): the server renders them, the browser hydrates
 * them when their chunk has arrived. Both sit below the fold.
 */

const BookSeat = deferredComponent(() =>
  import('./BookSeatSection.js').then((module) => module.BookSeatSection),
);
const Comments = deferredComponent(() => import('./BlogComments.js').then((module) => module.BlogComments));

/** Book A Seat (home, classes): the promo and its form. */
export function DeferredBookSeatSection() {
  return (
    <Suspense fallback={null}>
      <BookSeat />
    </Suspense>
  );
}

/** A post's comments and the comment form (blog detail). */
export function DeferredBlogComments() {
  return (
    <Suspense fallback={null}>
      <Comments />
    </Suspense>
  );
}
