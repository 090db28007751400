import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../../test/axe.js';
import { detail, en, renderOutbox, WAITING } from '../testing/outbox.js';
import { OUTBOX_TEXTS } from './texts.js';

/** axe-core on the Outbox as jsdom renders it; contrast is left to a real browser (e2e/a11y.spec.ts). */
describe('Outbox: accessibility', () => {
  it('has no serious or critical axe violation, with the notice, a mail open and the settings', async () => {
    const { container } = renderOutbox(
      {
        'GET admin/outbox': {
          data: [WAITING],
          total: 1,
          page: 1,
          pageSize: 50,
          counts: { waiting: 1, sent: 0, failed: 0 },
          sending: false,
        },
        'GET admin/outbox/2': { data: detail(WAITING, 'Dear Ama Mensah,\n\nAda was absent today.') },
      },
      '/outbox?mail=2',
    );
    await screen.findByRole('figure', { name: en(OUTBOX_TEXTS.body) });
    await screen.findByRole('switch', { name: en(OUTBOX_TEXTS.absenceAlerts) });
    await screen.findByText(en(OUTBOX_TEXTS.notSending));
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
