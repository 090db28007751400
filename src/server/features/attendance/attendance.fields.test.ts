import { describe, expect, it } from 'vitest';
import { ATTENDANCE_FIELDS, fromWire, toWire } from './attendance.fields.js';

describe('the attendance field table', () => {
  it('maps the wire names to the inside names and back, other keys as they are', () => {
    const wire = { att_date: '2026-11-02', userid: 7, att_status: 2, discription: 'Fever', id: 1 };
    const inside = fromWire(wire);
    expect(inside).toEqual({ date: '2026-11-02', studentId: 7, status: 2, description: 'Fever', id: 1 });
    expect(toWire(inside)).toEqual(wire);
  });

  it('names every wire field once', () => {
    const wires = Object.values(ATTENDANCE_FIELDS);
    expect(new Set(wires).size).toBe(wires.length);
  });
});
