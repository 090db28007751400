// Prints one closing line for the whole run ("N passed, N failed") from the runners' JSON reports.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = '.reports/vitest.json';
if (fs.existsSync(vitest)) {
  const report = JSON.parse(fs.readFileSync(vitest, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
const e2e = '.reports/e2e.json';
if (fs.existsSync(e2e)) {
  const stats = JSON.parse(fs.readFileSync(e2e, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}
process.stdout.write(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
