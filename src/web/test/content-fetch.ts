import { beforeEach, vi } from 'vitest';
import { CONTENT_COLLECTION_NAMES } from '../../shared/api/content.js';

// The content collections, and the approved blog comments the blog detail page shows with them.
const CONTENT_CALL = new RegExp(
  `^/api/(${[...CONTENT_COLLECTION_NAMES].join('|')}|blog-comments(\\?post=[a-z0-9]+)?)$`,
);

export const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * Public pages load their content when shown. Tests that do not care about it get an empty school
 * (`{ data: [] }` for every public content call, and no blog comments) instead of a failed call and its logged error; any
 * other call fails as it would without a server. A test that needs content or a failure mocks fetch
 * itself (vi.spyOn(globalThis, 'fetch')), which replaces this.
 */
export function installContentFetchStub(): void {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      // The home page's school calendar (docs/decisions/0088-closed-days.md): none kept yet.
      if (urlOf(input) === '/api/calendar/public') {
        return new Response(JSON.stringify({ year: null, dates: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      // The classes' free seats (docs/decisions/0101-seats-that-mean-something.md): no year kept yet.
      if (urlOf(input) === '/api/admissions/seats') {
        return new Response(JSON.stringify({ year: null, classes: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      if (CONTENT_CALL.test(urlOf(input))) {
        return new Response(JSON.stringify({ data: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      throw new TypeError(`fetch failed: no server in component tests (${urlOf(input)})`);
    });
  });
}
