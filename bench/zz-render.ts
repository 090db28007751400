import { pathToFileURL } from 'node:url';
import { connectDatabase } from '../src/server/db/connect.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { seedDemoSchool } from '../src/server/demo/index.js';
import { listContentRecords } from '../src/server/features/content/content.repository.js';
import { readSettings } from '../src/server/features/settings/settings.repository.js';
import { toWireRecord } from '../src/shared/api/content.js';
import type { PageRenderer } from '../src/shared/page-rendering.js';

const db = await connectDatabase({ engine: 'sqlite', file: '/tmp/prof/r.sqlite' });
await migrateToLatest(db);
await seedDemoSchool(db, '/tmp/prof/up', { today: new Date() });
const { renderer } = (await import(pathToFileURL('dist/ssr/entry-server.js').href)) as {
  renderer: PageRenderer;
};
const settings = await readSettings(db);
const times: number[] = [];
const cache = new Map<string, unknown>();
for (const c of [
  'home',
  'facilities',
  'about',
  'class',
  'kidsclasses',
  'teacher',
  'comments',
  'blog',
  'contacts',
] as const)
  cache.set(
    c,
    (await listContentRecords(db, c)).map((r) => toWireRecord(c, r)),
  );
for (let i = 0; i < 600; i++) {
  if (i === 100) times.length = 0;
  const t0 = performance.now();
  await renderer.renderPage({
    url: 'http://localhost:3000/',
    settings,
    publicUrl: 'http://localhost:3000',
    readContent: process.env.CACHED
      ? async (c) => cache.get(c)
      : async (c) => (await listContentRecords(db, c)).map((r) => toWireRecord(c, r)),
  });
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.floor(q * (times.length - 1))]?.toFixed(2);
console.log('p50', at(0.5), 'p99', at(0.99), 'max', at(1));
