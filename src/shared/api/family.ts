import { z } from 'zod';
import { FAMILY_LIMITS, FAMILY_MESSAGES, RELATIONSHIPS } from './family-form-fields.js';
import { chosenIdSchema as chosenId, pathIdSchema } from './ids.js';
import { IsoDateSchema } from './school.js';
import { optionalText, PHONE_PATTERN, requiredText } from './text-fields.js';
import { dobProblem, StatusChangeSchema } from './users.js';

export { FAMILY_LIMITS, FAMILY_MESSAGES, RELATIONSHIPS, type Relationship } from './family-form-fields.js';

export { type ReviewChild, ReviewChildSchema, SuggestedPupilSchema } from './users.js';

/**
 * The family calls (docs/decisions/0021-families.md): parents linked to their children, what a
 * parent sees of them, each child's care details, and the day's register of arrivals and
 * departures. Server, web forms and tests validate with these schemas, so each message is written
 * once. These calls are ours, so their field names are correctly spelt.
 */

// ---------------------------------------------------------------- shared pieces

const phoneField = requiredText(FAMILY_MESSAGES.enterPhone, 'The phone number', FAMILY_LIMITS.phone).regex(
  PHONE_PATTERN,
  FAMILY_MESSAGES.phoneInvalid,
);
const optionalPhoneField = optionalText('The phone number', FAMILY_LIMITS.phone).refine(
  (value) => value === '' || PHONE_PATTERN.test(value),
  FAMILY_MESSAGES.phoneInvalid,
);
const personName = requiredText(FAMILY_MESSAGES.enterName, 'The name', FAMILY_LIMITS.name);
const relationshipEnum = z.enum(RELATIONSHIPS, { error: FAMILY_MESSAGES.chooseRelationship });

// ---------------------------------------------------------------- guardians (the principal links)

/** `POST admin/guardians`. */
export const LinkGuardianBodySchema = z.object({
  parentId: chosenId(FAMILY_MESSAGES.chooseParent),
  studentId: chosenId(FAMILY_MESSAGES.choosePupil),
  relationship: relationshipEnum,
});
export type LinkGuardianBody = z.infer<typeof LinkGuardianBodySchema>;

/** `DELETE admin/guardians/{parentId}/{studentId}`. */
export const GuardianParamsSchema = z.object({
  parentId: pathIdSchema(),
  studentId: pathIdSchema(),
});
export type GuardianParams = z.output<typeof GuardianParamsSchema>;

/** `GET admin/guardians?studentId=` (or `?parentId=`; neither: every link). */
export const GuardianListQuerySchema = z.object({
  studentId: pathIdSchema().optional(),
  parentId: pathIdSchema().optional(),
});

export const GuardianRowSchema = z.object({
  parentId: z.number().int(),
  parentName: z.string(),
  parentEmail: z.string(),
  parentContact: z.string(),
  studentId: z.number().int(),
  studentName: z.string(),
  /** The pupil's current class; null when in none. */
  className: z.string().nullable(),
  relationship: z.enum(RELATIONSHIPS),
  linkedAt: z.string(),
});
export type GuardianRow = z.infer<typeof GuardianRowSchema>;
export const GuardianAnswerSchema = z.object({ data: GuardianRowSchema });
export const GuardiansAnswerSchema = z.object({ data: z.array(GuardianRowSchema) });

// ---------------------------------------------------------------- children a registering parent names

/** One child a registering Parent names: the principal matches it to a pupil when approving. */
export const ChildSuggestionSchema = z.object({
  name: personName,
  dob: z
    .string({ error: 'Please enter the date of birth' })
    .trim()
    .superRefine((value, ctx) => {
      const problem = dobProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type ChildSuggestion = z.infer<typeof ChildSuggestionSchema>;

/**
 * The registration form's `children` field (multipart: one field whose value is this JSON array);
 * only a Parent's registration may carry it.
 */
export const ChildSuggestionsSchema = z
  .array(ChildSuggestionSchema)
  .max(FAMILY_LIMITS.children, `Name at most ${FAMILY_LIMITS.children} children`);

/**
 * The registration form's `children` field as it arrives (a multipart field is text): the JSON of
 * ChildSuggestionsSchema.
 */
export const ChildrenFieldSchema = z
  .string({ error: FAMILY_MESSAGES.childrenNotAList })
  .max(20_000, FAMILY_MESSAGES.childrenNotAList)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: FAMILY_MESSAGES.childrenNotAList });
      return z.NEVER;
    }
  })
  .pipe(ChildSuggestionsSchema);

// SuggestedPupilSchema and ReviewChildSchema (the review list's named children) are in users.ts,
// exported from here too.

/** Links the principal confirms with an approval (`PATCH users/{id}/status` with `links`). */
export const ApprovalLinksSchema = z
  .array(z.object({ studentId: chosenId(FAMILY_MESSAGES.choosePupil), relationship: relationshipEnum }))
  .max(FAMILY_LIMITS.children * 2)
  .refine(
    (links) => new Set(links.map((link) => link.studentId)).size === links.length,
    FAMILY_MESSAGES.pupilTwice,
  );
export type ApprovalLinks = z.infer<typeof ApprovalLinksSchema>;

/**
 * `PATCH users/{id}/status`: the status and, when approving a Parent, the links to make with it (in
 * the same transaction; `links` on anyone else or with a rejection is a 400).
 */
export const StatusChangeWithLinksSchema = StatusChangeSchema.extend({
  links: ApprovalLinksSchema.optional(),
});
export type StatusChangeWithLinks = z.infer<typeof StatusChangeWithLinksSchema>;

// ---------------------------------------------------------------- what a parent sees

/** `GET family/children` (Parent). */
export const ChildRowSchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  /** The current class; null when in none. */
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
  /** Relative to `/uploads/`, null when none. */
  image: z.string().nullable(),
  relationship: z.enum(RELATIONSHIPS),
});
export type ChildRow = z.infer<typeof ChildRowSchema>;
export const ChildrenAnswerSchema = z.object({ data: z.array(ChildRowSchema) });

// ---------------------------------------------------------------- care details

export const EmergencyContactSchema = z.object({
  name: personName,
  relationship: requiredText(
    FAMILY_MESSAGES.enterRelationship,
    'The relationship',
    FAMILY_LIMITS.relationship,
  ),
  phone: phoneField,
});
export type EmergencyContact = z.infer<typeof EmergencyContactSchema>;

/**
 * A medication the child may be given at school (docs/decisions/0078-the-daily-log.md): the daily
 * log records medication given against these names, or with a reason.
 */
export const NamedMedicationSchema = z.object({
  name: requiredText('Please enter the medication', 'The medication', FAMILY_LIMITS.name),
  dose: optionalText('The dose', FAMILY_LIMITS.reason),
});
export type NamedMedication = z.infer<typeof NamedMedicationSchema>;
export const MAX_MEDICATIONS = 10;

export const MedicalNotesSchema = z.object({
  allergies: optionalText('Allergies', FAMILY_LIMITS.note),
  conditions: optionalText('Conditions', FAMILY_LIMITS.note),
  medications: z.array(NamedMedicationSchema).max(MAX_MEDICATIONS, `At most ${MAX_MEDICATIONS} medications`),
  doctorName: optionalText("The doctor's name", FAMILY_LIMITS.name),
  doctorPhone: optionalPhoneField,
});
export type MedicalNotes = z.infer<typeof MedicalNotesSchema>;

/** Someone who may collect the child: a contact's details and, if given, a photo to know them by. */
export const PickupPersonSchema = EmergencyContactSchema.extend({
  /**
   * A picture from `POST pupils/{id}/care/pickup-photo` (its stored name, `care/<id>/<hex>.webp`),
   * or null. It is shown only through `GET pupils/{id}/care/pickup-photos/{name}` (pickupPhotoPath).
   */
  photo: z.string().max(300).nullable(),
});
export type PickupPerson = z.infer<typeof PickupPersonSchema>;

/** `POST pupils/{id}/care/pickup-photo`: the multipart field of the one picture, and the answer. */
export const PICKUP_PHOTO_FIELD = 'image';
export const PickupPhotoAnswerSchema = z.object({ data: z.object({ image: z.string() }) });

/**
 * Pick-up photos are the child's (docs/decisions/0040-pick-up-photos.md): served only to those who
 * read the child's care details, an upload no care document uses goes after a day, and one account
 * uploads at most `perHour` of them an hour.
 */
export const PICKUP_PHOTO_RULES = {
  perHour: 20,
  /** An upload no care document names is removed once it is this old. */
  keepUnusedMs: 24 * 60 * 60 * 1000,
  /** A save takes a new upload only while it is younger than this, well before it may be removed. */
  saveWithinMs: 23 * 60 * 60 * 1000,
} as const;

/** The file name of a stored pick-up photo: 32 hex digits and `.webp`, as the server names them. */
export const PICKUP_PHOTO_NAME_PATTERN = /^[0-9a-f]{32}\.webp$/;

/** `GET pupils/{id}/care/pickup-photos/{name}`: the name of a stored photo (the last part of `photo`). */
export const PickupPhotoParamsSchema = z.object({
  id: pathIdSchema(),
  name: z.string().regex(PICKUP_PHOTO_NAME_PATTERN, 'Not the name of a pick-up photo'),
});

/** The API path (after `/api/`) that shows a pick-up person's `photo` of the child `studentId`. */
export function pickupPhotoPath(studentId: number, photo: string): string {
  const name = photo.slice(photo.lastIndexOf('/') + 1);
  return `pupils/${studentId}/care/pickup-photos/${encodeURIComponent(name)}`;
}

export const PICKUP_PHOTO_MESSAGES = {
  tooMany: (minutes: number) =>
    `You have uploaded ${PICKUP_PHOTO_RULES.perHour} pick-up photos within an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooOld: 'That photo was uploaded more than a day ago and is no longer kept. Please upload it again.',
} as const;

/**
 * What the child's guardians allow of photos of the child (docs/decisions/0079-photo-consent.md):
 * `website`, appear on the public website; `ownFamily`, photo moments of the child are shared with
 * the child's own family; `otherFamilies`, appear in photo moments other families see.
 */
export const PhotoConsentSchema = z.object({
  website: z.boolean({ error: 'Say whether the child may appear on the website' }),
  ownFamily: z.boolean({ error: 'Say whether photos of the child may be shared with the family' }),
  otherFamilies: z.boolean({ error: 'Say whether the child may appear in photos other families see' }),
});
export type PhotoConsent = z.infer<typeof PhotoConsentSchema>;

/** No consent given: a child without saved care details. */
export const NO_PHOTO_CONSENT: PhotoConsent = { website: false, ownFamily: false, otherFamilies: false };

/** `PUT pupils/{id}/care`: the whole document; the order of the lists is the order to call or look in. */
export const CareDetailsSchema = z.object({
  emergencyContacts: z
    .array(EmergencyContactSchema)
    .max(FAMILY_LIMITS.emergencyContacts, `At most ${FAMILY_LIMITS.emergencyContacts} emergency contacts`),
  medical: MedicalNotesSchema,
  pickups: z
    .array(PickupPersonSchema)
    .max(FAMILY_LIMITS.pickups, `At most ${FAMILY_LIMITS.pickups} people who may collect the child`),
  /** The three photo consents (docs/decisions/0079-photo-consent.md). */
  photoConsent: PhotoConsentSchema,
});
export type CareDetails = z.infer<typeof CareDetailsSchema>;
export type CareDetailsInput = z.input<typeof CareDetailsSchema>;

/**
 * `PUT pupils/{id}/care`'s body: the document, whose `photoConsent` may be left out. Left out, the
 * consents stay as the ledger has them (the app's care form leaves them out: they are given and
 * withdrawn one by one on the child's consents, docs/decisions/0111-consent-as-a-ledger.md); sent,
 * each one that differs is recorded as given or withdrawn.
 */
export const CareSaveBodySchema = CareDetailsSchema.extend({ photoConsent: PhotoConsentSchema.optional() });
export type CareSaveBody = z.infer<typeof CareSaveBodySchema>;

/** The care document of a child that has none saved yet. */
export const EMPTY_CARE_DETAILS: CareDetails = {
  emergencyContacts: [],
  medical: { allergies: '', conditions: '', medications: [], doctorName: '', doctorPhone: '' },
  pickups: [],
  photoConsent: NO_PHOTO_CONSENT,
};

/** `GET pupils/{id}/care` (and the answer of the PUT). */
export const CareAnswerSchema = z.object({
  data: z.object({
    studentId: z.number().int(),
    studentName: z.string(),
    details: CareDetailsSchema,
    /** Null while nothing was saved. */
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
    /** Whether the caller may change it (a guardian or the principal; a class teacher only reads). */
    mayEdit: z.boolean(),
    /** The child's guardians: they may collect the child too. */
    guardians: z.array(z.object({ name: z.string(), relationship: z.enum(RELATIONSHIPS) })),
  }),
});
export type CareAnswer = z.infer<typeof CareAnswerSchema>['data'];

/** `GET pupils/{id}/care/history`: newest first. */
export const CareChangeSchema = z.object({
  field: z.string(),
  from: z.string(),
  to: z.string(),
});
export const CareHistoryAnswerSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      by: z.string(),
      changes: z.array(CareChangeSchema),
    }),
  ),
});

// ---------------------------------------------------------------- the day's register

export const CHECKIN_KINDS = ['in', 'out'] as const;
export type CheckinKind = (typeof CHECKIN_KINDS)[number];

/** `POST pupils/{id}/checkins`: the time is the server's. */
export const CheckinBodySchema = z.object({
  kind: z.enum(CHECKIN_KINDS, { error: FAMILY_MESSAGES.chooseKind }),
  /** Check-outs: the name of who collected the child. */
  collectedBy: optionalText('The name', FAMILY_LIMITS.name).optional(),
  /**
   * Check-outs by someone who is neither a guardian nor an authorised pick-up: the teacher's
   * written reason; without it such a check-out is refused (409).
   */
  reason: optionalText('The reason', FAMILY_LIMITS.reason).optional(),
});
export type CheckinBody = z.infer<typeof CheckinBodySchema>;

export const CheckinRowSchema = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  kind: z.enum(CHECKIN_KINDS),
  /** ISO-8601 instant, the server's clock. */
  at: z.string(),
  day: z.string(),
  recordedBy: z.string(),
  collectedBy: z.string().nullable(),
  /** Check-outs: whether the collector was a guardian or an authorised pick-up; null for check-ins. */
  collectorKnown: z.boolean().nullable(),
  reason: z.string().nullable(),
});
export type CheckinRow = z.infer<typeof CheckinRowSchema>;
export const CheckinAnswerSchema = z.object({ data: CheckinRowSchema });

/** `GET pupils/{id}/checkins?date=` (default today): the child's arrivals and departures of a day. */
export const DayQuerySchema = z.object({ date: IsoDateSchema.optional() });
export const CheckinsAnswerSchema = z.object({ date: z.string(), data: z.array(CheckinRowSchema) });

/** `GET classes/{id}/register?date=YYYY-MM-DD` (default today). */
export const RegisterRowSchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  image: z.string().nullable(),
  /** First arrival and last departure of the day (ISO instants), null when none. */
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  collectedBy: z.string().nullable(),
  collectorKnown: z.boolean().nullable(),
  reason: z.string().nullable(),
  /** Whether the child is in now: checked in and not out since. */
  present: z.boolean(),
  allergy: z.boolean(),
  /** The allergies as written in the care details (empty when none). */
  allergies: z.string(),
  /**
   * Whether the child may go on the class's local outings (a walk to the park): the consent
   * ledger's standing `outings` consent now, whatever the register's day
   * (docs/decisions/0115-trips-in-the-consent-ledger.md).
   */
  outings: z.boolean(),
});
export type RegisterRow = z.infer<typeof RegisterRowSchema>;
export const RegisterAnswerSchema = z.object({
  date: z.string(),
  classId: z.number().int(),
  className: z.string(),
  data: z.array(RegisterRowSchema),
});
export type RegisterAnswer = z.infer<typeof RegisterAnswerSchema>;

/** `GET admin/checkout-overrides?from=&to=`: check-outs to someone not on the child's list, for the principal. */
export const OverrideQuerySchema = z.object({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() });
export const OverrideRowSchema = CheckinRowSchema.extend({
  studentName: z.string(),
  className: z.string().nullable(),
});
export const OverridesAnswerSchema = z.object({ data: z.array(OverrideRowSchema) });
