import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations as blocking } from '../../../test/axe.js';
import { ADA, BEN, CARA, register, renderToday, TODAY } from '../testing/today.js';

/**
 * axe-core on the Today screen as jsdom renders it (docs/decisions/0021-families.md#staff-screens):
 * no serious or critical violation, with the check-out dialog open too. Colour contrast needs a real
 * browser and is left to the e2e scan (e2e/a11y.spec.ts); the palette's ratios are in family-staff.css.
 */
describe('Today: accessibility', () => {
  it('has no serious or critical axe violation, with the check-out dialog open too', async () => {
    const { user, container } = renderToday(
      {
        [`GET classes/2/register?date=${TODAY}`]: register([
          { ...ADA, outings: false },
          BEN,
          { ...CARA, collectedBy: 'Yaw Boateng', collectorKnown: false, reason: 'Grandfather' },
        ]),
        'GET admin/checkout-overrides': { data: [] },
      },
      'Principle',
    );
    const ben = await screen.findByRole('article', { name: 'Ben Osei' });
    await screen.findByText(/No child was collected/);
    expect(await blocking(container)).toEqual([]);

    await user.click(within(ben).getByRole('button', { name: 'Check out' }));
    await screen.findByRole('radio', { name: /Efua Osei/ });
    expect(await blocking(document.body)).toEqual([]);
  });
});
