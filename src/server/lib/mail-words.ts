/**
 * Small pieces of wording the mails to families share (docs/decisions/0024-family-mails.md): lists
 * and dates written for people, and how to reach the school.
 */

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** A day in words, "Friday, 20 November 2026": the one clock's (src/shared/school-time.ts). */
export { longDate } from '../../shared/school-time.js';

/**
 * How to reach the school, from its settings' email and phone (whichever are set), finishing a
 * sentence: "please contact the school by email at office@… or by phone on 555…".
 */
export function contactTheSchool(school: { email: string; phone: string }): string {
  const ways = [
    ...(school.email.trim() ? [`by email at ${school.email.trim()}`] : []),
    ...(school.phone.trim() ? [`by phone on ${school.phone.trim()}`] : []),
  ];
  return ways.length > 0
    ? `please contact the school ${ways.join(' or ')}.`
    : 'please contact the school office.';
}
