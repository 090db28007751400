/**
 * Comments and the decision records cite documents of this repository only (docs/contract/README.md):
 * every `docs/<...>.md#anchor` they name must exist, and nothing may cite a document the repository
 * does not hold (the original spec, its api.md and decisions list, issue numbers of a tracker).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['src', 'e2e', 'scripts', 'bench', 'README.md', 'docs/decisions'];
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|html|md)$/;
const THIS_FILE = path.relative(root, fileURLToPath(import.meta.url));

function filesUnder(relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!fs.existsSync(absolute)) return [];
  if (fs.statSync(absolute).isFile()) return [relative];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesUnder(path.join(relative, entry.name))
        : TEXT_FILE.test(entry.name)
          ? [path.join(relative, entry.name)]
          : [],
    );
}

const scannedFiles = SCANNED.flatMap(filesUnder).filter((file) => file !== THIS_FILE);
const contractFiles = filesUnder('docs/contract');

interface Hit {
  where: string;
  text: string;
}

function hits(pattern: RegExp, files = scannedFiles): Hit[] {
  const found: Hit[] = [];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const match of line.matchAll(pattern))
        found.push({ where: `${file}:${index + 1}`, text: match[0] });
    });
  }
  return found;
}

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
const headingSlug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorsCache.get(file);
  if (!anchors) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    anchors = new Set([
      ...[...text.matchAll(/<a id="([^"]+)"/g)].map((match) => match[1] ?? ''),
      ...[...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => headingSlug(match[1] ?? '')),
    ]);
    anchorsCache.set(file, anchors);
  }
  return anchors;
}

/** A path of a code file of this repository, as the documents cite them. */
const CODE_PATH = /\b(?:src|e2e|scripts|bench)\/[\w./-]+\.(?:ts|tsx|mjs|css)\b/g;

const DOC_REFERENCE = /\bdocs\/[\w./-]+?\.md(?:#[\w-]+)?/g;

describe('references to documents', () => {
  it('name files and anchors that exist', () => {
    const references = hits(DOC_REFERENCE, [...scannedFiles, ...contractFiles]);
    expect(references.length).toBeGreaterThan(100);
    const broken = references.filter(({ text }) => {
      const [file = '', anchor] = text.split('#');
      if (!fs.existsSync(path.join(root, file))) return true;
      return anchor !== undefined && !anchorsOf(file).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('in the contract, link to files and anchors that exist', () => {
    const links = hits(/\]\(([\w-]+\.md)?(#[\w-]+)?\)/g, contractFiles);
    expect(links.length).toBeGreaterThan(20);
    const broken = links.filter(({ where, text }) => {
      const [, file, anchor] = /\]\(([\w-]+\.md)?(?:#([\w-]+))?\)/.exec(text) ?? [];
      const target = path.join(
        path.dirname(where.split(':')[0] ?? ''),
        file ?? path.basename(where.split(':')[0] ?? ''),
      );
      if (!fs.existsSync(path.join(root, target))) return true;
      return anchor !== undefined && !anchorsOf(target).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('in the contract and the guides, name code files that exist (a moved file is cited where it is now)', () => {
    const guides = ['README.md', ...filesUnder('docs').filter((file) => !file.startsWith('docs/decisions'))];
    const cited = hits(CODE_PATH, guides);
    expect(cited.length).toBeGreaterThan(50);
    expect(cited.filter(({ text }) => !fs.existsSync(path.join(root, text)))).toEqual([]);
  });

  it('cite nothing outside the repository', () => {
    const outside = [
      /\bdecisions items? \d/gi,
      /\bdecisions \d/gi,
      /\bdecisions\.md\b/gi,
      /(?<!docs\/contract\/)\bapi\.md\b/gi,
      /\bthe spec\b/gi,
      /\bspec (?:section )?§?\d/gi,
      /\bissue #\d/gi,
    ];
    expect(outside.flatMap((pattern) => hits(pattern))).toEqual([]);
  });

  it('find a missing anchor and an outside citation (the checks above can fail)', () => {
    expect(anchorsOf('docs/contract/fixes-and-gaps.md').has('fix-16')).toBe(true);
    expect(anchorsOf('docs/contract/fixes-and-gaps.md').has('fix-17')).toBe(false);
    expect(
      anchorsOf('docs/decisions/0005-accounts-and-sessions.md').has('0005-accounts-sessions-and-throttling'),
    ).toBe(true);
    expect('see api.md, Accounts'.match(/(?<!docs\/contract\/)\bapi\.md\b/gi)).not.toBeNull();
    expect('see docs/contract/api.md#errors'.match(/(?<!docs\/contract\/)\bapi\.md\b/gi)).toBeNull();
  });
});
