import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { type Config, type DatabaseConfig, loadConfig } from '../src/server/config.js';
import { connectDatabase } from '../src/server/db/connect.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { seedDemoSchool } from '../src/server/demo/index.js';

/** The public content calls' target (issue 18): this share of a bare server's requests per second. */
export const CONTENT_TARGET_RATIO = 0.8;

interface Measurement {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

/** The public calls measured: the home page's, a large one (the gallery) and the settings. */
const CONTENT_CALLS = ['/api/home', '/api/gallery', '/api/settings'];

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
  await seedDemoSchool(db, path.join(dataDir, 'uploads'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false' }),
    database,
  };
  const app = await buildApp(config, { db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const bodies = new Map<string, Buffer>();
  const bare = http.createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body ?? '');
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
      bodies.set(url, body);
      const ours = await measure(`${base}${url}`, {});
      const floor = await measure(`${bareBase}${url}`, {});
      const ratio = ours.rps / floor.rps;
      if (ratio < CONTENT_TARGET_RATIO) misses.push(url);
      console.log(
        `${url.padEnd(16)} ${String(body.length).padStart(6)} | ${String(ours.p50).padStart(6)} ${String(ours.p99).padStart(6)} ${String(ours.rps).padStart(7)} | bare: ${String(floor.p50).padStart(4)} ${String(floor.p99).padStart(4)} ${String(floor.rps).padStart(7)} | ${ratio.toFixed(2)}x${ours.errors ? `  (${ours.errors} errors)` : ''}`,
      );
    }
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
