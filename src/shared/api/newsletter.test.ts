import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD, isHoneypotFilled } from './newsletter.js';

describe('isHoneypotFilled', () => {
  it('an empty or missing trap is a person; any text in it is a bot', () => {
    expect(isHoneypotFilled({ name: 'Ann' })).toBe(false);
    expect(isHoneypotFilled({ [HONEYPOT_FIELD]: '' })).toBe(false);
    expect(isHoneypotFilled({ [HONEYPOT_FIELD]: '   ' })).toBe(false);
    expect(isHoneypotFilled({ [HONEYPOT_FIELD]: null })).toBe(false);
    expect(isHoneypotFilled({ [HONEYPOT_FIELD]: 'https://spam.example' })).toBe(true);
  });

  it('anything but text is a bot, however deeply it is nested', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(isHoneypotFilled({ [HONEYPOT_FIELD]: deep })).toBe(true);
    expect(isHoneypotFilled({ [HONEYPOT_FIELD]: [] })).toBe(true);
    expect(isHoneypotFilled({ [HONEYPOT_FIELD]: 0 })).toBe(true);
    expect(isHoneypotFilled({ [HONEYPOT_FIELD]: {} })).toBe(true);
  });
});
