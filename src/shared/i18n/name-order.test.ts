import { describe, expect, it } from 'vitest';
import { byName, sortByName, sortByNameWithin } from './name-order.js';

const names = (list: string[], locale: Parameters<typeof byName>[0]) =>
  sortByName(
    list.map((name) => ({ name })),
    locale,
    (row) => row.name,
  ).map((row) => row.name);

describe('names in the reader’s order', () => {
  it('puts an accented initial with its letter in English and French, where bytes put it after Z', () => {
    const list = ['Zoe', 'Fatima', 'Émile', 'Eliza'];
    expect([...list].sort()).toEqual(['Eliza', 'Fatima', 'Zoe', 'Émile']);
    expect(names(list, 'en')).toEqual(['Eliza', 'Émile', 'Fatima', 'Zoe']);
    expect(names(list, 'fr')).toEqual(['Eliza', 'Émile', 'Fatima', 'Zoe']);
    expect(names(list, 'en-XA')).toEqual(['Eliza', 'Émile', 'Fatima', 'Zoe']);
  });

  it('ignores case first, so a lower-case name is not sent to the end', () => {
    expect(names(['beatrice', 'Bryn', 'Adam'], 'en')).toEqual(['Adam', 'beatrice', 'Bryn']);
  });

  it('puts Łukasz beside Lucas, base letters deciding', () => {
    expect(names(['Mia', 'Łukasz', 'Luke', 'Lucas'], 'en')).toEqual(['Lucas', 'Łukasz', 'Luke', 'Mia']);
  });

  it('orders Arabic names by the Arabic alphabet, and before Latin ones for an Arabic reader', () => {
    const list = ['يوسف', 'Adam', 'زينب', 'بلال', 'أحمد'];
    expect(names(list, 'ar')).toEqual(['أحمد', 'بلال', 'زينب', 'يوسف', 'Adam']);
    expect(names(list, 'en')).toEqual(['Adam', 'أحمد', 'بلال', 'زينب', 'يوسف']);
  });

  it('counts the numbers in names as numbers', () => {
    expect(names(['Pupil 10', 'Pupil 2', 'Pupil 1'], 'fr')).toEqual(['Pupil 1', 'Pupil 2', 'Pupil 10']);
  });

  it('breaks a tie of letters by accents and case, and keeps the very same names in their order', () => {
    const rows = [
      { id: 3, name: 'Émile' },
      { id: 1, name: 'Emile' },
      { id: 4, name: 'Emile' },
      { id: 2, name: 'emile' },
    ];
    expect(rows.sort(byName('en', (row) => row.name)).map((row) => row.id)).toEqual([2, 1, 4, 3]);
  });

  it('orders names inside their groups and keeps the groups where they were', () => {
    const rows = [
      { group: 'Year 2', name: 'Zoe' },
      { group: 'Year 2', name: 'Émile' },
      { group: 'Nursery', name: 'Fatima' },
      { group: 'Nursery', name: 'Eliza' },
    ];
    expect(
      sortByNameWithin(
        rows,
        'fr',
        (row) => row.group,
        (row) => row.name,
      ).map((row) => row.name),
    ).toEqual(['Émile', 'Zoe', 'Eliza', 'Fatima']);
  });
});
