import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASS_MARK,
  divisionFor,
  markSheet,
  markTotals,
  meanMark,
  subjectMark,
  subjectMarks,
  subjectResult,
} from './mark-sheet.js';

describe('divisionFor', () => {
  it.each([
    [29.99, 'Fail'],
    [30, 'Third Division'],
    [44.99, 'Third Division'],
    [45, 'Second Division'],
    [59.99, 'Second Division'],
    [60, 'First Division'],
    [100, 'First Division'],
  ])('%s %% without a failed subject is %s', (percentage, division) => {
    expect(divisionFor(percentage, false)).toBe(division);
  });

  it('any failed subject is a Fail whatever the percentage', () => {
    expect(divisionFor(95, true)).toBe('Fail');
  });
});

describe('markSheet', () => {
  it('totals six subjects and takes the percentage of 600', () => {
    const sheet = markSheet([70, 65, 80, 55, 90, 60].map((marks, i) => ({ subjectName: `S${i}`, marks })));
    expect(sheet.total).toBe(420);
    expect(sheet.percentage).toBe(70);
    expect(sheet.division).toBe('First Division');
    expect(sheet.rows.every((r) => r.results === 'PASS')).toBe(true);
  });

  it('takes the percentage of the subjects on the sheet (docs/contract/fixes-and-gaps.md#fix-13)', () => {
    const sheet = markSheet([
      { subjectName: 'English', marks: 50 },
      { subjectName: 'Maths', marks: 40 },
    ]);
    expect(sheet.percentage).toBe(45);
    expect(sheet.division).toBe('Second Division');
  });

  it('marks a subject FAIL below the pass mark and fails the sheet', () => {
    expect(subjectResult(DEFAULT_PASS_MARK - 1)).toBe('FAIL');
    expect(subjectResult(DEFAULT_PASS_MARK)).toBe('PASS');
    const sheet = markSheet([
      { subjectName: 'English', marks: 100 },
      { subjectName: 'Maths', marks: 32 },
    ]);
    expect(sheet.rows[1]?.results).toBe('FAIL');
    expect(sheet.division).toBe('Fail');
  });

  it('uses the exact percentage for the division, not the rounded one', () => {
    // 179.97 / 600 would round to 30.00 but is below 30.
    const sheet = markSheet([{ subjectName: 'A', marks: 29.995 }], 0);
    expect(sheet.percentage).toBe(30);
    expect(sheet.division).toBe('Fail');
  });

  it('an empty sheet is a Fail at 0 %', () => {
    expect(markSheet([])).toEqual({ rows: [], total: 0, percentage: 0, division: 'Fail' });
  });
});

describe('markTotals', () => {
  it('gives the same foot as the whole mark sheet, from sums alone', () => {
    const cases = [
      [70, 65, 80, 55, 90, 60],
      [45, 44, 46],
      [100, 32],
      [33, 33, 33],
      [59, 60],
      [29, 31],
    ];
    for (const marks of cases) {
      const { rows: _rows, ...foot } = markSheet(marks.map((m, i) => ({ subjectName: `S${i}`, marks: m })));
      const sums = {
        subjects: marks.length,
        total: marks.reduce((a, b) => a + b, 0),
        lowest: Math.min(...marks),
      };
      expect(markTotals(sums), marks.join(',')).toEqual(foot);
    }
  });

  it('fails on the lowest mark with the school’s pass mark', () => {
    expect(markTotals({ subjects: 2, total: 140, lowest: 39 }, 40).division).toBe('Fail');
    expect(markTotals({ subjects: 2, total: 140, lowest: 40 }, 40).division).toBe('First Division');
  });
});

describe('subjectMark: the mean of a subject’s exam marks, rounded to a whole number', () => {
  it('is the mark itself for one exam', () => {
    expect(subjectMark([47])).toBe(47);
  });
  it('rounds a half up and the rest to the nearest', () => {
    expect(subjectMark([33, 34])).toBe(34);
    expect(subjectMark([32, 33])).toBe(33);
    expect(subjectMark([10, 10, 11])).toBe(10);
    expect(subjectMark([10, 11, 11])).toBe(11);
    expect(subjectMark([0, 100])).toBe(50);
    expect(subjectMark([0, 0, 1])).toBe(0);
  });
  it('needs at least one mark', () => {
    expect(() => subjectMark([])).toThrow(RangeError);
    expect(() => meanMark(0, 0)).toThrow(RangeError);
  });
  it('is the same from a sum and a count (meanMark)', () => {
    expect(meanMark(67, 2)).toBe(subjectMark([33, 34]));
    expect(meanMark(31, 3)).toBe(10);
    expect(meanMark(250, 3)).toBe(83);
  });
});

describe('subjectMarks: one row per subject from exam marks', () => {
  it('averages each subject’s exams, keeps the first order and flags a changed mark', () => {
    expect(
      subjectMarks([
        { subjectId: 2, subjectName: 'Maths', marks: 60, changedAfterRelease: false },
        { subjectId: 1, subjectName: 'Art', marks: 40, changedAfterRelease: false },
        { subjectId: 2, subjectName: 'Maths', marks: 71, changedAfterRelease: true },
      ]),
    ).toEqual([
      { subjectId: 2, subjectName: 'Maths', marks: 66, changedAfterRelease: true },
      { subjectId: 1, subjectName: 'Art', marks: 40, changedAfterRelease: false },
    ]);
  });
});
