import { z } from 'zod';
import { GENDERS } from '../constants.js';
import { RELATIONSHIPS } from './family.js';
import { chosenIdSchema } from './ids.js';

/**
 * The enrolment of an accepted admission case in one step (docs/decisions/0104-enrolment-in-one-step.md):
 * from the application the family sent, the pupil account, the guardians' Parent accounts (or links
 * to existing ones), the care details, the class from the start date and the first term's fees, in
 * one transaction. The principal chooses only what the application does not say.
 */

export const ENROLMENT_MESSAGES = {
  startDate: 'Choose the start date as YYYY-MM-DD',
  chooseClass: 'Choose a class',
  pupilEmail: 'Enter a valid email address, or leave it empty',
  gender: `Choose one of ${GENDERS.join(', ')}`,
} as const;

const M = ENROLMENT_MESSAGES;

const dateText = z
  .string({ error: M.startDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.startDate)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, M.startDate);

/**
 * `POST admin/admissions/cases/{id}/enrolment`. Everything is optional: the start date is the
 * application's wanted one, the class the case's; a pupil without `pupilEmail` has no sign-in of
 * their own (a kindergarten child's family signs in).
 */
export const EnrolmentInputSchema = z.object({
  startDate: dateText.optional(),
  classId: chosenIdSchema(M.chooseClass).optional(),
  /** The pupil's own sign-in email; '' or absent: none. */
  pupilEmail: z
    .union([z.literal(''), z.email(M.pupilEmail).max(254, M.pupilEmail)], { error: M.pupilEmail })
    .optional(),
  /** The application does not ask; 'Other' unless given. */
  gender: z.enum(GENDERS, { error: M.gender }).optional(),
});
export type EnrolmentInput = z.infer<typeof EnrolmentInputSchema>;

/** Why an enrolment made no fees: no term holds or follows the start date, or the class has no plan for it. */
export const NO_FEES_REASONS = ['no-term', 'no-plan'] as const;

export const EnrolmentAnswerSchema = z.object({
  data: z.object({
    caseId: z.number().int(),
    studentId: z.number().int(),
    pupilName: z.string(),
    /** Null: the pupil has no sign-in of their own. */
    pupilEmail: z.string().nullable(),
    classId: z.number().int(),
    className: z.string(),
    yearId: z.number().int(),
    yearName: z.string(),
    startDate: z.string(),
    guardians: z.array(
      z.object({
        parentId: z.number().int(),
        name: z.string(),
        email: z.string(),
        relationship: z.enum(RELATIONSHIPS),
        /** new: a Parent account made now (mailed a link to set its password); linked: an existing one. */
        account: z.enum(['new', 'linked']),
      }),
    ),
    fees: z.object({
      /** The term the fees are of: the one holding the start date, else the next; null when none. */
      term: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      invoices: z.array(
        z.object({
          id: z.number().int(),
          planId: z.number().int(),
          planName: z.string(),
          /** Minor units of `currency`. */
          total: z.number().int(),
          currency: z.string(),
        }),
      ),
      /** Null when fees were made; else why none were. */
      noFeesReason: z.enum(NO_FEES_REASONS).nullable(),
    }),
    /** The set-your-password mails queued, one per new guardian. */
    mailsQueued: z.number().int(),
  }),
});
export type EnrolmentAnswer = z.infer<typeof EnrolmentAnswerSchema>['data'];
