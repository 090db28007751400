import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { SERVER_RENDERED_PATHS } from '../src/shared/page-rendering.js';

/**
 * Every server-rendered public page, and a blog post, is valid HTML: the Nu Html Checker (the W3C's
 * validator, npm `vnu-jar`, run by the Java of the machine) reports no error on the HTML the server
 * answers, before any script runs. The checker starts a Java machine, which takes seconds, so it
 * runs once over all the pages.
 */

/** The checker's answer with `--format json` (https://github.com/validator/validator/wiki/Output-»-JSON). */
interface CheckerAnswer {
  messages: {
    type: string;
    subType?: string;
    url?: string;
    lastLine?: number;
    message: string;
    extract?: string;
  }[];
}

// vnu-jar's main module answers the path of the jar (a String object).
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

test('the server-rendered public pages and a blog post have no HTML errors', async ({ request }) => {
  // The checker's Java machine starts slowly on a busy 2-core machine.
  test.setTimeout(120_000);
  const posts = await request.get('/api/blog');
  expect(posts.ok()).toBe(true);
  const [post] = ((await posts.json()) as { data: { id: number }[] }).data;
  expect(post, 'the demo school has a blog post').toBeDefined();
  const pages = [...SERVER_RENDERED_PATHS, `/blogdetail?post=${post?.id}`];

  const folder = await mkdtemp(path.join(os.tmpdir(), 'schoolyard-vnu-'));
  try {
    const files = new Map<string, string>();
    for (const [index, page] of pages.entries()) {
      const response = await request.get(page);
      expect(response.status(), page).toBe(200);
      const file = path.join(folder, `page-${index}.html`);
      await writeFile(file, await response.body());
      files.set(`file:${file}`, page);
    }

    // The checker exits with 1 when it finds an error; its answer (on stderr) says which.
    const run = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--errors-only', ...[...files.keys()].map((u) => u.slice(5))],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => {
      if (error.code !== 1) throw error;
      return { stdout: error.stdout ?? '', stderr: error.stderr ?? '' };
    });
    const answer = JSON.parse(run.stderr || run.stdout) as CheckerAnswer;
    const errors = answer.messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
      .map((m) => `${files.get(m.url ?? '') ?? m.url} line ${m.lastLine ?? '?'}: ${m.message}`);
    expect(errors, errors.join('\n')).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
