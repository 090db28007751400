import { z } from 'zod';
import { ClassAttendanceRowSchema } from './school.js';

/**
 * Attendance calls beyond the contract's (docs/contract/api.md), decision 0047 (one register): the
 * class's day also says who was checked in on Today, and a teacher's own class opens first.
 */

/**
 * A row of `GET studentattendace/{classId}`: the contract's fields, plus `checkedInAt`, the instant
 * (ISO-8601) of the pupil's first check-in that day on Today, or null when they were not checked in.
 */
export const ClassDayRowSchema = ClassAttendanceRowSchema.extend({ checkedInAt: z.string().nullable() });
/**
 * The class's day: its rows; `closed`, the title of the calendar's closure when the class is closed
 * that day (no register is taken, docs/decisions/0088-closed-days.md), else null; `term`, the
 * school term the day falls in, null between terms.
 */
export const ClassDayAnswerSchema = z.object({
  data: z.array(ClassDayRowSchema),
  closed: z.object({ reason: z.string() }).nullable(),
  term: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ClassDayAnswer = z.output<typeof ClassDayAnswerSchema>;
export type ClassDayRow = z.output<typeof ClassDayRowSchema>;

/**
 * `GET attendance/own-class`: the class Today and Attendance open on. A teacher's is the class they
 * give most lessons a week to; null for the principal (they open on the first class) and for a
 * teacher with no lessons yet.
 */
export const OwnClassAnswerSchema = z.object({
  data: z.object({ classId: z.number().int().nullable() }),
});
export type OwnClassAnswer = z.output<typeof OwnClassAnswerSchema>;
