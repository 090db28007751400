import { describe, expect, it } from 'vitest';
import { formatBasisPoints, parseBasisPoints } from './amounts.js';

describe('fee amounts as typed', () => {
  it('reads a percentage in basis points without floating point', () => {
    expect(parseBasisPoints('12.5')).toBe(1250);
    expect(parseBasisPoints('33.33')).toBe(3333);
    expect(parseBasisPoints('0.07')).toBe(7);
    expect(parseBasisPoints('100')).toBe(10000);
    expect(parseBasisPoints(' 5 %')).toBe(500);
    for (const bad of ['', '0', '0.00', '100.01', '12.345', '-5', '1e2', 'abc', '101']) {
      expect(parseBasisPoints(bad)).toBeUndefined();
    }
  });

  it('writes basis points as a percentage', () => {
    expect(formatBasisPoints(1250)).toBe('12.5 %');
    expect(formatBasisPoints(10000)).toBe('100 %');
    expect(formatBasisPoints(3333)).toBe('33.33 %');
  });
});
