import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { RegisterRow } from '../../../../shared/api/family.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { todayInZone } from '../lib/times.js';
import { TodayScreen } from './TodayScreen.js';

/**
 * axe-core on the Today screen as jsdom renders it (docs/decisions/0021-families.md#staff-screens):
 * no serious or critical violation, with the check-out dialog open too. Colour contrast needs a real
 * browser and is left to the e2e scan (e2e/a11y.spec.ts); the palette's ratios are in family-staff.css.
 */
async function blocking(root: Element): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

const TODAY = todayInZone(TEST_SCHOOL.timeZone);
const row = (studentId: number, studentName: string, extra: Partial<RegisterRow>): RegisterRow => ({
  studentId,
  studentName,
  image: null,
  checkedInAt: null,
  checkedOutAt: null,
  collectedBy: null,
  collectorKnown: null,
  reason: null,
  present: false,
  allergy: false,
  allergies: '',
  ...extra,
});

describe('Today: accessibility', () => {
  it('has no serious or critical axe violation, with the check-out dialog open too', async () => {
    mockApi({
      'GET teacher/assign_class': { data: [{ classId: 2, class_name: 'KG' }] },
      'GET users/profile': profile('Principle'),
      [`GET classes/2/register?date=${TODAY}`]: {
        date: TODAY,
        classId: 2,
        className: 'KG',
        data: [
          row(11, 'Ada Mensah', { allergy: true, allergies: 'peanuts' }),
          row(12, 'Ben Osei', { present: true, checkedInAt: '2026-11-24T13:12:00.000Z' }),
          row(13, 'Cara Diallo', {
            checkedInAt: '2026-11-24T13:00:00.000Z',
            checkedOutAt: '2026-11-24T20:04:00.000Z',
            collectedBy: 'Yaw Boateng',
            collectorKnown: false,
            reason: 'Grandfather',
          }),
        ],
      },
      'GET admin/checkout-overrides': { data: [] },
      'GET pupils/12/care': {
        data: {
          studentId: 12,
          studentName: 'Ben Osei',
          details: {
            emergencyContacts: [],
            medical: { allergies: '', conditions: '', medication: '', doctorName: '', doctorPhone: '' },
            pickups: [{ name: 'Kofi Osei', relationship: 'Uncle', phone: '+1 555 0100', photo: null }],
            photoConsent: true,
          },
          updatedAt: null,
          updatedBy: null,
          mayEdit: false,
          guardians: [{ name: 'Efua Osei', relationship: 'Mother' }],
        },
      },
    });
    const { user, container } = renderScreen(<TodayScreen />, { path: '/today', pattern: '/today' });
    const ben = await screen.findByRole('article', { name: 'Ben Osei' });
    await screen.findByText(/No child was collected/);
    expect(await blocking(container)).toEqual([]);

    await user.click(within(ben).getByRole('button', { name: 'Check out' }));
    await screen.findByRole('radio', { name: /Efua Osei/ });
    expect(await blocking(document.body)).toEqual([]);
  });
});
