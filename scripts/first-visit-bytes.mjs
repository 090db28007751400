// Bytes on the wire of a first visit: `node scripts/first-visit-bytes.mjs [base url] [path]`.
// Loads the page in headless Chromium with nothing cached, waits until the network is idle, and
// sums the browser's resource timings (transferSize: headers and the body as sent, compressed or
// not), grouped by kind. The browser is found as the e2e tests find it.
import { chromium } from 'playwright-core';
import { CHROME_ARGS, resolveChromePath } from './chrome-path.mjs';

const base = process.argv[2] ?? 'http://localhost:3000';
const path = process.argv[3] ?? '/';

const browser = await chromium.launch({ executablePath: await resolveChromePath(), args: CHROME_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
  const entries = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(
      (entry) => ({
        name: entry.name,
        kind: entry.entryType === 'navigation' ? 'document' : entry.initiatorType,
        transfer: entry.transferSize,
        decoded: entry.decodedBodySize,
      }),
    ),
  );
  const byKind = new Map();
  for (const entry of entries) {
    const kind = /\.css(\?|$)/.test(entry.name)
      ? 'stylesheet'
      : /\.js(\?|$)/.test(entry.name)
        ? 'script'
        : /\.woff2?(\?|$)/.test(entry.name)
          ? 'font'
          : entry.kind;
    const sum = byKind.get(kind) ?? { count: 0, transfer: 0, decoded: 0 };
    sum.count += 1;
    sum.transfer += entry.transfer;
    sum.decoded += entry.decoded;
    byKind.set(kind, sum);
  }
  let total = 0;
  let decoded = 0;
  console.log(`first visit of ${new URL(path, base).href}`);
  for (const [kind, sum] of [...byKind].sort((a, b) => b[1].transfer - a[1].transfer)) {
    total += sum.transfer;
    decoded += sum.decoded;
    console.log(
      `${kind.padEnd(12)} ${String(sum.count).padStart(3)} files ${String(sum.transfer).padStart(9)} bytes on the wire (${sum.decoded} decoded)`,
    );
  }
  console.log(
    `${'total'.padEnd(12)} ${String(entries.length).padStart(3)} files ${String(total).padStart(9)} bytes on the wire (${decoded} decoded)`,
  );
} finally {
  await browser.close();
}
