/**
 * Money as a bank keeps it (docs/decisions/0026-fees.md): every amount is a whole number of the
 * currency's minor unit (cents for USD, yen for JPY, fils for the three-decimal dinars), held in a
 * JavaScript number only while it is a safe integer, and stored as an integer column. Nothing here
 * multiplies or divides a fraction in floating point: a percentage is a whole number of basis points
 * (1/100 of a percent), and its share of an amount is worked out in BigInt and rounded once, half
 * to even, on the minor unit.
 */

/** The largest amount anything may hold: 10^13 minor units (a hundred billion dollars), far inside 2^53. */
export const MAX_AMOUNT = 10_000_000_000_000;

/** A percentage discount is given in basis points: 10000 = 100 %, 3333 = 33.33 %. */
export const BASIS_POINTS_IN_WHOLE = 10_000;

export class MoneyError extends Error {
  override name = 'MoneyError';
}

/** Whether `value` is a whole number of minor units from 0 to MAX_AMOUNT. */
export const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_AMOUNT;

/** Adds amounts exactly; throws when a term is not a safe integer or the sum passes MAX_AMOUNT. */
export function sumAmounts(amounts: readonly number[]): number {
  let total = 0n;
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount)) throw new MoneyError(`not a whole number of minor units: ${amount}`);
    total += BigInt(amount);
  }
  if (total > BigInt(MAX_AMOUNT) || total < -BigInt(MAX_AMOUNT)) throw new MoneyError('the sum is too large');
  return Number(total);
}

/**
 * `numerator / denominator` rounded to the nearest integer, a half going to the even neighbour
 * (banker's rounding: over many invoices the halves up and down balance out). Both are BigInts;
 * the denominator is positive.
 */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new MoneyError('the denominator must be positive');
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  let quotient = n / denominator;
  const twiceRemainder = (n % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n)) {
    quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

/** `basisPoints` of `amount` (e.g. 1250 bp = 12.5 %), rounded once, half to even, on the minor unit. */
export function percentageOf(amount: number, basisPoints: number): number {
  if (!isAmount(amount)) throw new MoneyError(`not an amount: ${amount}`);
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > BASIS_POINTS_IN_WHOLE) {
    throw new MoneyError(`not a percentage in basis points: ${basisPoints}`);
  }
  return Number(divideHalfEven(BigInt(amount) * BigInt(basisPoints), BigInt(BASIS_POINTS_IN_WHOLE)));
}

/** A pupil's discount on one invoice: a percentage (basis points) or a fixed amount (minor units). */
export type Discount = { kind: 'percent'; basisPoints: number } | { kind: 'fixed'; amount: number };

/**
 * What a discount takes off an invoice's subtotal: computed once per invoice from the whole
 * subtotal (never per item, so the items' roundings cannot add up to a cent more or less), and
 * never more than the subtotal.
 */
export function discountOn(subtotal: number, discount: Discount | undefined): number {
  if (!discount) return 0;
  const off = discount.kind === 'percent' ? percentageOf(subtotal, discount.basisPoints) : discount.amount;
  if (!isAmount(off)) throw new MoneyError(`not an amount: ${off}`);
  return Math.min(off, subtotal);
}

/** How many digits the currency's minor unit has (USD 2, JPY 0, KWD 3), as Intl knows it. */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** An amount in minor units as a decimal string, exactly: 123456 (USD) -> "1234.56", -5 -> "-0.05". */
export function toDecimalText(amount: number, currency: string): string {
  if (!Number.isSafeInteger(amount)) throw new MoneyError(`not a whole number of minor units: ${amount}`);
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * An amount as people read it in the school's currency: `$1,234.56`, `¥1,200`, `KWD 1.250`. The
 * decimal text goes to Intl as a string, which formats it without passing through a float.
 */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  const decimal = toDecimalText(amount, currency);
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    // Intl.NumberFormat v3 takes decimal strings exactly; the type definitions lag behind.
    return (format.format as (value: string) => string)(decimal);
  } catch {
    return `${currency} ${decimal}`;
  }
}

/** Why typed text is not an amount of the currency (readMoney). */
export type MoneyTextProblem = 'format' | 'fraction' | 'too-large';

/**
 * What a person typed ("1234.5", "1,234.50", "1200") as minor units, or why it is not an amount of
 * the currency: `format` (not a plain decimal number, e.g. a sign or letters), `fraction` (more
 * decimals than the currency's minor unit has: "12.345" USD, "5.5" JPY), `too-large` (above
 * MAX_AMOUNT).
 */
export function readMoney(
  text: string,
  currency: string,
): { amount: number; problem?: undefined } | { amount?: undefined; problem: MoneyTextProblem } {
  const cleaned = text.trim().replace(/[,\s]/g, '');
  const digits = minorDigits(currency);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return { problem: 'format' };
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return { problem: 'fraction' };
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt((fraction || '0').padEnd(digits, '0'));
  return minor <= BigInt(MAX_AMOUNT) ? { amount: Number(minor) } : { problem: 'too-large' };
}

/** readMoney's amount, or undefined when the text is not an amount of the currency. */
export function parseMoney(text: string, currency: string): number | undefined {
  return readMoney(text, currency).amount;
}
