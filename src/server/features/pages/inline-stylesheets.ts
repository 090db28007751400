import fs from 'node:fs';
import path from 'node:path';

/** The build's stylesheet links in index.html: `<link rel="stylesheet" crossorigin href="/assets/x.css">`. */
const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/gi;
const HREF = /\bhref="(\/assets\/[^"?#]+\.css)"/i;

/**
 * index.html with the build's stylesheets written into it as `<style>` elements
 * (docs/decisions/0035-lean-public-pages.md): a page then paints from its HTML alone, without waiting
 * for a second request (on a phone's connection, one round trip and the file, ~0.4 s of first paint).
 * It costs little: after the first page the app moves between pages without loading HTML, so the
 * stylesheet is not fetched again anyway. A link to anything but a built stylesheet stays a link, and
 * so does a stylesheet that could close the element early (`</style`).
 */
export function inlineStylesheets(template: string, webDir: string): string {
  return template.replace(STYLESHEET_LINK, (link) => {
    const href = HREF.exec(link)?.[1];
    if (!href) return link;
    const file = path.join(webDir, href);
    if (!file.startsWith(path.join(webDir, 'assets') + path.sep) || !fs.existsSync(file)) return link;
    const css = fs.readFileSync(file, 'utf8');
    if (/<\/style/i.test(css)) return link;
    // The link stays, disabled: a browser fetches no disabled stylesheet, and the script that loads
    // an island's chunk (Vite's preload helper) finds the stylesheet on the page, so it does not
    // fetch it either because the chunk names it as a dependency.
    return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`;
  });
}
