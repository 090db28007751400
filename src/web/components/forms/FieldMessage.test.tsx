import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../test/i18n.js';
import { FieldMessage } from './FieldMessage.js';
import { FormAlert } from './fields.js';

/** A field's message may be a catalog key (shown in the page's language) or a text (shown as it is). */
describe('FieldMessage and FormAlert', () => {
  it('show a key in English as the contract words it, and a text as it is', () => {
    render(
      <>
        <FieldMessage id="name-error" message="validation.enterName" />
        <FormAlert message="Sent as it is" />
      </>,
    );
    expect(screen.getByText('Please enter your name')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Sent as it is');
  });

  it('show a key in French and in the pseudo-locale, leaving no English behind', () => {
    const { unmount } = render(
      <I18nProvider translator={testTranslator('fr')}>
        <FieldMessage id="email-error" message="validation.invalidEmail" />
      </I18nProvider>,
    );
    expect(screen.getByText('Veuillez saisir une adresse e-mail valide')).toBeTruthy();
    unmount();
    const { container } = render(
      <I18nProvider translator={testTranslator('en-XA')}>
        <FieldMessage id="email-error" message="validation.invalidEmail" />
        <FormAlert message="validation.user.enterPassword" />
      </I18nProvider>,
    );
    expect(untranslatedTexts(container)).toEqual([]);
  });
});
