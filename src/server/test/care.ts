import type { CareDetails } from '../../shared/api/family.js';
import { demoCareOf } from '../demo/care.js';
import { STUDENT_EMAIL } from '../demo/people.js';

/**
 * The care document the tests save for student@ (Aisha Rahman): the demo's (server/demo/care.ts)
 * with a sesame allergy instead of her asthma note, and an uncle besides her grandmother who may
 * collect her (his name with two spaces, as typed).
 */
export function sampleCare(): CareDetails {
  const demo = demoCareOf(STUDENT_EMAIL);
  return {
    ...demo,
    medical: { ...demo.medical, allergies: 'Sesame', conditions: '' },
    pickups: [
      ...demo.pickups,
      { name: 'Uncle  Bilal', relationship: 'Uncle', phone: '+1 555 0142 900', photo: null },
    ],
  };
}
