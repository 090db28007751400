import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadEnglishSentences } from '../../../lib/english-sentences.js';
import { I18nProvider } from '../../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { answer, renderScreen } from '../../../test/school-test-utils.js';
import { CLASSES, MONTH, mockCalendar, OWN_FEED, SCHOOL_FEED } from '../testing/calendar.js';
import { CalendarScreen } from './CalendarScreen.js';

function renderIn(locale: 'en-XA' | 'fr' | 'ar') {
  mockCalendar('Principle', { 'POST calendar/feed': answer(201, { data: OWN_FEED }) });
  return renderScreen(
    <I18nProvider translator={testTranslator(locale)}>
      <CalendarScreen manage classes={CLASSES} />
    </I18nProvider>,
    { path: `/calendar?month=${MONTH}`, pattern: '/calendar' },
  );
}

/** The entries' own words, the classes, the addresses, and what the pseudo-locale formats as English. */
const DATA = [
  'Winter holiday',
  'Carol concert',
  'Book fair',
  'The hall',
  'KG',
  'Class 1',
  OWN_FEED.https,
  OWN_FEED.webcal,
  SCHOOL_FEED.https,
  SCHOOL_FEED.webcal,
  'November 2026',
  'December 2026',
  'January 2027',
  'Mon, 21 Dec 2026',
  'Fri, 1 Jan 2027',
  'Wed, 16 Dec 2026',
  'Wed, 9 Dec 2026',
  // The apps' own names, as they are written in every language.
  'Google',
  'Apple',
  'Outlook',
  'iPhone',
  'iPad',
  'Mac',
  'webcal',
  'https',
  'URL',
];

describe('the calendar in another language', () => {
  it('every text from the catalog: the list, the feeds and the principal’s form', async () => {
    const { container, user } = renderIn('en-XA');
    const t = testTranslator('en-XA').t;
    await screen.findByRole('article', { name: /Winter holiday/ });
    await user.click(screen.getByRole('button', { name: t('calendar.feeds.make') }));
    await screen.findByRole('status');
    await user.click(screen.getByRole('button', { name: t('calendar.add') }));
    await user.click(screen.getByLabelText(t('calendar.kind.event')));
    await user.click(screen.getByLabelText(t('calendar.form.allDay')));
    expect(untranslatedTexts(container, DATA)).toEqual([]);
  });

  it('in French', async () => {
    renderIn('fr');
    expect(await screen.findByRole('heading', { name: 'décembre 2026' })).toBeInTheDocument();
    const holiday = await screen.findByRole('article', { name: /Winter holiday/ });
    expect(within(holiday).getByText('Fermeture')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter une fermeture ou un événement' })).toBeInTheDocument();
  });

  it('says a missing first day in the page’s language', async () => {
    await loadEnglishSentences('fr');
    const { user } = renderIn('fr');
    const t = testTranslator('fr').t;
    await user.click(await screen.findByRole('button', { name: t('calendar.add') }));
    const form = screen.getByRole('form', { name: t('calendar.form.newTitle') });
    await user.clear(within(form).getByLabelText(t('calendar.form.startDate')));
    await user.click(within(form).getByRole('button', { name: t('calendar.form.save') }));
    expect(await within(form).findByText('Choisissez le premier jour')).toBeInTheDocument();
    expect(within(form).getByText(t('validation.calendar.enterTitle'))).toBeInTheDocument();
  });

  it('in Arabic, right to left', async () => {
    renderIn('ar');
    const holiday = await screen.findByRole('article', { name: /Winter holiday/ });
    expect(within(holiday).getByText('إغلاق')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'تقويمك' })).toBeInTheDocument();
  });
});
