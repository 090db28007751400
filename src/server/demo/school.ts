import { type Division, markSheet } from '../../shared/rules/mark-sheet.js';
import { CLASS_NAMES, SUBJECT_NAMES, TEACHERS, TIME_SLOT_LABELS } from './people.js';
import type { Random } from './random.js';

/**
 * The school-area plan of the demo, without a database: the weekly timetable, exam dates,
 * mark sheets and attendance days. `index.ts` turns it into rows.
 */

const DAY_MS = 86_400_000;

/** Midnight UTC of the given instant's calendar day. */
export const startOfUtcDay = (date: Date): number =>
  Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const addDays = (ms: number, days: number): number => ms + days * DAY_MS;
/** Monday to Saturday are school days. */
export const isSchoolDay = (ms: number): boolean => new Date(ms).getUTCDay() !== 0;

/** The `count` most recent school days strictly before `today`, oldest first. */
export function schoolDaysBefore(today: number, count: number): string[] {
  const days: string[] = [];
  for (let d = addDays(today, -1); days.length < count; d = addDays(d, -1)) {
    if (isSchoolDay(d)) days.push(isoDay(d));
  }
  return days.reverse();
}

/** The `count` school days starting `offset` days after `today`. */
export function schoolDaysFrom(today: number, offset: number, count: number): string[] {
  const days: string[] = [];
  for (let d = addDays(today, offset); days.length < count; d = addDays(d, 1)) {
    if (isSchoolDay(d)) days.push(isoDay(d));
  }
  return days;
}

/** A date of birth that makes the person exactly `age` whole years old on `today`. */
export function dateOfBirth(today: number, age: number, rng: Random): string {
  const now = new Date(today);
  const birthday = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  return isoDay(addDays(birthday, -rng.int(1, 330)));
}

export interface Lesson {
  className: string;
  subject: string;
  /** 0-based index into TIME_SLOT_LABELS. */
  slot: number;
  teacher: string;
}

/**
 * Each class has its six subjects on the six time slots, Monday to Saturday, taught by the
 * subject's teacher. The subject of class c at slot s is (s - c) mod 6, so a teacher who teaches
 * one subject in every class never needs two rooms at once. A few lessons are moved to another
 * teacher who is free at that time (`excluded`: teacher name -> class names they must not teach).
 */
export function planTimetable(excluded: Readonly<Record<string, readonly string[]>>): Lesson[] {
  const slots = TIME_SLOT_LABELS.length;
  if (SUBJECT_NAMES.length !== slots)
    throw new Error('The demo timetable needs as many subjects as time slots');
  const busy = new Map<string, Set<number>>(TEACHERS.map((t) => [t.name, new Set<number>()]));
  const lessons: Lesson[] = [];
  const pending: Lesson[] = [];
  CLASS_NAMES.forEach((className, c) => {
    SUBJECT_NAMES.forEach((subject, j) => {
      const slot = (j + c) % slots;
      const specialist = TEACHERS.find((t) => t.subject === subject);
      const lesson: Lesson = { className, subject, slot, teacher: specialist?.name ?? '' };
      if (!specialist || excluded[specialist.name]?.includes(className)) {
        pending.push(lesson);
      } else {
        busy.get(specialist.name)?.add(slot);
        lessons.push(lesson);
      }
    });
  });
  for (const lesson of pending) {
    const candidates = TEACHERS.filter(
      (t) => !busy.get(t.name)?.has(lesson.slot) && !excluded[t.name]?.includes(lesson.className),
    ).sort((a, b) => (busy.get(a.name)?.size ?? 0) - (busy.get(b.name)?.size ?? 0));
    const cover = candidates[0];
    if (!cover) throw new Error(`No free teacher for ${lesson.subject} in ${lesson.className}`);
    busy.get(cover.name)?.add(lesson.slot);
    lessons.push({ ...lesson, teacher: cover.name });
  }
  return lessons;
}

/** How the marks of the demo pupils are spread (40 pupils). */
export const DIVISION_PLAN: readonly Division[] = [
  ...Array<Division>(16).fill('First Division'),
  ...Array<Division>(12).fill('Second Division'),
  ...Array<Division>(7).fill('Third Division'),
  ...Array<Division>(5).fill('Fail'),
];

const clamp = (value: number, min: number, max: number): number =>
  Math.max(min, Math.min(max, Math.round(value)));

/** Six marks (0-100) whose mark sheet comes out as `division`. */
export function marksForDivision(division: Division, rng: Random, subjects = SUBJECT_NAMES.length): number[] {
  for (let attempt = 0; attempt < 200; attempt++) {
    let marks: number[];
    switch (division) {
      case 'First Division': {
        const mean = rng.range(64, 90);
        marks = Array.from({ length: subjects }, () => clamp(mean + rng.range(-11, 11), 45, 100));
        break;
      }
      case 'Second Division': {
        const mean = rng.range(47, 58);
        marks = Array.from({ length: subjects }, () => clamp(mean + rng.range(-9, 9), 35, 100));
        break;
      }
      case 'Third Division': {
        const mean = rng.range(36, 43);
        marks = Array.from({ length: subjects }, () => clamp(mean + rng.range(-3, 6), 33, 100));
        break;
      }
      default: {
        const mean = rng.range(42, 62);
        marks = Array.from({ length: subjects }, () => clamp(mean + rng.range(-10, 10), 35, 100));
        const failures = rng.chance(0.6) ? 1 : 2;
        for (const index of rng.shuffle(marks.map((_, i) => i)).slice(0, failures))
          marks[index] = rng.int(14, 31);
      }
    }
    const sheet = markSheet(marks.map((m, i) => ({ subjectName: String(i), marks: m })));
    if (sheet.division === division) return marks;
  }
  throw new Error(`Could not make marks for ${division}`);
}

export const ABSENCE_REASONS = [
  'Fever; mother called the office in the morning',
  'Stomach ache',
  'Bad cold, staying home to rest',
  'No message from home yet',
  'Ear infection, seen by the doctor',
] as const;

export const LEAVE_REASONS = [
  'Family wedding out of town (leave approved)',
  'Visiting grandparents',
  'Dentist appointment',
  'Religious holiday',
  'Family trip, approved by the principal',
] as const;

export interface AttendanceMark {
  status: 1 | 2 | 3;
  description: string;
}

/** One pupil's day: mostly present, now and then absent or on leave, with a reason. */
export function attendanceFor(rng: Random, absenceRate: number): AttendanceMark {
  const roll = rng.next();
  if (roll < absenceRate) return { status: 2, description: rng.pick(ABSENCE_REASONS) };
  if (roll < absenceRate * 1.8) return { status: 3, description: rng.pick(LEAVE_REASONS) };
  return { status: 1, description: '' };
}
