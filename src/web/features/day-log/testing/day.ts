import type { ChildDay, LogEntry } from '../../../../shared/api/day-log.js';
import { todayInZone } from '../../../lib/school-time.js';
import { TEST_SCHOOL } from '../../../test/school.js';

/** The daily log's tests' school: Ben Osei (12) in KG, his day of today. */
export const TODAY = todayInZone(TEST_SCHOOL.timeZone);

export const entry = (overrides: Partial<LogEntry>): LogEntry => ({
  id: 1,
  studentId: 12,
  studentName: 'Ben Osei',
  day: TODAY,
  time: '12:15',
  detail: { kind: 'meal', what: 'Lunch', amount: 'all' },
  recordedBy: 'Amara Okafor',
  recordedAt: '2026-11-24T17:15:00.000Z',
  acknowledged: null,
  ...overrides,
});

export const INCIDENT = entry({
  id: 2,
  time: '10:30',
  detail: { kind: 'incident', what: 'Fell off the slide', firstAid: 'Cold pack', witnessedBy: 'Ms Ada' },
});

export const childDay = (overrides: Partial<ChildDay> = {}): { data: ChildDay } => ({
  data: {
    date: TODAY,
    studentId: 12,
    studentName: 'Ben Osei',
    items: [
      { type: 'arrival', time: '08:12', at: '2026-11-24T13:12:00.000Z', recordedBy: 'Amara Okafor' },
      { type: 'log', time: '10:30', entry: INCIDENT },
      { type: 'log', time: '12:15', entry: entry({}) },
      { type: 'collection', time: '15:04', at: '2026-11-24T20:04:00.000Z', collectedBy: 'Efua Osei' },
    ],
    isGuardian: true,
    unacknowledged: 1,
    ...overrides,
  },
});
