import { Suspense } from 'react';
import { deferredComponent } from '../../../lib/deferred-component.js';

/*
 * The public sections kept out of their page's first load (docs/decisions/0031-first-load-javascript.md):
 * Book A Seat, with its form library and schemas. The server renders it, the browser hydrates it when
 * its chunk has arrived. It sits below the fold. (The testimonials and the blog comments are islands
 * now: islands/registry.ts.)
 */

const BookSeat = deferredComponent(() =>
  import('./BookSeatSection.js').then((module) => module.BookSeatSection),
);

/** Book A Seat (home, classes): the promo and its form. */
export function DeferredBookSeatSection() {
  return (
    <Suspense fallback={null}>
      <BookSeat />
    </Suspense>
  );
}
