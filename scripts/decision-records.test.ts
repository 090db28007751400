/**
 * The decision records read as records (docs/decisions/README.md): each one is titled with its
 * number, carries a status and the date it was taken, and the records that supersede one another
 * say so on both sides.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DECISIONS = 'docs/decisions';
const RECORD_FILE = /^(\d{4})-[\w-]+\.md$/;

interface DecisionRecord {
  file: string;
  number: string;
  text: string;
}

function readRecords(): DecisionRecord[] {
  return fs
    .readdirSync(path.join(root, DECISIONS))
    .sort()
    .flatMap((file) => {
      const number = RECORD_FILE.exec(file)?.[1];
      return number
        ? [{ file, number, text: fs.readFileSync(path.join(root, DECISIONS, file), 'utf8') }]
        : [];
    });
}

/** The lines above the record's first section: its title, status, date and links to other records. */
const headerOf = (text: string) => text.split(/^## /m)[0] ?? '';

const STATUS = /^Status: (?:accepted\b|superseded by (?:docs\/decisions\/)?\d{4}\b)/m;
const DAY = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const DATE_LINE = /^Date: (\d{4}-\d{2}-\d{2})\s*$/m;
const SUPERSEDED_BY = /\bsuperseded (?:in part )?by `?(?:docs\/decisions\/)?(\d{4})\b/gi;
const SUPERSEDES = /\bsupersedes (?:in part )?`?(?:docs\/decisions\/)?(\d{4})\b/gi;

const isDay = (text: string) => {
  const [, year, month, day] = DAY.exec(text) ?? [];
  if (!year || !month || !day) return false;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(`${year}-${month}-${day}`);
};

/** What is wrong with a set of records, one line per fault; empty when they read as records. */
function problemsOf(records: readonly DecisionRecord[]): string[] {
  const byNumber = new Map(records.map((record) => [record.number, record]));
  const problems: string[] = [];
  for (const { file, number, text } of records) {
    const header = headerOf(text);
    if (!text.startsWith(`# ${number} `))
      problems.push(`${file}: the title does not start with "# ${number} "`);
    const status = STATUS.exec(header);
    if (!status) problems.push(`${file}: no "Status: accepted" or "Status: superseded by NNNN" line`);
    const statusLine = status ? (header.slice(status.index).split('\n')[0] ?? '') : '';
    const dateLine = DATE_LINE.exec(header)?.[1];
    if (!(dateLine ? isDay(dateLine) : isDay(statusLine)))
      problems.push(`${file}: no date (a "Date: YYYY-MM-DD" line, or the day in the status line)`);

    for (const [, later = ''] of text.matchAll(SUPERSEDED_BY)) {
      const target = byNumber.get(later);
      if (!target) problems.push(`${file}: superseded by ${later}, which does not exist`);
      else if (![...target.text.matchAll(SUPERSEDES)].some(([, earlier]) => earlier === number))
        problems.push(`${file}: superseded by ${target.file}, which does not say it supersedes ${number}`);
    }
    for (const [, earlier = ''] of text.matchAll(SUPERSEDES)) {
      const target = byNumber.get(earlier);
      if (!target) problems.push(`${file}: supersedes ${earlier}, which does not exist`);
      else if (![...target.text.matchAll(SUPERSEDED_BY)].some(([, later]) => later === number))
        problems.push(`${file}: supersedes ${target.file}, which does not say it is superseded by ${number}`);
      if (earlier >= number) problems.push(`${file}: supersedes ${earlier}, which is not an earlier record`);
    }
  }
  return problems;
}

describe('decision records', () => {
  const records = readRecords();

  it('are all found, numbered in a row from 0001', () => {
    expect(records.length).toBeGreaterThanOrEqual(45);
    expect(records.map(({ number }) => number)).toEqual(
      records.map((_, index) => String(index + 1).padStart(4, '0')),
    );
  });

  it('each carry a numbered title, a status and a date, and supersede one another on both sides', () => {
    expect(problemsOf(records)).toEqual([]);
  });

  it('the records that changed in place say how, with the record that carries the change', () => {
    const header = (number: string) =>
      headerOf(records.find((record) => record.number === number)?.text ?? '');
    expect(header('0005')).toMatch(/superseded in part by 0012-hardening\.md/);
    expect(header('0010')).toMatch(/superseded in part by 0034-several-processes\.md/);
    expect(header('0035')).toMatch(/^Status: superseded by 0042-react-islands\.md/m);
  });

  it('find a missing status, a missing date, a wrong title and a one-sided or dangling supersede (the checks can fail)', () => {
    const record = (number: string, text: string): DecisionRecord => ({
      file: `${number}-x.md`,
      number,
      text,
    });
    const good = [
      record('0001', '# 0001 Old\n\nStatus: superseded by 0002-x.md\n\nDate: 2026-11-22\n\n## Context\n'),
      record('0002', '# 0002 New\n\nStatus: accepted, 2026-11-23. Supersedes 0001-x.md.\n'),
    ];
    expect(problemsOf(good)).toEqual([]);

    expect(problemsOf([record('0001', '# 0001 A\n\nDate: 2026-11-22\n')])).toEqual([
      '0001-x.md: no "Status: accepted" or "Status: superseded by NNNN" line',
    ]);
    expect(
      problemsOf([record('0001', '# 0001 A\n\nStatus: accepted\n\n## Context\n\nDate: 2026-11-22\n')]),
    ).toEqual(['0001-x.md: no date (a "Date: YYYY-MM-DD" line, or the day in the status line)']);
    expect(problemsOf([record('0001', '# 0001 A\n\nStatus: accepted\n\nDate: 2026-02-30\n')])).toHaveLength(
      1,
    );
    expect(problemsOf([record('0001', '# A\n\nStatus: accepted, 2026-11-22.\n')])).toEqual([
      '0001-x.md: the title does not start with "# 0001 "',
    ]);
    expect(
      problemsOf([record('0001', '# 0001 A\n\nStatus: superseded by 0009-x.md\n\nDate: 2026-11-22\n')]),
    ).toEqual(['0001-x.md: superseded by 0009, which does not exist']);
    expect(
      problemsOf([
        record('0001', '# 0001 Old\n\nStatus: superseded by 0002-x.md\n\nDate: 2026-11-22\n'),
        record('0002', '# 0002 New\n\nStatus: accepted, 2026-11-23.\n'),
      ]),
    ).toEqual(['0001-x.md: superseded by 0002-x.md, which does not say it supersedes 0001']);
    expect(
      problemsOf([
        record('0001', '# 0001 Old\n\nStatus: accepted, 2026-11-22.\n'),
        record('0002', '# 0002 New\n\nStatus: accepted, 2026-11-23. Supersedes in part 0001-x.md.\n'),
      ]),
    ).toEqual(['0002-x.md: supersedes 0001-x.md, which does not say it is superseded by 0002']);
  });
});
