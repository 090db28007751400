import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '../../../test/console.js';
import { apiError, mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { OPEN_OFFER, TOKEN } from './family-links.fixtures.js';
import { OfferReplyPage } from './OfferReplyPage.js';

/** An offer's reply page (docs/decisions/0102-the-admissions-pipeline.md): accept or decline, then what became of it. */

const open = (routes: Record<string, object>) => {
  const api = mockApi(routes);
  const view = renderScreen(<OfferReplyPage />, {
    path: `/offer?token=${TOKEN}`,
    pattern: '/offer',
  });
  return { api, ...view };
};

describe('the offer reply page', () => {
  it('accepts an open offer through the link’s token', async () => {
    const { api, user } = open({
      'POST admissions/offer': { data: OPEN_OFFER },
      'POST admissions/offer/reply': { data: { ...OPEN_OFFER, state: 'accepted' } },
    });
    expect(
      await screen.findByText(/offer Lina a seat in KG for the school year 2026–2027/),
    ).toBeInTheDocument();
    expect(screen.getByText('Please reply by 2026-12-05.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept the seat' }));
    expect(await screen.findByText(/You accepted the seat/)).toBeInTheDocument();
    expect(api.requests.find((r) => r.path === 'admissions/offer/reply')?.body).toEqual({
      token: TOKEN,
      answer: 'accept',
    });
    expect(screen.queryByRole('button', { name: 'Decline the offer' })).toBeNull();
  });

  it.each([
    ['expired', /deadline of this offer has passed/],
    ['declined', /You declined the offer/],
    ['withdrawn', /no longer open/],
  ] as const)('shows an offer %s without buttons', async (state, text) => {
    open({ 'POST admissions/offer': { data: { ...OPEN_OFFER, state } } });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept the seat' })).toBeNull();
  });

  it('says a link that opens nothing is not valid', async () => {
    allowConsoleErrors();
    open({ 'POST admissions/offer': apiError(404, 'NOT_FOUND', 'That offer was not found.') });
    expect(await screen.findByText(/This link is not valid/)).toBeInTheDocument();
  });

  it('shows the server’s refusal when the deadline passed meanwhile, then the offer as it is', async () => {
    let calls = 0;
    const { user } = open({
      'POST admissions/offer': () => ({ data: { ...OPEN_OFFER, state: calls++ === 0 ? 'open' : 'expired' } }),
      'POST admissions/offer/reply': apiError(
        409,
        'OFFER_EXPIRED',
        'The reply deadline of this offer has passed.',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept the seat' }));
    expect(await screen.findByText(/Please contact the school/)).toBeInTheDocument();
  });
});
