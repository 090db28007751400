import { z } from 'zod';
import { MAX_SEATS } from '../rules/free-seats.js';
import { chosenIdSchema, pathIdSchema } from './ids.js';

/**
 * Admissions (docs/decisions/0100-seats-that-mean-something.md): each class's seats in a school
 * year and whether it takes admissions, set by the principal; the free seats the public site and
 * Book A Seat show.
 */

export const ADMISSIONS_MESSAGES = {
  chooseYear: 'Choose a school year',
  chooseClass: 'Choose a class',
  classTwice: 'Each class can be listed only once.',
  unknownClass: 'That class does not exist.',
  seats: `Enter a number of seats from 0 to ${MAX_SEATS}, or leave it empty`,
} as const;

const M = ADMISSIONS_MESSAGES;

const YearOfSeatsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
});

/** One class's seats in a year, as the principal sees them. */
export const ClassSeatsSchema = z.object({
  classId: z.number().int(),
  className: z.string(),
  takesAdmissions: z.boolean(),
  /** The seats set for the year; null: none set. */
  capacity: z.number().int().nullable(),
  /** Pupils in the class that year: its current pupils, or for a coming year those the rollover moves in and those enrolled to start in it. */
  enrolled: z.number().int(),
  /** Offers accepted for the class and year, not enrolled yet. */
  acceptedOffers: z.number().int(),
  /** capacity − enrolled − acceptedOffers, never below 0; null without a capacity. */
  free: z.number().int().nullable(),
});
export type ClassSeats = z.infer<typeof ClassSeatsSchema>;

/** `GET admin/admissions/classes?yearId=`: every class's seats in the year (by default the admissions year). */
export const ClassSeatsAnswerSchema = z.object({
  data: z.object({
    /** The year shown; null while the school keeps no year. */
    year: YearOfSeatsSchema.nullable(),
    /** The year families book seats for (the next year when kept, else the current one). */
    admissionsYearId: z.number().int().nullable(),
    /** Every school year, the latest first, to choose another. */
    years: z.array(z.object({ id: z.number().int(), name: z.string() })),
    classes: z.array(ClassSeatsSchema),
  }),
});
export type ClassSeatsAnswer = z.infer<typeof ClassSeatsAnswerSchema>['data'];

export const ClassSeatsQuerySchema = z.object({ yearId: pathIdSchema(M.chooseYear).optional() });

/** `PUT admin/admissions/classes`: the listed classes' admissions and seats in the year; others stay as they are. */
export const ClassSeatsInputSchema = z
  .object({
    yearId: chosenIdSchema(M.chooseYear),
    classes: z
      .array(
        z.object({
          classId: chosenIdSchema(M.chooseClass),
          takesAdmissions: z.boolean(),
          /** null: no capacity for the year. */
          seats: z.number({ error: M.seats }).int(M.seats).min(0, M.seats).max(MAX_SEATS, M.seats).nullable(),
        }),
      )
      .max(500),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.classes.forEach((row, index) => {
      if (seen.has(row.classId))
        ctx.addIssue({ code: 'custom', path: ['classes', index, 'classId'], message: M.classTwice });
      seen.add(row.classId);
    });
  });
export type ClassSeatsInput = z.infer<typeof ClassSeatsInputSchema>;

/**
 * `GET admissions/seats` (public): the free seats of the admissions year of each class that takes
 * admissions or that a class card names; what the class cards and Book A Seat show.
 */
export const AdmissionSeatsSchema = z.object({
  year: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  classes: z.array(
    z.object({
      classId: z.number().int(),
      className: z.string(),
      takesAdmissions: z.boolean(),
      /** null: the class has no capacity for the year. */
      free: z.number().int().nullable(),
    }),
  ),
});
export type AdmissionSeats = z.infer<typeof AdmissionSeatsSchema>;
