import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CatalogMessage, SchoolWord, WordSearch } from '../../../../shared/api/words.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { answer, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { WordsScreen } from './WordsScreen.js';

const TITLE = 'public-site.title.registation';
const NAV = 'layout.nav.registration';

const message = (overrides: Partial<CatalogMessage> = {}): CatalogMessage => ({
  key: TITLE,
  english: 'Registation form',
  original: 'Registation form',
  replacement: null,
  ...overrides,
});

const stored = (overrides: Partial<SchoolWord> = {}): SchoolWord => ({
  locale: 'en',
  key: NAV,
  text: 'Registration',
  original: 'Registation',
  english: 'Registation',
  applies: true,
  updatedAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

const search = (data: CatalogMessage[]): WordSearch => ({ data, total: data.length });

function renderWords(locale?: 'fr' | 'ar' | 'en-XA', routes: Record<string, unknown> = {}) {
  let replaced: CatalogMessage | undefined;
  const api = mockApi({
    'GET admin/words?locale=en': { data: [stored()] },
    'GET admin/words?locale=fr': { data: [] },
    'GET admin/words?locale=ar': { data: [] },
    'GET admin/words/messages?locale=en&q=Registation': () => search([replaced ?? message()]),
    [`PUT admin/words/en/${TITLE}`]: (request) => {
      const text = (request.body as { text: string }).text;
      if (text.includes('{')) {
        return answer(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The text was not saved.',
            details: [{ field: 'text', message: 'The text uses {form}, which the original does not have.' }],
          },
        });
      }
      replaced = message({ replacement: text });
      return {
        data: stored({ key: TITLE, text, original: 'Registation form', english: 'Registation form' }),
      };
    },
    [`DELETE admin/words/en/${NAV}`]: answer(204),
    ...routes,
  });
  const ui = <WordsScreen />;
  return {
    ...renderScreen(locale ? <I18nProvider translator={testTranslator(locale)}>{ui}</I18nProvider> : ui, {
      path: '/words',
      pattern: '/words',
    }),
    api,
  };
}

describe('WordsScreen', () => {
  it('opens on the texts the school replaced, each beside the contract’s wording', async () => {
    renderWords();
    const list = await screen.findByRole('list', { name: 'Texts you replaced' });
    const entry = within(within(list).getByRole('listitem', { name: NAV }));
    expect(entry.getByText('Replaced')).toBeInTheDocument();
    expect(entry.getByText('Registation')).toBeInTheDocument();
    expect(entry.getByRole('textbox', { name: 'Your text' })).toHaveValue('Registration');
  });

  it('finds "Registation", saves the school’s text, and says so', async () => {
    const { user, api } = renderWords();
    await user.type(await screen.findByRole('searchbox', { name: 'Find a text' }), 'Registation');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Texts that match' });
    expect(screen.getByText('1 text matches.')).toBeInTheDocument();
    const entry = within(within(results).getByRole('listitem', { name: TITLE }));
    const box = entry.getByRole('textbox', { name: 'Your text' });
    expect(box).toHaveValue('Registation form');
    await user.clear(box);
    await user.type(box, 'Registration form');
    await user.click(entry.getByRole('button', { name: `Save your text for ${TITLE}` }));
    await waitFor(() => expect(api.calls('PUT')).toEqual([`PUT admin/words/en/${TITLE}`]));
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ text: 'Registration form' });
    // The list loads again: the text is marked replaced and can be reset.
    expect(await screen.findByRole('button', { name: `Reset ${TITLE} to the original` })).toBeInTheDocument();
  });

  it('shows why the server refused a text, where it was typed', async () => {
    const { user } = renderWords();
    await user.type(await screen.findByRole('searchbox', { name: 'Find a text' }), 'Registation');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const entry = within(await screen.findByRole('listitem', { name: TITLE }));
    const box = entry.getByRole('textbox', { name: 'Your text' });
    await user.clear(box);
    await user.type(box, 'Registration {{form}');
    await user.click(entry.getByRole('button', { name: `Save your text for ${TITLE}` }));
    expect(await entry.findByRole('alert')).toHaveTextContent(
      'The text uses {form}, which the original does not have.',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('resets a replaced text', async () => {
    const { user, api } = renderWords();
    await user.click(await screen.findByRole('button', { name: `Reset ${NAV} to the original` }));
    await waitFor(() => expect(api.calls('DELETE')).toEqual([`DELETE admin/words/en/${NAV}`]));
  });

  it('edits another language with the English beside it, written in that language’s direction', async () => {
    const { user } = renderWords('ar', {
      'GET admin/words?locale=ar': {
        data: [stored({ locale: 'ar', text: 'التسجيل', original: 'التسجيل', english: 'Registation' })],
      },
    });
    const list = await screen.findByRole('list', { name: 'النصوص التي استبدلتها' });
    const entry = within(list);
    expect(entry.getByText('Registation')).toHaveAttribute('lang', 'en');
    expect(entry.getByRole('textbox', { name: 'نصك' })).toHaveAttribute('dir', 'rtl');
    await user.selectOptions(screen.getByRole('combobox', { name: 'اللغة' }), 'fr');
    expect(await screen.findByText('لم يُستبدل أي نص بهذه اللغة بعد.')).toBeInTheDocument();
  });

  it('speaks the pseudo-locale everywhere but the texts themselves and the keys', async () => {
    const { container } = renderWords('en-XA');
    await screen.findByRole('list', { name: /⟦/ });
    expect(
      untranslatedTexts(container, [NAV, 'Registation', 'Registration', 'English', 'Français', 'العربية']),
    ).toEqual([]);
  });

  it('has no serious or critical axe violation, with the replaced texts and with a search’s results', async () => {
    const { user, container } = renderWords();
    await screen.findByRole('list', { name: 'Texts you replaced' });
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.type(screen.getByRole('searchbox', { name: 'Find a text' }), 'Registation');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('list', { name: 'Texts that match' });
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
