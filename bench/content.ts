import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { type Config, type DatabaseConfig, loadConfig } from '../src/server/config.js';
import { connectDatabase, type Db } from '../src/server/db/connect.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { seedDemoSchool } from '../src/server/demo/index.js';
import { bumpDataVersion } from '../src/server/lib/data-version.js';
import { DiskFileStore } from '../src/server/lib/file-store/disk-file-store.js';

/** The public content calls' target (issue 18): this share of a bare server's requests per second. */
export const CONTENT_TARGET_RATIO = 0.8;

interface Measurement {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

/** A cold render of the home page (no kept page, no kept content) under this at p99 (issue 18). */
export const COLD_RENDER_TARGET_P99_MS = 20;

/**
 * The public calls measured: the home page's, a large one (the gallery), the settings, and the
 * home page's HTML as the server rendered it (docs/decisions/0030-server-rendering.md), when the
 * build made the rendering bundle.
 */
const CONTENT_CALLS = ['/api/home', '/api/gallery', '/api/settings', '/'];
const COLD_RENDERS = 200;

/**
 * The public content calls (docs/decisions/0027-content-cache.md), answered from the bytes kept by
 * content version, next to a bare Node server sending the same bytes with the same content type: the
 * ratio of their requests per second is what the target is about. The demo school's content.
 */
export async function runContentBench(
  database: DatabaseConfig,
  dataDir: string,
  measure: (url: string, headers: Record<string, string>) => Promise<Measurement>,
): Promise<string[]> {
  const db = await connectDatabase(database);
  await migrateToLatest(db);
  await seedDemoSchool(db, new DiskFileStore(path.join(dataDir, 'uploads')));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false' }),
    database,
  };
  const app = await buildApp(config, { db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const bodies = new Map<string, { body: Buffer; type: string }>();
  const bare = http.createServer((req, res) => {
    const kept = bodies.get(req.url ?? '');
    res.writeHead(kept ? 200 : 404, { 'content-type': kept?.type ?? 'text/plain' });
    res.end(kept?.body ?? '');
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  const header = `${'public call'.padEnd(16)} ${'bytes'.padStart(6)} | ${'p50 ms'.padStart(6)} ${'p99 ms'.padStart(6)} ${'req/s'.padStart(7)} | bare: ${'p50'.padStart(4)} ${'p99'.padStart(4)} ${'req/s'.padStart(7)} | ratio`;
  console.log(`public content calls, target ${CONTENT_TARGET_RATIO}x a bare server's req/s`);
  console.log(header);
  console.log('-'.repeat(header.length));
  const misses: string[] = [];
  try {
    for (const url of CONTENT_CALLS) {
      const probe = await fetch(`${base}${url}`);
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}`);
      const body = Buffer.from(await probe.arrayBuffer());
      // Without the rendering bundle the page goes out with an empty root for the browser to fill.
      if (url === '/' && body.includes('<div id="root"></div>')) {
        console.log(`${url.padEnd(16)} not rendered on the server: run \`npm run build\` first`);
        misses.push(url);
        continue;
      }
      bodies.set(url, { body, type: probe.headers.get('content-type') ?? 'text/plain' });
      const ours = await measure(`${base}${url}`, {});
      const floor = await measure(`${bareBase}${url}`, {});
      const ratio = ours.rps / floor.rps;
      if (ratio < CONTENT_TARGET_RATIO) misses.push(url);
      console.log(
        `${url.padEnd(16)} ${String(body.length).padStart(6)} | ${String(ours.p50).padStart(6)} ${String(ours.p99).padStart(6)} ${String(ours.rps).padStart(7)} | bare: ${String(floor.p50).padStart(4)} ${String(floor.p99).padStart(4)} ${String(floor.rps).padStart(7)} | ${ratio.toFixed(2)}x${ours.errors ? `  (${ours.errors} errors)` : ''}`,
      );
    }
    if (bodies.has('/')) misses.push(...(await measureColdRenders(db, base)));
  } finally {
    bare.close();
    await app.close();
  }
  console.log(
    misses.length === 0
      ? `every public content call at or above ${CONTENT_TARGET_RATIO}x the bare server`
      : `public content calls under ${CONTENT_TARGET_RATIO}x the bare server: ${misses.join(', ')}`,
  );
  return misses;
}

/**
 * The home page rendered afresh, one request at a time: before each, the content version moves (as
 * an edit would), so neither the page nor the content it reads is kept. Measured at the client, so
 * the HTTP round trip on this machine is included.
 */
async function measureColdRenders(db: Db, base: string): Promise<string[]> {
  const times: number[] = [];
  for (let i = 0; i < COLD_RENDERS + 20; i++) {
    await bumpDataVersion(db, 'content');
    const start = performance.now();
    const res = await fetch(`${base}/`);
    await res.arrayBuffer();
    // The first renders warm the code up (JIT), as the first visitors after a start would.
    if (i >= 20) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  const p99 = at(0.99);
  console.log(
    `cold render of / (${COLD_RENDERS} renders, one at a time): p50 ${at(0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${at(1).toFixed(1)} ms; target p99 < ${COLD_RENDER_TARGET_P99_MS} ms`,
  );
  return p99 < COLD_RENDER_TARGET_P99_MS ? [] : ['cold render of /'];
}
