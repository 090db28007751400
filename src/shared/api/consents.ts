import { z } from 'zod';

/**
 * Consents kept as a ledger (docs/decisions/0111-consent-as-a-ledger.md): every consent a family
 * gives or withdraws is one entry (who, when, how) appended to one table; the current state of a
 * consent is its latest entry. Browser-safe: zod and constants only.
 */

/**
 * A child's photo consents: `website`, appear in pictures of the public website; `ownFamily`, photo
 * moments of the child are shared with the child's own family; `otherFamilies`, appear in photo
 * moments other families see (group photos). The spellings are the care document's
 * (`photoConsent.website`, docs/decisions/0079-photo-consent.md).
 */
export const PHOTO_CONSENT_KINDS = ['website', 'ownFamily', 'otherFamilies'] as const;
export type PhotoConsentKind = (typeof PHOTO_CONSENT_KINDS)[number];

/**
 * A child's standing consents, each given or withdrawn on its own: the photo consents, and
 * `outings`, the everyday local outings no slip is sent for (a walk to the park, the library:
 * docs/decisions/0115-trips-in-the-consent-ledger.md). A real trip asks its own permission slip.
 */
export const CHILD_CONSENT_KINDS = [...PHOTO_CONSENT_KINDS, 'outings'] as const;
export type ChildConsentKind = (typeof CHILD_CONSENT_KINDS)[number];

/**
 * A consent to one trip: a guardian's yes or no to a trip permission slip (a school form marked as
 * a trip), its entry naming the form. Not a standing consent: each trip has its own.
 */
export const TRIP_CONSENT_KIND = 'trip';

/** Every kind of the ledger: the child's standing ones, a trip's, and the newsletter's (an address, not a child). */
export const CONSENT_KINDS = [...CHILD_CONSENT_KINDS, TRIP_CONSENT_KIND, 'newsletter'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * How a consent was given or withdrawn: `app`, in the app (the care form or the child's consents
 * screen); `application`, the family's application, carried into the enrolment; `paper`, recorded by
 * the school from a paper form; `newsletter-link`, the newsletter's confirmation or unsubscribe link;
 * `carried-over`, the value kept before the ledger existed; `school-form`, a guardian's signed answer
 * to a trip permission slip (the entry names the form).
 */
export const CONSENT_HOWS = [
  'app',
  'application',
  'paper',
  'newsletter-link',
  'carried-over',
  'school-form',
] as const;
export type ConsentHow = (typeof CONSENT_HOWS)[number];

export const ConsentEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONSENT_KINDS),
  given: z.boolean(),
  at: z.string(),
  /** Who gave or withdrew it: a user's name, the subscriber's address, or null (carried over). */
  by: z.string().nullable(),
  how: z.enum(CONSENT_HOWS),
  /** A trip's entry: the permission slip it was signed on (its id and title); null for the others. */
  schoolForm: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type ConsentEntry = z.infer<typeof ConsentEntrySchema>;

export const ChildConsentsSchema = z.object({
  website: z.boolean(),
  ownFamily: z.boolean(),
  otherFamilies: z.boolean(),
  outings: z.boolean(),
});
export type ChildConsents = z.infer<typeof ChildConsentsSchema>;

/** No entry yet: no consent given. */
export const NO_CHILD_CONSENTS: ChildConsents = {
  website: false,
  ownFamily: false,
  otherFamilies: false,
  outings: false,
};

/** The photo consents of a child's consents: what the care document's `photoConsent` holds. */
export const photoConsentsOf = (consents: ChildConsents): Pick<ChildConsents, PhotoConsentKind> => ({
  website: consents.website,
  ownFamily: consents.ownFamily,
  otherFamilies: consents.otherFamilies,
});

/** `GET pupils/{id}/consents` and the answer of the POST. */
export const ConsentsAnswerSchema = z.object({
  data: z.object({
    studentId: z.number().int(),
    studentName: z.string(),
    /** The latest entry of each kind (no entry: not given). */
    current: ChildConsentsSchema,
    /** Every entry about the child, newest first. */
    history: z.array(ConsentEntrySchema),
    /** Guardians and the principal give and withdraw; a class teacher reads. */
    mayChange: z.boolean(),
    /** The principal may record a consent a family gave or withdrew on paper. */
    mayRecordPaper: z.boolean(),
  }),
});
export type ConsentsAnswer = z.infer<typeof ConsentsAnswerSchema>;

/** `POST pupils/{id}/consents`: give or withdraw one consent. */
export const ConsentChangeBodySchema = z.strictObject({
  kind: z.enum(CHILD_CONSENT_KINDS, { error: 'Choose a consent' }),
  given: z.boolean({ error: 'Say whether the consent is given or withdrawn' }),
  /** The principal records what a family wrote on paper (`how: paper`); the default is `app`. */
  fromPaper: z.boolean().optional(),
});
export type ConsentChangeBody = z.infer<typeof ConsentChangeBodySchema>;

export const CONSENT_MESSAGES = {
  readOnly: 'You may read but not change this child’s consents.',
  paperByPrincipal: 'Only the principal records a consent given on paper.',
} as const;
