import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../test/i18n.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { ScreenPlaceholder } from './ScreenPlaceholder.js';

describe('ConfirmDialog and ScreenPlaceholder in other languages', () => {
  it('say their own words (Cancel, Please wait…) in the pseudo-locale', () => {
    const t = testTranslator('en-XA');
    const { rerender } = render(
      <I18nProvider translator={t}>
        <ConfirmDialog title="Delete it?" confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}}>
          <p>Gone for good.</p>
        </ConfirmDialog>
        <ScreenPlaceholder />
      </I18nProvider>,
    );
    // The title, text and confirm label are the caller's (translated where the caller is).
    const caller = ['Delete it?', 'Delete', 'Gone for good.'];
    expect(untranslatedTexts(document.body, caller)).toEqual([]);
    rerender(
      <I18nProvider translator={t}>
        <ConfirmDialog title="Delete it?" confirmLabel="Delete" busy onConfirm={() => {}} onCancel={() => {}}>
          <p>Gone for good.</p>
        </ConfirmDialog>
      </I18nProvider>,
    );
    expect(untranslatedTexts(document.body, caller)).toEqual([]);
  });

  it('Arabic: Cancel', () => {
    render(
      <I18nProvider translator={testTranslator('ar')}>
        <ConfirmDialog title="حذف؟" confirmLabel="حذف" onConfirm={() => {}} onCancel={() => {}}>
          <p>…</p>
        </ConfirmDialog>
      </I18nProvider>,
    );
    expect(screen.getByRole('button', { name: 'إلغاء' })).toHaveFocus();
  });
});
