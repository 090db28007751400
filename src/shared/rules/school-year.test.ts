import { describe, expect, it } from 'vitest';
import {
  dayInRange,
  daysIn,
  firstTermDayFrom,
  nameKeyOf,
  rangeProblem,
  rangesOverlap,
  SCHOOL_YEAR_LIMITS,
  termProblem,
  termToShow,
  yearProblem,
} from './school-year.js';

const year = { id: 1, name: '2026–2027', firstDay: '2026-09-01', lastDay: '2027-07-31' };
const autumn = { id: 10, name: 'Autumn', firstDay: '2026-09-01', lastDay: '2026-12-18' };
const spring = { id: 11, name: 'Spring', firstDay: '2027-01-05', lastDay: '2027-03-27' };

describe('day ranges', () => {
  it('counts both ends, across a leap day', () => {
    expect(daysIn({ firstDay: '2028-02-28', lastDay: '2028-03-01' })).toBe(3);
    expect(daysIn({ firstDay: '2026-09-01', lastDay: '2026-09-01' })).toBe(1);
  });

  it('overlaps when they share a day, not when one ends the day before the other starts', () => {
    expect(rangesOverlap(autumn, { firstDay: '2026-12-18', lastDay: '2026-12-20' })).toBe(true);
    expect(rangesOverlap(autumn, { firstDay: '2026-12-19', lastDay: '2026-12-20' })).toBe(false);
    expect(rangesOverlap(autumn, { firstDay: '2026-01-01', lastDay: '2026-08-31' })).toBe(false);
  });

  it('holds its first and last day', () => {
    expect(dayInRange('2026-09-01', autumn)).toBe(true);
    expect(dayInRange('2026-12-18', autumn)).toBe(true);
    expect(dayInRange('2026-12-19', autumn)).toBe(false);
  });

  it('a last day before the first, or too long', () => {
    expect(rangeProblem({ firstDay: '2026-09-02', lastDay: '2026-09-01' }, 10)).toBe('lastBeforeFirst');
    expect(rangeProblem({ firstDay: '2026-09-01', lastDay: '2026-09-10' }, 10)).toBeUndefined();
    expect(rangeProblem({ firstDay: '2026-09-01', lastDay: '2026-09-11' }, 10)).toBe('tooLong');
  });

  it('names are the same without regard to case or spacing', () => {
    expect(nameKeyOf('  École ')).toBe(nameKeyOf('école'));
  });
});

describe('yearProblem', () => {
  it('accepts a year that meets no other', () => {
    expect(
      yearProblem(year, [{ id: 2, name: '2025–2026', firstDay: '2025-09-01', lastDay: '2026-08-31' }]),
    ).toBe(undefined);
  });

  it('refuses its own dates first', () => {
    expect(yearProblem({ ...year, lastDay: '2026-08-01' }, [])).toEqual({ kind: 'lastBeforeFirst' });
    expect(yearProblem({ ...year, lastDay: '2028-07-31' }, [])).toEqual({
      kind: 'tooLong',
      maxDays: SCHOOL_YEAR_LIMITS.yearDays,
    });
  });

  it('refuses a name another year has, and dates another year covers', () => {
    const other = { id: 2, name: '2025–2026', firstDay: '2025-09-01', lastDay: '2026-09-01' };
    expect(yearProblem({ ...year, name: '2025–2026 ' }, [other])).toEqual({ kind: 'nameTaken' });
    expect(yearProblem(year, [other])).toEqual({ kind: 'overlap', other: '2025–2026' });
  });

  it('leaves the year itself out when it is changed', () => {
    expect(yearProblem({ ...year, lastDay: '2027-07-30' }, [year])).toBeUndefined();
  });

  it('refuses new dates that leave one of its terms outside', () => {
    expect(yearProblem({ ...year, firstDay: '2026-09-02' }, [], [autumn, spring])).toEqual({
      kind: 'termsOutside',
      term: 'Autumn',
    });
  });
});

describe('termProblem', () => {
  it('accepts a term inside its year that meets no other', () => {
    expect(termProblem(spring, year, [autumn])).toBeUndefined();
  });

  it('refuses a term outside its year, even by one day', () => {
    expect(termProblem({ ...spring, lastDay: '2027-08-01' }, year, [])).toEqual({ kind: 'outsideYear' });
    expect(termProblem({ ...autumn, firstDay: '2026-08-31' }, year, [])).toEqual({ kind: 'outsideYear' });
  });

  it('refuses overlapping terms and a name taken in the same year', () => {
    expect(
      termProblem({ name: 'Winter', firstDay: '2026-12-01', lastDay: '2027-01-10' }, year, [autumn, spring]),
    ).toEqual({ kind: 'overlap', other: 'Autumn' });
    expect(
      termProblem({ name: 'SPRING', firstDay: '2027-04-01', lastDay: '2027-04-10' }, year, [autumn, spring]),
    ).toEqual({
      kind: 'nameTaken',
    });
  });

  it('refuses its own dates first', () => {
    expect(termProblem({ ...spring, firstDay: '2027-03-28' }, year, [])).toEqual({ kind: 'lastBeforeFirst' });
  });

  it('keeps a year to its number of terms', () => {
    const terms = Array.from({ length: SCHOOL_YEAR_LIMITS.terms }, (_, i) => ({
      id: i + 1,
      name: `T${i}`,
      firstDay: `2026-09-${String(i + 1).padStart(2, '0')}`,
      lastDay: `2026-09-${String(i + 1).padStart(2, '0')}`,
    }));
    const extra = { name: 'One more', firstDay: '2027-01-05', lastDay: '2027-01-06' };
    expect(termProblem(extra, year, terms)).toEqual({ kind: 'tooManyTerms', max: SCHOOL_YEAR_LIMITS.terms });
    expect(termProblem({ ...extra, id: 1 }, year, terms)).toBeUndefined();
  });
});

describe('termToShow and firstTermDayFrom (the demo’s terms)', () => {
  const terms = [
    { id: 2, firstDay: '2027-01-05', lastDay: '2027-03-27' },
    { id: 1, firstDay: '2026-09-01', lastDay: '2026-12-18' },
    { id: 3, firstDay: '2027-04-13', lastDay: '2027-07-17' },
  ];
  it('shows the term holding today, else the latest begun, else the first', () => {
    expect(termToShow(terms, '2026-11-28')?.id).toBe(1);
    expect(termToShow(terms, '2026-12-18')?.id).toBe(1);
    expect(termToShow(terms, '2026-12-19')?.id).toBe(1);
    expect(termToShow(terms, '2027-01-04')?.id).toBe(1);
    expect(termToShow(terms, '2027-01-05')?.id).toBe(2);
    expect(termToShow(terms, '2027-04-01')?.id).toBe(2);
    expect(termToShow(terms, '2027-07-30')?.id).toBe(3);
    expect(termToShow(terms, '2026-08-20')?.id).toBe(1);
    expect(termToShow([], '2026-08-20')).toBeUndefined();
  });
  it('an exam day: today in a term, else the next term’s first day, else none', () => {
    expect(firstTermDayFrom(terms, '2026-11-28')).toBe('2026-11-28');
    expect(firstTermDayFrom(terms, '2026-12-20')).toBe('2027-01-05');
    expect(firstTermDayFrom(terms, '2027-03-28')).toBe('2027-04-13');
    expect(firstTermDayFrom(terms, '2026-08-31')).toBe('2026-09-01');
    expect(firstTermDayFrom(terms, '2027-07-18')).toBeUndefined();
  });
});
