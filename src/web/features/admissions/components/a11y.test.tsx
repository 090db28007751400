import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n.js';
import { seriousAxeViolations as blocking } from '../../../test/axe.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { ApplicationPage } from './ApplicationPage.js';
import { DRAFT_VIEW, OPEN_OFFER, SENT_VIEW, TOKEN } from './family-links.fixtures.js';
import { OfferReplyPage } from './OfferReplyPage.js';

/**
 * The family's admission pages (docs/decisions/0103-the-application-families-fill-in.md): axe-clean at
 * a phone's and a desktop's width (the form with its checks failed, the summary, the offer), every
 * text from the catalogs, and in French and Arabic.
 */

const initialWidth = window.innerWidth;
function atWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}
afterEach(() => atWidth(initialWidth));

const routes = (view = DRAFT_VIEW) => ({
  'POST admissions/application': { data: view },
  'POST admissions/offer': { data: OPEN_OFFER },
});
const apply = (ui = <ApplicationPage />, view = DRAFT_VIEW) => {
  mockApi(routes(view));
  return renderScreen(ui, { path: `/apply?token=${TOKEN}`, pattern: '/apply' });
};
const reply = (ui = <OfferReplyPage />) => {
  mockApi(routes());
  return renderScreen(ui, { path: `/offer?token=${TOKEN}`, pattern: '/offer' });
};

// The data the fixtures put on the screen.
const DATA = ['Lina', 'KG', 'Class 1', '2026–2027', 'birth.pdf', DRAFT_VIEW.terms, '2026-12-05', 'MB', 'KB'];

describe('the family’s admission pages: accessibility and languages', () => {
  it.each([375, 1280])('at %i px: the application with its checks failed, then the offer', async (width) => {
    atWidth(width);
    const { container, user, unmount } = apply();
    await screen.findByRole('button', { name: 'Send the application' });
    expect(await blocking(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send the application' }));
    await screen.findByText('Please correct the marked fields.');
    expect(await blocking(container)).toEqual([]);
    unmount();
    const sent = apply(<ApplicationPage />, SENT_VIEW);
    await screen.findByRole('heading', { name: 'Your application' });
    expect(await blocking(sent.container)).toEqual([]);
    sent.unmount();
    const offer = reply();
    await screen.findByRole('button', { name: 'Accept the seat' });
    expect(await blocking(offer.container)).toEqual([]);
  });

  it('every text from the catalog', async () => {
    const pseudo = testTranslator('en-XA');
    const { container, unmount } = apply(
      <I18nProvider translator={pseudo}>
        <ApplicationPage />
      </I18nProvider>,
    );
    await screen.findByRole('button', { name: pseudo.t('admissions.apply.send') });
    expect(untranslatedTexts(container, DATA)).toEqual([]);
    unmount();
    const offer = reply(
      <I18nProvider translator={pseudo}>
        <OfferReplyPage />
      </I18nProvider>,
    );
    await screen.findByRole('button', { name: pseudo.t('admissions.reply.accept') });
    expect(untranslatedTexts(offer.container, DATA)).toEqual([]);
  });

  it('in French and Arabic', async () => {
    const { unmount } = apply(
      <I18nProvider translator={testTranslator('fr')}>
        <ApplicationPage />
      </I18nProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Dossier de candidature de Lina' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer le brouillon' })).toBeInTheDocument();
    unmount();
    reply(
      <I18nProvider translator={testTranslator('ar')}>
        <OfferReplyPage />
      </I18nProvider>,
    );
    expect(await screen.findByRole('button', { name: 'قبول المقعد' })).toBeInTheDocument();
  });
});
