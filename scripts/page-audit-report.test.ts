import { describe, expect, it } from 'vitest';
import { formatReport, type LighthouseResult, summarize } from './page-audit-report.mjs';

/** The shape of a real Lighthouse 12 result, cut to what the summary reads. */
function result(scores: {
  performance: number;
  accessibility: number;
  bestPractices: number | null;
  seo: number;
}) {
  const lhr: LighthouseResult = {
    categories: {
      performance: {
        score: scores.performance,
        auditRefs: [
          { id: 'first-contentful-paint', weight: 10 },
          { id: 'largest-contentful-paint', weight: 25 },
          { id: 'total-blocking-time', weight: 30 },
          { id: 'unused-javascript', weight: 0, group: 'diagnostics' },
          { id: 'render-blocking-insight', weight: 0, group: 'hidden' },
          { id: 'main-thread-tasks', weight: 0, group: 'diagnostics' },
        ],
      },
      accessibility: { score: scores.accessibility, auditRefs: [{ id: 'image-alt', weight: 10 }] },
      'best-practices': { score: scores.bestPractices, auditRefs: [{ id: 'errors-in-console', weight: 1 }] },
      seo: {
        score: scores.seo,
        auditRefs: [
          { id: 'link-text', weight: 1 },
          { id: 'structured-data', weight: 0 },
          { id: 'crawlable-anchors', weight: 1 },
        ],
      },
    },
    audits: {
      'first-contentful-paint': {
        title: 'First Contentful Paint',
        score: 0.95,
        scoreDisplayMode: 'numeric',
        displayValue: '1.1 s',
      },
      'largest-contentful-paint': {
        title: 'Largest Contentful Paint',
        score: 0.31,
        scoreDisplayMode: 'numeric',
        displayValue: '4.0 s',
      },
      'total-blocking-time': {
        title: 'Total Blocking Time',
        score: 0.6,
        scoreDisplayMode: 'numeric',
        displayValue: '440 ms',
      },
      'unused-javascript': {
        title: 'Reduce unused JavaScript',
        score: 0.5,
        scoreDisplayMode: 'metricSavings',
        displayValue: 'Est savings of 56 KiB',
      },
      'render-blocking-insight': {
        title: 'Render blocking requests',
        score: 0,
        scoreDisplayMode: 'metricSavings',
      },
      'main-thread-tasks': { title: 'Tasks', score: null, scoreDisplayMode: 'informative' },
      'image-alt': { title: 'Image elements have [alt] attributes', score: 1, scoreDisplayMode: 'binary' },
      'errors-in-console': {
        title: 'No browser errors logged to the console',
        score: 1,
        scoreDisplayMode: 'binary',
      },
      'link-text': {
        title: 'Links do not have descriptive text',
        score: 0,
        scoreDisplayMode: 'binary',
        displayValue: '2 links found',
      },
      'structured-data': { title: 'Structured data is valid', score: null, scoreDisplayMode: 'manual' },
      'crawlable-anchors': {
        title: 'Links are not crawlable',
        score: null,
        scoreDisplayMode: 'error',
        errorMessage: 'Protocol error',
      },
    },
  };
  return lhr;
}

describe('audit:pages: scores against the page targets', () => {
  it('passes a page that meets every target, the bounds included', () => {
    const row = summarize(
      '/gallery',
      result({ performance: 0.95, accessibility: 1, bestPractices: 1, seo: 1 }),
    );
    expect(row.scores).toEqual({ performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 });
    expect(row.misses).toEqual([]);
  });

  it('names each missed target with the audits that cost it points, metrics first, no duplicates', () => {
    const row = summarize(
      '/',
      result({ performance: 0.66, accessibility: 0.99, bestPractices: 0.96, seo: 0.91 }),
    );
    expect(row.misses.map((miss) => [miss.category, miss.score, miss.min])).toEqual([
      ['performance', 66, 95],
      ['accessibility', 99, 100],
      ['best practices', 96, 100],
      ['SEO', 91, 100],
    ]);
    const [performance, accessibility, , seo] = row.misses;
    // Passed metrics, informative audits and the hidden duplicates ("insights") are left out.
    expect(performance?.audits.map((audit) => audit.title)).toEqual([
      'Total Blocking Time',
      'Largest Contentful Paint',
      'Reduce unused JavaScript',
    ]);
    // A category can miss by rounding with no audit failing; the report says so.
    expect(accessibility?.audits).toEqual([]);
    // A failed weighted audit and one that could not run; the manual check is not a failure.
    expect(seo?.audits.map((audit) => [audit.title, audit.detail])).toEqual([
      ['Links do not have descriptive text', '2 links found'],
      ['Links are not crawlable', 'could not run: Protocol error'],
    ]);
  });

  it('counts a category without a score as missed', () => {
    const row = summarize(
      '/blog',
      result({ performance: 0.99, accessibility: 1, bestPractices: null, seo: 1 }),
    );
    expect(row.scores['best-practices']).toBeNull();
    expect(row.misses.map((miss) => miss.category)).toEqual(['best practices']);
  });

  it('prints the table with the targets, marks each miss and lists what to fix', () => {
    const text = formatReport([
      summarize('/', result({ performance: 0.66, accessibility: 1, bestPractices: 0.96, seo: 0.91 })),
      summarize('/contact', result({ performance: 0.97, accessibility: 1, bestPractices: 1, seo: 1 })),
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^page\s+performance\s+accessibility\s+best practices\s+SEO$/);
    expect(lines[1]).toMatch(/^target\s+>= 95\s+100\s+100\s+100$/);
    expect(lines).toContainEqual(expect.stringMatching(/^\/\s+66 MISS\s+100\s+96 MISS\s+91 MISS$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\/contact\s+97\s+100\s+100\s+100$/));
    expect(text).toContain('/ performance: 66 (target 95)\n  - Total Blocking Time (440 ms)');
    expect(text).toContain('/ SEO: 91 (target 100)\n  - Links do not have descriptive text (2 links found)');
    expect(lines.at(-1)).toBe('3 target(s) missed on 1 of 2 pages.');
  });

  it('says so when every target is met', () => {
    const text = formatReport([
      summarize('/', result({ performance: 1, accessibility: 1, bestPractices: 1, seo: 1 })),
    ]);
    expect(text).not.toContain('MISS');
    expect(text.split('\n').at(-1)).toBe('All targets met on 1 page.');
  });
});
