import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { MAIL_MESSAGES } from '../../../../shared/api/mail.js';
import { I18nProvider, type MessageKey } from '../../../lib/i18n.js';
import { seriousAxeViolations } from '../../../test/axe.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { answer, apiError, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import type { NewsletterLinkAction } from '../api/links.js';
import { NEWSLETTER_LINK_TEXTS, NewsletterLinkPage } from './NewsletterLinkPage.js';

const english = testTranslator();
const en = (key: MessageKey): string => english.t(key);

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

function open(action: NewsletterLinkAction, search: string, routes: Record<string, object> = {}) {
  const api = mockApi({
    'POST newsletter/confirm': { data: { message: MAIL_MESSAGES.subscriptionConfirmed } },
    'POST newsletter/unsubscribe': { data: { message: MAIL_MESSAGES.unsubscribed } },
    ...routes,
  });
  // StrictMode runs the page's effect twice, as the development build does: still one POST.
  const view = renderScreen(
    <StrictMode>
      <NewsletterLinkPage action={action} />
    </StrictMode>,
    { path: `/newsletter/${action}${search}`, pattern: `/newsletter/${action}` },
  );
  return { api, ...view };
}

/** The Authorization header of each call the page made. */
const authorizationOf = (api: ReturnType<typeof open>['api']) =>
  api.spy.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'));

describe('the newsletter link pages', () => {
  it('/newsletter/confirm confirms on opening, once, without the session of this browser', async () => {
    const { api } = open('confirm', `?token=${TOKEN}`);
    expect(await screen.findByText(MAIL_MESSAGES.subscriptionConfirmed)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: en(NEWSLETTER_LINK_TEXTS.confirm.title) }),
    ).toBeInTheDocument();
    expect(api.requests).toEqual([{ method: 'POST', path: 'newsletter/confirm', body: { token: TOKEN } }]);
    expect(authorizationOf(api)).toEqual([null]);
    expect(screen.getByRole('link', { name: en(NEWSLETTER_LINK_TEXTS.home) })).toHaveAttribute('href', '/');
  });

  it('/newsletter/unsubscribe unsubscribes on opening: the click in the mail is the one click', async () => {
    const { api } = open('unsubscribe', `?token=${TOKEN}`);
    expect(await screen.findByText(MAIL_MESSAGES.unsubscribed)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MAIL_MESSAGES.unsubscribed);
    expect(screen.getByText(en(NEWSLETTER_LINK_TEXTS.unsubscribe.next))).toBeInTheDocument();
    expect(api.calls()).toEqual(['POST newsletter/unsubscribe']);
  });

  it('says a link without a token is not valid, and asks nothing', async () => {
    const { api } = open('confirm', '');
    expect(await screen.findByRole('alert')).toHaveTextContent(MAIL_MESSAGES.confirmLinkInvalid);
    expect(api.calls()).toEqual([]);
  });

  it('says an unknown or used link is not valid', async () => {
    allowConsoleErrors();
    open('unsubscribe', '?token=gone', {
      'POST newsletter/unsubscribe': apiError(404, 'LINK_INVALID', MAIL_MESSAGES.unsubscribeLinkInvalid),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MAIL_MESSAGES.unsubscribeLinkInvalid);
    expect(screen.queryByText(MAIL_MESSAGES.unsubscribed)).not.toBeInTheDocument();
  });

  it('offers Try again when the school could not be reached', async () => {
    allowConsoleErrors();
    let calls = 0;
    const { user } = open('confirm', `?token=${TOKEN}`, {
      'POST newsletter/confirm': () => {
        calls += 1;
        return calls === 1 ? answer(503) : { data: { message: MAIL_MESSAGES.subscriptionConfirmed } };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(en(NEWSLETTER_LINK_TEXTS.failed));
    await user.click(screen.getByRole('button', { name: en(NEWSLETTER_LINK_TEXTS.retry) }));
    expect(await screen.findByText(MAIL_MESSAGES.subscriptionConfirmed)).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows a 429 in the server’s words', async () => {
    allowConsoleErrors();
    open('unsubscribe', `?token=${TOKEN}`, {
      'POST newsletter/unsubscribe': apiError(
        429,
        'TOO_MANY_REQUESTS',
        'Too many requests from this address.',
      ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests from this address.');
  });

  it('has no serious or critical axe violation', async () => {
    const { container } = open('confirm', `?token=${TOKEN}`);
    await screen.findByText(MAIL_MESSAGES.subscriptionConfirmed);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('speaks the pseudo-locale, and French once confirmed', async () => {
    mockApi({ 'POST newsletter/confirm': { data: { message: MAIL_MESSAGES.subscriptionConfirmed } } });
    const { container, unmount } = renderScreen(
      <I18nProvider translator={testTranslator('en-XA')}>
        <NewsletterLinkPage action="confirm" />
      </I18nProvider>,
      { path: `/newsletter/confirm?token=${TOKEN}`, pattern: '/newsletter/confirm' },
    );
    await waitFor(() => expect(container.querySelector('.alert-success')).not.toBeNull());
    expect(untranslatedTexts(container)).toEqual([]);
    unmount();
    renderScreen(
      <I18nProvider translator={testTranslator('fr')}>
        <NewsletterLinkPage action="confirm" />
      </I18nProvider>,
      { path: `/newsletter/confirm?token=${TOKEN}`, pattern: '/newsletter/confirm' },
    );
    expect(
      await screen.findByText('Merci ! Votre abonnement à la lettre d’information est confirmé.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });
});
