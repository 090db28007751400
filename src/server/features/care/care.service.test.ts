import { describe, expect, it } from 'vitest';
import { type CareDetails, EMPTY_CARE_DETAILS } from '../../../shared/api/family.js';
import { addDaysIso, dateInZone } from '../../../shared/school-time.js';
import { zonedInstant } from '../../demo/care.js';
import { careChanges, nameKey } from './care.service.js';

const BASE: CareDetails = {
  ...EMPTY_CARE_DETAILS,
  emergencyContacts: [{ name: 'Mariam Rahman', relationship: 'Mother', phone: '+1 555 0142 310' }],
  pickups: [
    { name: 'Ama Rahman', relationship: 'Grandmother', phone: '+1 555 0142 977', photo: null },
    { name: 'Bilal Rahman', relationship: 'Uncle', phone: '+1 555 0142 900', photo: null },
  ],
};

describe('careChanges: the history of a save', () => {
  it('nothing changed: no entries', () => {
    expect(careChanges(BASE, structuredClone(BASE))).toEqual([]);
  });

  it('names each changed leaf by its path, with before and after', () => {
    const after = structuredClone(BASE);
    after.medical.allergies = 'Peanuts';
    after.photoConsent = { ...after.photoConsent, ownFamily: true };
    const second = after.pickups[1];
    if (second) second.phone = '+1 555 0000 001';
    expect(careChanges(BASE, after)).toEqual([
      { field: 'medical.allergies', from: '', to: 'Peanuts' },
      { field: 'pickups[1].phone', from: '+1 555 0142 900', to: '+1 555 0000 001' },
      { field: 'photoConsent.ownFamily', from: 'No', to: 'Yes' },
    ]);
  });

  it('a removed entry shows its fields going to empty; a photo shows as its path', () => {
    const after = structuredClone(BASE);
    after.pickups = [{ ...BASE.pickups[1], photo: 'care/abc.webp' } as CareDetails['pickups'][number]];
    expect(careChanges(BASE, after)).toEqual([
      { field: 'pickups[0].name', from: 'Ama Rahman', to: 'Bilal Rahman' },
      { field: 'pickups[0].relationship', from: 'Grandmother', to: 'Uncle' },
      { field: 'pickups[0].phone', from: '+1 555 0142 977', to: '+1 555 0142 900' },
      { field: 'pickups[0].photo', from: '', to: 'care/abc.webp' },
      { field: 'pickups[1].name', from: 'Bilal Rahman', to: '' },
      { field: 'pickups[1].relationship', from: 'Uncle', to: '' },
      { field: 'pickups[1].phone', from: '+1 555 0142 900', to: '' },
    ]);
  });
});

describe('nameKey: matching a collector', () => {
  it('ignores case and spacing', () => {
    expect(nameKey('  Ama   RAHMAN ')).toBe(nameKey('ama rahman'));
    expect(nameKey('Ama\tRahman')).toBe('ama rahman');
    expect(nameKey('Ama Rahmann')).not.toBe(nameKey('Ama Rahman'));
  });
});

describe('school-zone dates', () => {
  it('the date of an instant in a time zone', () => {
    const lateEvening = new Date('2026-11-20T03:30:00Z');
    expect(dateInZone(lateEvening, 'UTC')).toBe('2026-11-20');
    expect(dateInZone(lateEvening, 'America/New_York')).toBe('2026-11-19');
    expect(dateInZone(new Date('2026-11-19T12:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-20');
    // A zone this runtime does not know: the device's, as with no zone at all.
    expect(dateInZone(lateEvening, 'Not/A_Zone')).toBe(dateInZone(lateEvening, undefined));
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('the demo places a wall-clock time of a day in the school’s zone', () => {
    expect(zonedInstant('2026-11-19', 8, 15, 'America/New_York')).toBe('2026-11-19T13:15:00.000Z');
    expect(zonedInstant('2026-07-01', 8, 15, 'America/New_York')).toBe('2026-07-01T12:15:00.000Z');
    expect(zonedInstant('2026-11-19', 8, 15, 'UTC')).toBe('2026-11-19T08:15:00.000Z');
  });
});
