import { describe, expect, it } from 'vitest';
import {
  ADMISSION_MOVES,
  ADMISSION_STAGES,
  mayMove,
  offerOpen,
  waitingPositions,
} from './admission-stages.js';

describe('admission moves', () => {
  it('follow the pipeline', () => {
    expect(mayMove('enquiry', 'visit')).toBe(true);
    expect(mayMove('visit', 'offered')).toBe(true);
    expect(mayMove('offered', 'accepted')).toBe(true);
    expect(mayMove('waiting', 'offered')).toBe(true);
    expect(mayMove('closed', 'enquiry')).toBe(true);
  });

  it('refuse what the table does not list', () => {
    expect(mayMove('enquiry', 'accepted')).toBe(false);
    expect(mayMove('closed', 'offered')).toBe(false);
    expect(mayMove('enrolled', 'closed')).toBe(false);
  });

  it('never reach "enrolled" by hand, only by the enrolment', () => {
    expect(mayMove('accepted', 'enrolled')).toBe(false);
    expect(mayMove('accepted', 'enrolled', false)).toBe(true);
    for (const stage of ADMISSION_STAGES) expect(mayMove(stage, 'enrolled')).toBe(false);
  });

  it('name only known stages', () => {
    for (const targets of Object.values(ADMISSION_MOVES))
      for (const target of targets) expect(ADMISSION_STAGES).toContain(target);
  });
});

describe('waiting-list places', () => {
  it('go by when the family joined, then by case, with no gaps', () => {
    const places = waitingPositions([
      { id: 9, waitingSince: '2026-11-03T10:00:00.000Z' },
      { id: 4, waitingSince: '2026-11-01T10:00:00.000Z' },
      { id: 2, waitingSince: '2026-11-03T10:00:00.000Z' },
    ]);
    expect([...places]).toEqual([
      [4, 1],
      [2, 2],
      [9, 3],
    ]);
  });
});

describe('an offer', () => {
  it('is open until the end of its deadline', () => {
    expect(offerOpen('2026-12-01', '2026-12-01')).toBe(true);
    expect(offerOpen('2026-12-01', '2026-12-02')).toBe(false);
  });
});
