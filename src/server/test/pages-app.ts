import { renderer } from '../../web/entry-server.js';
import { createTestApp, type TestApp } from './app.js';
import type { TestEngine } from './databases.js';

/** The smallest built index.html the server renders a page into: a title and the app's root. */
export const PLAIN_INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head><title>School</title></head><body><div id="root"></div></body></html>';

/** The shape of the built index.html: where the server writes the head, the markup and the data. */
export const BUILT_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>School</title>
    <script type="module" crossorigin src="/assets/index-1234.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * The real app serving its public pages as the built product does (server-rendered by the web
 * bundle's renderer into `indexHtml`), for tests that read pages. Options as `createTestApp`'s.
 */
export function createPagesTestApp(
  engine: TestEngine,
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<TestApp> {
  return createTestApp(engine, { indexHtml: PLAIN_INDEX_HTML, pageRenderer: renderer, ...options });
}
