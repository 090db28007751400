import { z } from 'zod';
import { LOCALES } from '../i18n/locales.js';
import { ADMISSION_STAGES } from '../rules/admission-stages.js';
import { MAX_SEATS } from '../rules/free-seats.js';
import { chosenIdSchema, pathIdSchema } from './ids.js';

/**
 * Admissions (docs/decisions/0101-seats-that-mean-something.md): each class's seats in a school
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

// ---------------------------------------------------------------- the pipeline (decision 0102)

export const PIPELINE_MESSAGES = {
  enterChildName: 'Enter the child’s name',
  enterFamilyName: 'Enter the family’s name',
  enterEmail: 'Enter the family’s email',
  chooseStage: 'Choose a stage',
  visitDate: 'Choose the visit’s date',
  visitTime: 'Enter the visit’s time as HH:MM',
  offerDeadline: 'Choose the last day to reply to the offer',
  closeReason: 'Say why the case is closed',
  tooLong: (max: number) => `Keep it under ${max} characters`,
  unknownEnquiry: 'That message does not exist.',
  enquiryTaken: 'That message is already an admission case.',
  deadlinePast: 'The reply deadline must be today or later.',
  chooseAnswer: 'Accept or decline the offer',
  enterToken: 'The link is not complete.',
} as const;

const P = PIPELINE_MESSAGES;

const text = (max: number, missing?: string) => {
  const base = z
    .string({ error: missing ?? P.tooLong(max) })
    .trim()
    .max(max, P.tooLong(max));
  return missing ? base.min(1, missing) : base;
};
const dateText = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, message);

/** One case on the board. */
export const AdmissionCaseSchema = z.object({
  id: z.number().int(),
  childName: z.string(),
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
  yearId: z.number().int().nullable(),
  yearName: z.string().nullable(),
  familyName: z.string(),
  email: z.string(),
  phone: z.string(),
  language: z.string(),
  message: z.string(),
  stage: z.enum(ADMISSION_STAGES),
  visitDate: z.string().nullable(),
  visitTime: z.string().nullable(),
  offerDeadline: z.string().nullable(),
  waitingSince: z.string().nullable(),
  /** The family's place on the waiting list of the class and year (1 first); null when not waiting. */
  waitingPosition: z.number().int().nullable(),
  closeReason: z.string().nullable(),
  source: z.enum(['booking', 'enquiry', 'principal']),
  createdAt: z.string(),
  stageChangedAt: z.string(),
});
export type AdmissionCase = z.infer<typeof AdmissionCaseSchema>;

export const AdmissionMoveSchema = z.object({
  id: z.number().int(),
  fromStage: z.enum(ADMISSION_STAGES).nullable(),
  toStage: z.enum(ADMISSION_STAGES),
  /** Who moved it: a staff member's name, or null for the family or the website. */
  movedBy: z.string().nullable(),
  movedAt: z.string(),
  note: z.string(),
  details: z.record(z.string(), z.string()),
});
export type AdmissionMove = z.infer<typeof AdmissionMoveSchema>;

export const AdmissionCaseAnswerSchema = z.object({
  data: AdmissionCaseSchema.extend({ history: z.array(AdmissionMoveSchema) }),
});

/** `GET admin/admissions/board?classId=&yearId=`. */
export const BoardQuerySchema = z.object({
  classId: pathIdSchema(M.chooseClass),
  yearId: pathIdSchema(M.chooseYear),
});

/**
 * A case as the board's card shows it: what tells the families apart and what their stage holds.
 * The rest (class and year, which the board names once; phone, language, the family's message,
 * where it came from) is on the case's page: a board of 200 cases carried it twice over, and a
 * family's message can run to 5,000 characters (docs/decisions/0112-the-admissions-board-sends-less.md).
 */
export const AdmissionBoardCardSchema = AdmissionCaseSchema.pick({
  id: true,
  childName: true,
  familyName: true,
  email: true,
  stage: true,
  visitDate: true,
  visitTime: true,
  offerDeadline: true,
  waitingPosition: true,
  closeReason: true,
  stageChangedAt: true,
});
export type AdmissionBoardCard = z.infer<typeof AdmissionBoardCardSchema>;

export const AdmissionBoardAnswerSchema = z.object({
  data: z.object({
    classId: z.number().int(),
    yearId: z.number().int(),
    /** Cases per stage, every stage named. */
    counts: z.record(z.enum(ADMISSION_STAGES), z.number().int()),
    seats: ClassSeatsSchema,
    /** By stage in pipeline order, then the waiting list by place, then the newest move first. */
    cases: z.array(AdmissionBoardCardSchema),
  }),
});
export type AdmissionBoard = z.infer<typeof AdmissionBoardAnswerSchema>['data'];

/**
 * `POST admin/admissions/cases`: a case the principal opens, from a contact message (`enquiryId`:
 * the family's name, email and message come from it) or typed in.
 */
export const NewAdmissionCaseSchema = z.object({
  enquiryId: chosenIdSchema(P.unknownEnquiry).optional(),
  childName: text(100, P.enterChildName),
  classId: chosenIdSchema(M.chooseClass),
  yearId: chosenIdSchema(M.chooseYear),
  familyName: text(100).optional(),
  email: z.email(P.enterEmail).max(254, P.tooLong(254)).optional(),
  phone: text(60).optional(),
  language: z.enum(LOCALES).optional(),
  message: text(5000).optional(),
});
export type NewAdmissionCase = z.infer<typeof NewAdmissionCaseSchema>;

/** `POST admin/admissions/cases/{id}/moves`: the stage to go to and what it needs. */
export const AdmissionMoveInputSchema = z
  .object({
    to: z.enum(ADMISSION_STAGES, { error: P.chooseStage }),
    note: text(2000).optional(),
    visitDate: dateText(P.visitDate).optional(),
    visitTime: z
      .string({ error: P.visitTime })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, P.visitTime)
      .optional(),
    offerDeadline: dateText(P.offerDeadline).optional(),
    closeReason: text(300).optional(),
  })
  .superRefine((value, ctx) => {
    const need = (field: 'visitDate' | 'visitTime' | 'offerDeadline' | 'closeReason', message: string) => {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (value.to === 'visit') {
      need('visitDate', P.visitDate);
      need('visitTime', P.visitTime);
    }
    if (value.to === 'offered') need('offerDeadline', P.offerDeadline);
    if (value.to === 'closed') need('closeReason', P.closeReason);
  });
export type AdmissionMoveInput = z.infer<typeof AdmissionMoveInputSchema>;

/** `POST admissions/offer`: an offer as its reply link shows it (the token is the key). */
export const OfferTokenSchema = z.object({
  token: z.string({ error: P.enterToken }).min(20, P.enterToken).max(200),
});

export const OfferViewSchema = z.object({
  data: z.object({
    childName: z.string(),
    className: z.string().nullable(),
    yearName: z.string().nullable(),
    deadline: z.string(),
    /** open: it can be answered; expired: past its deadline; accepted / declined: answered; withdrawn. */
    state: z.enum(['open', 'expired', 'accepted', 'declined', 'withdrawn']),
    language: z.string(),
  }),
});
export type OfferView = z.infer<typeof OfferViewSchema>['data'];

/** `POST admissions/offer/reply`. */
export const OfferReplySchema = OfferTokenSchema.extend({
  answer: z.enum(['accept', 'decline'], { error: P.chooseAnswer }),
});
