import { describe, expect, it } from 'vitest';
import { messagesFor } from '../messages/messages.js';
import { createTranslator, isolated, isPlainMessage } from './translator.js';

describe('people’s own words inside a plain-text sentence', () => {
  it('in Arabic, a name is isolated (FSI … PDI) so its punctuation stays with it', () => {
    const { t } = createTranslator('ar', {
      'x.saved': 'تم حفظ {name}.',
      'x.count': '{count} رسائل من {sender}',
    });
    expect(t('x.saved' as never, { name: 'Kofi Jr.' })).toBe('تم حفظ \u2068Kofi Jr.\u2069.');
    // Numbers and arguments that are not people's words are left as they are.
    expect(t('x.count' as never, { count: 3, sender: 'Ama' })).toBe(`3 رسائل من ${isolated('Ama')}`);
  });

  it('in English and French the sentence reads exactly as before', () => {
    for (const locale of ['en', 'fr'] as const) {
      const { t } = createTranslator(locale, messagesFor(locale));
      expect(t('errors.request.nothingAt', { method: 'GET', url: '/x' })).not.toContain('\u2068');
      expect(t('accounts.approvals.secondPrincipalTitle', { name: 'Kofi' })).not.toMatch(/[\u2068\u2069]/);
    }
    expect(
      createTranslator('en', messagesFor('en')).t('accounts.approvals.secondPrincipalTitle', {
        name: 'Kofi',
      }),
    ).toBe('Approve Kofi as a second principal?');
  });

  it('an Arabic catalog sentence with a name keeps the sentence’s own words around the isolated name', () => {
    const { t } = createTranslator('ar', messagesFor('ar'));
    expect(t('accounts.approvals.secondPrincipalTitle', { name: 'Kofi' })).toBe(
      `الموافقة على ${isolated('Kofi')} مديرًا ثانيًا للمدرسة؟`,
    );
  });
});

describe('plain messages need no parser', () => {
  it('a message with nothing ICU reads as syntax is plain; arguments, tags and apostrophes are not', () => {
    expect(isPlainMessage('Save Marks')).toBe(true);
    expect(isPlainMessage('Parent’s name — 3 seats # left!')).toBe(true);
    expect(isPlainMessage('Hello {name}')).toBe(false);
    expect(isPlainMessage('Read <link>more</link>')).toBe(false);
    expect(isPlainMessage("It''s")).toBe(false);
    expect(isPlainMessage("Don't")).toBe(false);
  });

  it('a plain message is its own text, the parser never asked; another goes to the parser', () => {
    const asked: string[] = [];
    const { t } = createTranslator(
      'en',
      { 'x.plain': 'Nothing to see # here', 'x.hello': 'Hello {name}' },
      {
        parse: (message) => {
          asked.push(message);
          return [{ type: 0, value: `parsed: ${message}` }] as never;
        },
      },
    );
    expect(t('x.plain' as never)).toBe('Nothing to see # here');
    expect(t('x.hello' as never)).toBe('parsed: Hello {name}');
    expect(asked).toEqual(['Hello {name}']);
  });
});
