// What `npm run audit:pages` makes of Lighthouse's results (docs/decisions/0028-page-budgets-and-start-up.md):
// the four category scores of a page against the targets (docs/decisions/0028-page-budgets-and-start-up.md), and for each missed target the
// audits that pulled the score down, so the table says what to fix. Pure functions, tested on their own.

/** The categories, in the table's order, with the lowest score (0-100) that meets the target. */
export const TARGETS = [
  { id: 'performance', label: 'performance', min: 95 },
  { id: 'accessibility', label: 'accessibility', min: 100 },
  // 100 since the pages stopped tripping the CSP (docs/decisions/0044-valid-pages-and-picture-widths.md).
  { id: 'best-practices', label: 'best practices', min: 100 },
  { id: 'seo', label: 'SEO', min: 100 },
];

/** Audits that never count for or against a score. */
const UNSCORED = new Set(['manual', 'notApplicable', 'informative']);

/**
 * The audits of a category that cost it points: for performance the metrics and the opportunities or
 * diagnostics Lighthouse marks as not good (score below 0.9, its own line between orange and green); for
 * the other categories every weighted audit that did not pass. An audit that could not run is listed too.
 * The same audits, in the same order, as the HTML report shows.
 */
export function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const failing = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    // Lighthouse 12 also computes its coming "insights" under a hidden group, doubling the classic audits.
    if (!audit || ref.group === 'hidden' || UNSCORED.has(audit.scoreDisplayMode)) continue;
    if (audit.scoreDisplayMode === 'error') {
      failing.push({
        id: ref.id,
        title: audit.title,
        detail: `could not run: ${audit.errorMessage ?? ''}`.trim(),
      });
      continue;
    }
    if (audit.score === null || audit.score === undefined) continue;
    const counts = categoryId === 'performance' ? true : ref.weight > 0;
    const bar = categoryId === 'performance' ? 0.9 : 1;
    if (!counts || audit.score >= bar) continue;
    failing.push({ id: ref.id, title: audit.title, detail: audit.displayValue ?? '', weight: ref.weight });
  }
  // The weighted ones (for performance: the metrics) first, as they move the score.
  return failing.sort((a, b) => (b.weight ?? 0) - (a.weight ?? 0));
}

/** One page's row: each category's score (0-100, null when Lighthouse gave none) and what missed. */
export function summarize(page, lhr) {
  const scores = {};
  const misses = [];
  for (const target of TARGETS) {
    const raw = lhr.categories[target.id]?.score;
    const score = typeof raw === 'number' ? Math.round(raw * 100) : null;
    scores[target.id] = score;
    if (score === null || score < target.min) {
      misses.push({ category: target.label, score, min: target.min, audits: failingAudits(lhr, target.id) });
    }
  }
  const warnings = [...(lhr.runWarnings ?? [])];
  if (lhr.runtimeError) warnings.unshift(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return { page, scores, misses, warnings };
}

const pad = (text, width) => String(text).padEnd(width);

/** The table and, below it, each missed target with the audits behind it. */
export function formatReport(rows) {
  const columns = [{ label: 'page', width: 10 }, ...TARGETS.map((t) => ({ label: t.label, width: 16 }))];
  const line = (cells) =>
    cells
      .map((cell, i) => pad(cell, columns[i].width))
      .join(' ')
      .trimEnd();
  const out = [line(columns.map((c) => c.label))];
  out.push(
    line(['target', ...TARGETS.map((t) => (t.min === 100 ? '100' : `>= ${t.min}`))]),
    line(columns.map((c) => '-'.repeat(c.width))),
  );
  for (const row of rows) {
    const cells = TARGETS.map((t) => {
      const score = row.scores[t.id];
      const missed = score === null || score < t.min;
      return `${score ?? 'n/a'}${missed ? ' MISS' : ''}`;
    });
    out.push(line([row.page, ...cells]));
  }
  for (const row of rows) {
    for (const warning of row.warnings) out.push(`${row.page}: Lighthouse warned: ${warning}`);
    for (const miss of row.misses) {
      out.push('', `${row.page} ${miss.category}: ${miss.score ?? 'no score'} (target ${miss.min})`);
      if (miss.audits.length === 0)
        out.push('  (no single audit failed; the score is the sum of near misses)');
      for (const audit of miss.audits)
        out.push(`  - ${audit.title}${audit.detail ? ` (${audit.detail})` : ''}`);
    }
  }
  const missed = rows.reduce((n, row) => n + row.misses.length, 0);
  const pages = (n) => `${n} page${n === 1 ? '' : 's'}`;
  out.push(
    '',
    missed === 0
      ? `All targets met on ${pages(rows.length)}.`
      : `${missed} target(s) missed on ${rows.filter((r) => r.misses.length > 0).length} of ${pages(rows.length)}.`,
  );
  return out.join('\n');
}
