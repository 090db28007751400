import type { Locale } from '../../../shared/i18n/locales.js';
import type { Translator } from '../../../shared/i18n/translator.js';
import { escapeHtml } from '../mail/compose.js';
import type { ArchiveData } from './archive.js';

const STYLE = `body{font-family:system-ui,Arial,sans-serif;color:#1f2937;margin:2rem;line-height:1.5}
h1{color:#9a3412}h2{margin-top:2rem;font-size:1.2rem}table{border-collapse:collapse;margin:.5rem 0;font-size:.85rem}
th,td{border:1px solid #d1d5db;padding:.25rem .5rem;text-align:start;vertical-align:top}th{background:#f3f4f6}
.wrap{overflow-x:auto}code{background:#f3f4f6;padding:0 .2rem}`;

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return escapeHtml(text.length > 400 ? `${text.slice(0, 400)}…` : text);
};

/**
 * The readable part of the archive: one self-contained page (no script, no outside file) in the
 * requester's language, right to left in Arabic. It says what the archive holds, what it leaves out
 * and why, then every table's rows as a table.
 */
export function summaryHtml(data: ArchiveData, translator: Translator, locale: Locale): string {
  const { t, direction } = translator;
  const rows = Object.entries(data.tables).filter(([, list]) => list.length > 0);
  const parts: string[] = [];
  parts.push(`<h1>${escapeHtml(t('family.export.summary.title', { name: data.child.name }))}</h1>`);
  parts.push(
    `<p>${escapeHtml(t('family.export.summary.made', { when: new Date(data.madeAt).toLocaleString(locale, { timeZone: 'UTC' }) }))}</p>`,
  );
  if (data.guardian) {
    parts.push(`<p>${escapeHtml(t('family.export.summary.guardian', { name: data.guardian.name }))}</p>`);
  }
  parts.push(`<p>${escapeHtml(t('family.export.summary.contents'))}</p>`);
  parts.push(`<h2>${escapeHtml(t('family.export.summary.filesTitle'))}</h2>`);
  parts.push(
    data.files.length === 0
      ? `<p>${escapeHtml(t('family.export.summary.noFiles'))}</p>`
      : `<ul>${data.files.map((file) => `<li><code>${escapeHtml(file)}</code></li>`).join('')}</ul>`,
  );
  parts.push(`<h2>${escapeHtml(t('family.export.summary.secretsTitle'))}</h2>`);
  parts.push(`<p>${escapeHtml(t('family.export.summary.secrets'))}</p>`);
  parts.push(
    `<ul>${Object.entries(data.secretsLeftOut)
      .map(
        ([table, columns]) =>
          `<li><code>${escapeHtml(table)}</code>: ${columns.map(escapeHtml).join(', ')}</li>`,
      )
      .join('')}</ul>`,
  );
  parts.push(`<h2>${escapeHtml(t('family.export.summary.leftOutTitle'))}</h2>`);
  parts.push(`<p>${escapeHtml(t('family.export.summary.leftOut'))}</p>`);
  parts.push(
    `<ul>${Object.entries(data.tablesLeftOut)
      .map(
        ([table, reason]) =>
          `<li lang="en" dir="ltr"><code>${escapeHtml(table)}</code>: ${escapeHtml(reason)}</li>`,
      )
      .join('')}</ul>`,
  );
  parts.push(`<h2>${escapeHtml(t('family.export.summary.recordsTitle'))}</h2>`);
  for (const [table, list] of rows) {
    const columns = Object.keys(list[0] ?? {});
    parts.push(
      `<h3><code>${escapeHtml(table)}</code> (${escapeHtml(t('family.export.summary.rows', { count: list.length }))})</h3>`,
      `<div class="wrap"><table><thead><tr>${columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>`,
      ...list.map((row) => `<tr>${columns.map((c) => `<td>${cell(row[c])}</td>`).join('')}</tr>`),
      '</tbody></table></div>',
    );
  }
  return `<!doctype html>
<html lang="${locale}" dir="${direction}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('family.export.summary.title', { name: data.child.name }))}</title>
<style>${STYLE}</style></head>
<body><main>
${parts.join('\n')}
</main></body></html>
`;
}
