import { describe, expect, it } from 'vitest';
import {
  discountOn,
  divideHalfEven,
  formatMoney,
  MAX_AMOUNT,
  MoneyError,
  minorDigits,
  parseMoney,
  percentageOf,
  readMoney,
  sumAmounts,
  toDecimalText,
} from './money.js';

describe('money in minor units', () => {
  it('adds many amounts exactly, where floating point drifts', () => {
    // 10 000 payments of 0.10: in floats the sum is not 1000.
    const dimes = Array.from({ length: 10_000 }, () => 10);
    expect(sumAmounts(dimes)).toBe(100_000);
    let float = 0;
    for (let i = 0; i < 10_000; i += 1) float += 0.1;
    expect(float).not.toBe(1000);
    // Amounts near the top of the range stay exact too.
    expect(sumAmounts([MAX_AMOUNT - 1, 1])).toBe(MAX_AMOUNT);
    expect(() => sumAmounts([MAX_AMOUNT, 1])).toThrow(MoneyError);
    expect(() => sumAmounts([1.5])).toThrow(MoneyError);
  });

  it('rounds half to even, once', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n); // 2.5 -> 2
    expect(divideHalfEven(7n, 2n)).toBe(4n); // 3.5 -> 4
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
    expect(divideHalfEven(-7n, 2n)).toBe(-4n);
    expect(divideHalfEven(26n, 10n)).toBe(3n); // 2.6 -> 3
    expect(divideHalfEven(24n, 10n)).toBe(2n);
    expect(() => divideHalfEven(1n, 0n)).toThrow(MoneyError);
  });

  it('takes odd percentages of amounts with one rounding on the minor unit', () => {
    // 33.33 % of $100.00 = $33.33 exactly.
    expect(percentageOf(10_000, 3333)).toBe(3333);
    // 12.5 % of $0.20 = 2.5 cents -> 2 (even); of $0.28 = 3.5 cents -> 4 (even).
    expect(percentageOf(20, 1250)).toBe(2);
    expect(percentageOf(28, 1250)).toBe(4);
    // 7.77 % of $1,234.57 = 9592.6089 cents -> 9593.
    expect(percentageOf(123_457, 777)).toBe(9593);
    // 100 % and 0 %.
    expect(percentageOf(98_765, 10_000)).toBe(98_765);
    expect(percentageOf(98_765, 0)).toBe(0);
    // The largest amount times the largest percentage never leaves integers.
    expect(percentageOf(MAX_AMOUNT, 9_999)).toBe(9_999_000_000_000);
    expect(() => percentageOf(100, 10_001)).toThrow(MoneyError);
    expect(() => percentageOf(100, 12.5)).toThrow(MoneyError);
  });

  it('discounts an invoice once on its subtotal, never per item, and never below zero', () => {
    const items = [3_335, 3_335, 3_335]; // three items of $33.35
    const subtotal = sumAmounts(items);
    // 15 % per item would be 500.25 -> 500 each (1500 in all); once on 10005 it is 1500.75 -> 1501.
    const perItem = sumAmounts(items.map((amount) => percentageOf(amount, 1500)));
    expect(perItem).toBe(1500);
    expect(discountOn(subtotal, { kind: 'percent', basisPoints: 1500 })).toBe(1501);
    expect(discountOn(subtotal, { kind: 'fixed', amount: 2_000 })).toBe(2_000);
    expect(discountOn(subtotal, { kind: 'fixed', amount: 50_000 })).toBe(subtotal);
    expect(discountOn(subtotal, undefined)).toBe(0);
  });

  it('over a thousand invoices of odd percentages, the discounts equal their exact shares rounded half to even', () => {
    let total = 0n;
    let exactSum = 0n;
    for (let i = 1; i <= 1000; i += 1) {
      const subtotal = 1_000 + ((i * 7919) % 250_000);
      const basisPoints = 1 + ((i * 104_729) % 9_999);
      const off = discountOn(subtotal, { kind: 'percent', basisPoints });
      // The exact share in hundred-thousandths of a minor unit, rounded by hand.
      const product = BigInt(subtotal) * BigInt(basisPoints);
      const floor = product / 10_000n;
      const rest = product % 10_000n;
      const expected = rest > 5_000n || (rest === 5_000n && floor % 2n === 1n) ? floor + 1n : floor;
      expect(BigInt(off)).toBe(expected);
      total += BigInt(off);
      exactSum += expected;
    }
    expect(total).toBe(exactSum);
  });

  it('writes and reads amounts in the currency’s own minor unit', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(toDecimalText(123_456, 'USD')).toBe('1234.56');
    expect(toDecimalText(5, 'USD')).toBe('0.05');
    expect(toDecimalText(-5, 'USD')).toBe('-0.05');
    expect(toDecimalText(1200, 'JPY')).toBe('1200');
    expect(toDecimalText(1250, 'KWD')).toBe('1.250');
    expect(formatMoney(123_456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200');
    expect(formatMoney(MAX_AMOUNT - 1, 'USD')).toBe('$99,999,999,999.99');
    expect(parseMoney('1,234.5', 'USD')).toBe(123_450);
    expect(parseMoney('0.07', 'USD')).toBe(7);
    expect(parseMoney('1200', 'JPY')).toBe(1200);
    expect(parseMoney('12.5', 'JPY')).toBeUndefined();
    expect(parseMoney('1.001', 'USD')).toBeUndefined();
    expect(parseMoney('-3', 'USD')).toBeUndefined();
    expect(parseMoney('1e3', 'USD')).toBeUndefined();
    expect(parseMoney('100000000000.00', 'USD')).toBe(MAX_AMOUNT);
    expect(parseMoney('100000000000.01', 'USD')).toBeUndefined();
  });

  it('says why typed text is not an amount: a fraction of the minor unit is told apart', () => {
    expect(readMoney('12.34', 'USD')).toEqual({ amount: 1234 });
    expect(readMoney('12.345', 'USD')).toEqual({ problem: 'fraction' });
    expect(readMoney('5.5', 'JPY')).toEqual({ problem: 'fraction' });
    expect(readMoney('5.', 'JPY')).toEqual({ amount: 5 });
    expect(readMoney('1.2345', 'KWD')).toEqual({ problem: 'fraction' });
    expect(readMoney('1.234', 'KWD')).toEqual({ amount: 1234 });
    expect(readMoney('-3', 'USD')).toEqual({ problem: 'format' });
    expect(readMoney('twelve', 'USD')).toEqual({ problem: 'format' });
    expect(readMoney('100000000000.01', 'USD')).toEqual({ problem: 'too-large' });
  });
});
