import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen } from '../../../test/school-test-utils.js';
import { GuardiansScreen } from './GuardiansScreen.js';

/** axe-core on the Guardians screen as jsdom renders it; contrast is left to a real browser (e2e/a11y.spec.ts). */
describe('Guardians: accessibility', () => {
  it('has no serious or critical axe violation', async () => {
    mockApi({
      'GET admin/pupils?status=active': {
        data: [{ id: 11, name: 'Ada Mensah', email: 'a@x', status: 'active', classId: 2, className: 'KG' }],
      },
      'GET users?type=Parent&status=active': { data: [] },
      'GET admin/guardians?studentId=11': {
        data: [
          {
            parentId: 31,
            parentName: 'Efua Mensah',
            parentEmail: 'efua@example.com',
            parentContact: '+1 555 0100',
            studentId: 11,
            studentName: 'Ada Mensah',
            className: 'KG',
            relationship: 'Mother',
            linkedAt: '2026-11-24T09:00:00.000Z',
          },
        ],
      },
    });
    const { container } = renderScreen(<GuardiansScreen />, {
      path: '/guardians?studentId=11',
      pattern: '/guardians',
    });
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
