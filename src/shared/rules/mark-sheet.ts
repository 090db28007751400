import type { MessageKey } from '../i18n/message-keys.js';

/**
 * The mark sheet rule (docs/contract/product.md#mark-sheet, docs/contract/fixes-and-gaps.md#fix-13), used by
 * the server's result-summary call and by the client that shows it.
 */

export const MAX_MARKS_PER_SUBJECT = 100;
/** A subject below this many marks is a FAIL (a setting of the school; 33 by default). */
export const DEFAULT_PASS_MARK = 33;

export type SubjectResult = 'PASS' | 'FAIL';
export type Division = 'First Division' | 'Second Division' | 'Third Division' | 'Fail';

/**
 * The words people read for a division and a subject's result, by catalog key. The API keeps the
 * contract's English values (`First Division`, `PASS`); screens and documents say them in their reader's
 * language through these keys.
 */
export const DIVISION_KEYS = {
  'First Division': 'rules.division.first',
  'Second Division': 'rules.division.second',
  'Third Division': 'rules.division.third',
  Fail: 'rules.division.fail',
} as const satisfies Record<Division, MessageKey>;

export const SUBJECT_RESULT_KEYS = {
  PASS: 'rules.result.pass',
  FAIL: 'rules.result.fail',
} as const satisfies Record<SubjectResult, MessageKey>;

/** What a list of results says for a pupil without marks yet (the API's English value). */
export const NO_MARKS_YET = 'No marks yet';

/**
 * The catalog key of a result the API gives (a division, PASS or FAIL, or "No marks yet"); undefined for
 * a value no rule knows, which is shown as it came.
 */
export function resultKey(result: string): MessageKey | undefined {
  if (result === NO_MARKS_YET) return 'rules.result.noMarksYet';
  if (Object.hasOwn(DIVISION_KEYS, result)) return DIVISION_KEYS[result as Division];
  if (Object.hasOwn(SUBJECT_RESULT_KEYS, result)) return SUBJECT_RESULT_KEYS[result as SubjectResult];
  return undefined;
}

export function subjectResult(marks: number, passMark = DEFAULT_PASS_MARK): SubjectResult {
  return marks < passMark ? 'FAIL' : 'PASS';
}

export function divisionFor(percentage: number, anyFail: boolean): Division {
  if (anyFail || percentage < 30) return 'Fail';
  if (percentage < 45) return 'Third Division';
  if (percentage < 60) return 'Second Division';
  return 'First Division';
}

export interface MarkSheetRow {
  subjectName: string;
  marks: number;
  results: SubjectResult;
}

export interface MarkSheet {
  rows: MarkSheetRow[];
  total: number;
  /** Rounded to two decimals for display; the division uses the exact value. */
  percentage: number;
  division: Division;
}

export function markSheet(
  subjects: readonly { subjectName: string; marks: number }[],
  passMark = DEFAULT_PASS_MARK,
): MarkSheet {
  const rows = subjects.map((s) => ({ ...s, results: subjectResult(s.marks, passMark) }));
  const total = rows.reduce((sum, row) => sum + row.marks, 0);
  const lowest = rows.length === 0 ? 0 : Math.min(...rows.map((row) => row.marks));
  return { rows, ...markTotals({ subjects: rows.length, total, lowest }, passMark) };
}

/** What a mark sheet's foot shows, from the sums alone (a list of pupils sums marks in SQL). */
export function markTotals(
  sums: { subjects: number; total: number; lowest: number },
  passMark = DEFAULT_PASS_MARK,
): Omit<MarkSheet, 'rows'> {
  const exact = sums.subjects === 0 ? 0 : (sums.total * 100) / (MAX_MARKS_PER_SUBJECT * sums.subjects);
  // A subject under the pass mark fails the sheet; the lowest mark tells whether there is one.
  const anyFail = sums.subjects > 0 && subjectResult(sums.lowest, passMark) === 'FAIL';
  return {
    total: sums.total,
    percentage: Math.round(exact * 100) / 100,
    division: divisionFor(exact, anyFail),
  };
}

/**
 * A pupil's mark in a subject from its exams' marks (docs/decisions/0087-released-marks.md): their
 * mean rounded to a whole number, a half up (33.5 is 34). Integer arithmetic, so no float edge.
 */
export function subjectMark(examMarks: readonly number[]): number {
  return meanMark(
    examMarks.reduce((total, marks) => total + marks, 0),
    examMarks.length,
  );
}

/** `subjectMark` from the sum of the exam marks and how many there are (a list sums them in SQL). */
export function meanMark(sum: number, count: number): number {
  if (count <= 0) throw new RangeError('A subject mark needs at least one exam mark');
  return Math.floor((2 * sum + count) / (2 * count));
}

export interface ExamMark {
  subjectId: number;
  subjectName: string;
  marks: number;
  changedAfterRelease: boolean;
}

export interface SubjectMark {
  subjectId: number;
  subjectName: string;
  /** The mean of its exams' marks, rounded (`subjectMark`). */
  marks: number;
  /** True when any of those marks changed after its exam's release. */
  changedAfterRelease: boolean;
}

/** One row per subject from exam marks (any order), in the order each subject first appears. */
export function subjectMarks(examMarks: readonly ExamMark[]): SubjectMark[] {
  const bySubject = new Map<number, { name: string; marks: number[]; changed: boolean }>();
  for (const mark of examMarks) {
    const entry = bySubject.get(mark.subjectId);
    if (entry) {
      entry.marks.push(mark.marks);
      entry.changed ||= mark.changedAfterRelease;
    } else
      bySubject.set(mark.subjectId, {
        name: mark.subjectName,
        marks: [mark.marks],
        changed: mark.changedAfterRelease,
      });
  }
  return [...bySubject].map(([subjectId, entry]) => ({
    subjectId,
    subjectName: entry.name,
    marks: subjectMark(entry.marks),
    changedAfterRelease: entry.changed,
  }));
}
