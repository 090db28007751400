import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../shared/api/user-form-fields.js';
import type { MessageKey } from '../../shared/i18n/message-keys.js';
import { messagesFor } from '../../shared/messages/messages.js';
import { testTranslator } from '../test/i18n.js';
import { readEnglishSentence } from './english-sentence-reader.js';
import { loadEnglishSentences, plainEnglish } from './english-sentences.js';
import { messageText } from './form-errors.js';

describe('the shared schemas’ English sentences in the page’s language', () => {
  it('reads every English message without arguments as the full formatter does', () => {
    const english = testTranslator('en');
    const plain = Object.entries(messagesFor('en', ['validation', 'errors'])).filter(
      ([, message]) => typeof message === 'string' && !/\{\s*[a-zA-Z]/.test(message),
    );
    expect(plain.length).toBeGreaterThan(50);
    for (const [key, message] of plain) {
      expect(plainEnglish(String(message)), key).toBe(english.t(key as MessageKey));
    }
    expect(plainEnglish("Don''t send '{'braces'}'")).toBe("Don't send {braces}");
  });

  it('loads nothing on an English page, and says a schema’s sentence in French once loaded on a French one', async () => {
    const french = testTranslator('fr');
    await loadEnglishSentences('en');
    expect(readEnglishSentence(french, USER_MESSAGES.enterEmail)).toBeUndefined();
    await loadEnglishSentences('fr');
    expect(messageText(french, USER_MESSAGES.enterEmail)).toBe(french.t('validation.enterEmail'));
    const arabic = messageText(testTranslator('ar'), USER_MESSAGES.enterDob);
    expect(arabic).toMatch(/[\u0600-\u06FF]/);
    expect(arabic).not.toMatch(/[A-Za-z]/);
    // With arguments: the values are read back from the English sentence.
    expect(messageText(french, USER_MESSAGES.chooseType)).toBe(french.t('validation.user.chooseType'));
    // Text that no catalog has stays as it is; a catalog key is the page's message.
    expect(messageText(french, 'Mia Stone')).toBe('Mia Stone');
    expect(messageText(french, 'validation.enterEmail')).toBe(french.t('validation.enterEmail'));
  });
});
