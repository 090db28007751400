import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderGuardians } from '../testing/guardians.js';

/** axe-core on the Guardians screen as jsdom renders it; contrast is left to a real browser (e2e/a11y.spec.ts). */
describe('Guardians: accessibility', () => {
  it('has no serious or critical axe violation', async () => {
    const { container } = renderGuardians();
    await screen.findByRole('button', { name: 'Unlink Efua Mensah' });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.passes.length).toBeGreaterThan(0);
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
  });
});
