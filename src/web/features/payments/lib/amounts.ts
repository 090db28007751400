import { z } from 'zod';
import { FEE_MESSAGES } from '../../../../shared/api/fees.js';
import { type AnyLocale, intlLocale } from '../../../../shared/i18n/locales.js';
import {
  BASIS_POINTS_IN_WHOLE,
  type MoneyTextProblem,
  readMoney,
  toDecimalText,
} from '../../../../shared/rules/money.js';

/**
 * What to tell the person who typed money readMoney refused: a fraction of the currency's minor
 * unit ("12.345" USD, "5.5" JPY) and too large an amount say so; anything else is `otherwise`.
 */
export function moneyTextMessage(problem: MoneyTextProblem, currency: string, otherwise: string): string {
  if (problem === 'fraction') return FEE_MESSAGES.amountFraction(currency);
  if (problem === 'too-large') return FEE_MESSAGES.amountTooLarge(currency);
  return otherwise;
}

/**
 * Money as typed in a fees form ("1,250.50") read into minor units of `currency` by readMoney, never
 * through a float; text that is no amount gets moneyTextMessage's reason. The forms pipe the number
 * into the contract's own amount schema, so its limits and messages stay the server's.
 */
export const moneyTextSchema = (currency: string, otherwise: string) =>
  z.string().transform((text, context) => {
    const { amount, problem } = readMoney(text, currency);
    if (problem !== undefined) {
      context.addIssue({ code: 'custom', message: moneyTextMessage(problem, currency, otherwise) });
      return z.NEVER;
    }
    return amount;
  });

/**
 * A percentage as typed ("12.5", "33.33", "100") in basis points (1250, 3333, 10000), read digit by
 * digit as money is (docs/decisions/0026-fees.md: no floating point on amounts); undefined when it
 * has more than two decimals or is outside 0.01 % to 100 %.
 */
export function parseBasisPoints(text: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/\s*%$/, ''));
  if (!match) return undefined;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints >= 1 && basisPoints <= BASIS_POINTS_IN_WHOLE ? basisPoints : undefined;
}

/**
 * Basis points as a percentage to read: 1250 -> "12.5 %", 10000 -> "100 %" in English; another
 * language writes it its own way ("12,5 %" in French). The decimal text goes to Intl as a string.
 */
export function formatBasisPoints(basisPoints: number, locale: AnyLocale = 'en'): string {
  const text = toDecimalText(basisPoints, 'USD').replace(/\.?0+$/, '');
  if (intlLocale(locale) === 'en') return `${text} %`;
  const format = new Intl.NumberFormat(intlLocale(locale), {
    style: 'unit',
    unit: 'percent',
    maximumFractionDigits: 2,
  });
  // Intl.NumberFormat v3 takes decimal strings exactly; the type definitions lag behind.
  return (format.format as (value: string) => string)(text);
}
