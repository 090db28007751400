import { Suspense } from 'react';
import { deferredComponent } from '../../../lib/deferred-component.js';

/*
 * The public sections kept out of their page's first load (docs/decisions/0031-first-load-javascript.md):
 * the comments with their form library and schemas, and the testimonials with their carousel
 * (embla). The server renders them, the browser hydrates them when their chunk has arrived. All sit
 * below the fold. (Book A Seat is a plain section: its form is an island that loads zod on first use.)
 */

const Comments = deferredComponent(() => import('./BlogComments.js').then((module) => module.BlogComments));
const Testimonials = deferredComponent(() =>
  import('./TestimonialsSection.js').then((module) => module.TestimonialsSection),
);

/** What parents say (home, teachers): the carousel starts once its code has arrived. */
export function DeferredTestimonialsSection() {
  return (
    <Suspense fallback={null}>
      <Testimonials />
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
