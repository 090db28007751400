import { z } from 'zod';
import { AdmissionCaseSchema, AdmissionMoveSchema } from './admissions.js';
import {
  EmergencyContactSchema,
  FAMILY_LIMITS,
  FAMILY_MESSAGES,
  MAX_MEDICATIONS,
  MedicalNotesSchema,
  PhotoConsentSchema,
  RELATIONSHIPS,
} from './family.js';
import { chosenIdSchema, pathIdSchema } from './ids.js';
import { IsoDateSchema } from './school.js';
import { PHONE_PATTERN, requiredText } from './text-fields.js';
import { dobProblem } from './users.js';

/**
 * The application a family fills in once for an admission case
 * (docs/decisions/0103-the-application-families-fill-in.md): the child, each guardian, the care
 * details, the class and start date wanted, documents, and the school's terms accepted with a typed
 * name. Saved as a draft (every part optional) and sent once (every part checked); opened by a link
 * whose token is the key, sent in the body or a header, never in a URL.
 */

export const DOCUMENT_KINDS = ['birth-certificate', 'child-photo', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The file types a document may be, known by their first bytes. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const APPLICATION_RULES = {
  /** The largest document, in bytes. */
  documentMaxBytes: 5 * 1024 * 1024,
  /** Documents one case may hold. */
  documentsPerCase: 10,
  /** The multipart field of the file (the document's kind is the `kind` field). */
  documentField: 'file',
  /** The header that carries the link's token on an upload (a multipart body is read as a stream). */
  tokenHeader: 'x-application-token',
  guardiansMin: 1,
  guardiansMax: 4,
  signatureMax: 100,
} as const;

export const APPLICATION_MESSAGES = {
  enterToken: 'The link is not complete.',
  unknownLink: 'This application link is not valid. Please use the link of the school’s latest mail.',
  caseClosed: 'This application is closed. Please contact the school.',
  alreadySent: 'This application has been sent; it can no longer be changed.',
  enterChildName: 'Enter the child’s name',
  enterGuardianName: 'Enter the guardian’s name',
  enterEmail: 'Enter a valid email address',
  guardiansCount: `Name from ${APPLICATION_RULES.guardiansMin} to ${APPLICATION_RULES.guardiansMax} guardians`,
  chooseClass: 'Choose the class wanted',
  classNotOpen: 'That class does not take admissions.',
  startDate: 'Choose the start date',
  startDatePast: 'The start date must be today or later.',
  acceptTerms: 'Accept the school’s terms to send the application',
  enterSignature: 'Type your full name to sign',
  signatureNotGuardian: 'Sign with the name of one of the guardians',
  chooseKind: 'Choose what the document is',
  noFile: 'Choose a file to upload',
  wrongType: 'That file is not a PDF, JPEG, PNG or WebP picture.',
  tooLarge: `That file is larger than ${APPLICATION_RULES.documentMaxBytes / 1024 / 1024} MB.`,
  tooManyDocuments: `An application holds at most ${APPLICATION_RULES.documentsPerCase} documents. Remove one first.`,
  unknownDocument: 'That document does not exist.',
  photoNotPicture: 'The child’s photo must be a picture of this application.',
} as const;

const A = APPLICATION_MESSAGES;

// ---------------------------------------------------------------- pieces

const phoneField = requiredText(FAMILY_MESSAGES.enterPhone, 'The phone number', FAMILY_LIMITS.phone).regex(
  PHONE_PATTERN,
  FAMILY_MESSAGES.phoneInvalid,
);
const dateOfBirth = z
  .string({ error: 'Enter the date of birth' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = dobProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const documentId = z.number({ error: A.unknownDocument }).int(A.unknownDocument).positive(A.unknownDocument);

/** Names are compared without case, accents' spacing or repeated spaces. */
export const sameName = (a: string, b: string): boolean => {
  const fold = (value: string) => value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return fold(a) !== '' && fold(a) === fold(b);
};

// ---------------------------------------------------------------- the application as sent

export const ApplicationChildSchema = z.object({
  name: requiredText(A.enterChildName, 'The child’s name', FAMILY_LIMITS.name),
  dateOfBirth,
  /** A document of kind child-photo of this application, or null. */
  photoDocumentId: documentId.nullable(),
});

export const ApplicationGuardianSchema = z.object({
  name: requiredText(A.enterGuardianName, 'The name', FAMILY_LIMITS.name),
  email: z.email(A.enterEmail).max(254, A.enterEmail),
  phone: phoneField,
  relationship: z.enum(RELATIONSHIPS, { error: FAMILY_MESSAGES.chooseRelationship }),
});
export type ApplicationGuardian = z.infer<typeof ApplicationGuardianSchema>;

/** The care details of family.ts CareDetailsSchema; pick-ups here without photos. */
export const ApplicationCareSchema = z.object({
  emergencyContacts: z
    .array(EmergencyContactSchema)
    .max(FAMILY_LIMITS.emergencyContacts, `At most ${FAMILY_LIMITS.emergencyContacts} emergency contacts`),
  medical: MedicalNotesSchema,
  pickups: z
    .array(EmergencyContactSchema)
    .max(FAMILY_LIMITS.pickups, `At most ${FAMILY_LIMITS.pickups} people who may collect the child`),
  photoConsent: PhotoConsentSchema,
});
export type ApplicationCare = z.infer<typeof ApplicationCareSchema>;

/** The whole application, as `POST admissions/application/submit` takes it. */
export const ApplicationSchema = z
  .object({
    child: ApplicationChildSchema,
    guardians: z
      .array(ApplicationGuardianSchema, { error: A.guardiansCount })
      .min(APPLICATION_RULES.guardiansMin, A.guardiansCount)
      .max(APPLICATION_RULES.guardiansMax, A.guardiansCount),
    care: ApplicationCareSchema,
    wanted: z.object({
      classId: chosenIdSchema(A.chooseClass),
      startDate: z
        .string({ error: A.startDate })
        .refine((value) => IsoDateSchema.safeParse(value).success, A.startDate),
    }),
    /** The school's terms, as the page showed them, accepted. */
    termsAccepted: z.literal(true, { error: A.acceptTerms }),
    /** The typed name that signs: one of the guardians' names. */
    signatureName: requiredText(A.enterSignature, 'The signature', APPLICATION_RULES.signatureMax),
  })
  .superRefine((value, ctx) => {
    if (value.signatureName && !value.guardians.some((g) => sameName(g.name, value.signatureName))) {
      ctx.addIssue({ code: 'custom', path: ['signatureName'], message: A.signatureNotGuardian });
    }
  });
export type Application = z.infer<typeof ApplicationSchema>;
export type ApplicationInput = z.input<typeof ApplicationSchema>;

// ---------------------------------------------------------------- the draft

const loose = (max: number) => z.string().max(max).optional();
const looseContact = z
  .object({
    name: loose(FAMILY_LIMITS.name),
    relationship: loose(FAMILY_LIMITS.relationship),
    phone: loose(FAMILY_LIMITS.phone),
  })
  .partial();

/** The application as saved half done: the same shape, every part optional, only sizes bounded. */
export const ApplicationDraftSchema = z.object({
  child: z
    .object({
      name: loose(FAMILY_LIMITS.name),
      dateOfBirth: loose(10),
      photoDocumentId: documentId.nullable().optional(),
    })
    .optional(),
  guardians: z
    .array(
      z.object({
        name: loose(FAMILY_LIMITS.name),
        email: loose(254),
        phone: loose(FAMILY_LIMITS.phone),
        relationship: z.union([z.enum(RELATIONSHIPS), z.literal('')]).optional(),
      }),
    )
    .max(APPLICATION_RULES.guardiansMax, A.guardiansCount)
    .optional(),
  care: z
    .object({
      emergencyContacts: z.array(looseContact).max(FAMILY_LIMITS.emergencyContacts).optional(),
      medical: z
        .object({
          allergies: loose(FAMILY_LIMITS.note),
          conditions: loose(FAMILY_LIMITS.note),
          medications: z
            .array(z.object({ name: loose(FAMILY_LIMITS.name), dose: loose(FAMILY_LIMITS.reason) }))
            .max(MAX_MEDICATIONS)
            .optional(),
          doctorName: loose(FAMILY_LIMITS.name),
          doctorPhone: loose(FAMILY_LIMITS.phone),
        })
        .optional(),
      pickups: z.array(looseContact).max(FAMILY_LIMITS.pickups).optional(),
      photoConsent: z
        .object({ website: z.boolean(), ownFamily: z.boolean(), otherFamilies: z.boolean() })
        .partial()
        .optional(),
    })
    .optional(),
  wanted: z
    .object({
      classId: z
        .union([z.number().int().positive(), z.string().max(12)])
        .nullable()
        .optional(),
      startDate: loose(10),
    })
    .optional(),
  termsAccepted: z.boolean().optional(),
  signatureName: loose(APPLICATION_RULES.signatureMax),
});
export type ApplicationDraft = z.infer<typeof ApplicationDraftSchema>;

// ---------------------------------------------------------------- documents

export const ApplicationDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  /** The file's name as the family's device named it. */
  name: z.string(),
  mimeType: z.enum(DOCUMENT_TYPES),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type ApplicationDocument = z.infer<typeof ApplicationDocumentSchema>;

// ---------------------------------------------------------------- the public calls

/** Every public call names its application by the link's token. */
export const ApplicationTokenSchema = z.object({
  token: z.string({ error: A.enterToken }).min(20, A.enterToken).max(200, A.enterToken),
});

/** `POST admissions/application`: the application as its link opens it. */
export const ApplicationViewSchema = z.object({
  data: z.object({
    childName: z.string(),
    className: z.string().nullable(),
    yearName: z.string().nullable(),
    /** The case's class, the one wanted unless the family chooses another. */
    classId: z.number().int().nullable(),
    /** The classes that take admissions, to choose from. */
    classes: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** The school's terms the family accepts, in their language. */
    terms: z.string(),
    language: z.string(),
    status: z.enum(['draft', 'submitted']),
    /** The draft as last saved (empty at first), or the application as sent. */
    draft: ApplicationDraftSchema,
    signatureName: z.string().nullable(),
    submittedAt: z.string().nullable(),
    documents: z.array(ApplicationDocumentSchema),
  }),
});
export type ApplicationView = z.infer<typeof ApplicationViewSchema>['data'];

/** `POST admissions/application/draft`. */
export const SaveDraftSchema = ApplicationTokenSchema.extend({ draft: ApplicationDraftSchema });

/** `POST admissions/application/submit`. */
export const SubmitApplicationSchema = ApplicationTokenSchema.extend({ application: ApplicationSchema });

/** `POST admissions/application/documents` (multipart: `kind` and `file`; the token in APPLICATION_RULES.tokenHeader). */
export const DocumentKindFieldSchema = z.enum(DOCUMENT_KINDS, { error: A.chooseKind });
export const DocumentAnswerSchema = z.object({ data: ApplicationDocumentSchema });

/** `POST admissions/application/documents/remove`. */
export const RemoveDocumentSchema = ApplicationTokenSchema.extend({ documentId });

// ---------------------------------------------------------------- the principal's side

/** The application of a case as the principal reads it. */
export const CaseApplicationSchema = z.object({
  status: z.enum(['draft', 'submitted']),
  /** The draft so far, or the application as sent. */
  document: ApplicationDraftSchema,
  signatureName: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** The IP address it was sent from. */
  signedFrom: z.string().nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CaseApplication = z.infer<typeof CaseApplicationSchema>;

/** `GET admin/admissions/cases/{id}`: the case, its moves, its application (null: none begun) and documents. */
export const AdmissionCaseWithApplicationAnswerSchema = z.object({
  data: AdmissionCaseSchema.extend({
    history: z.array(AdmissionMoveSchema),
    application: CaseApplicationSchema.nullable(),
    documents: z.array(ApplicationDocumentSchema),
  }),
});

/** `GET admin/admissions/cases/{id}/documents/{documentId}`. */
export const CaseDocumentParamsSchema = z.object({ id: pathIdSchema(), documentId: pathIdSchema() });

/** `POST admin/admissions/cases/{id}/application-link`: the mail sent. */
export const ApplicationLinkAnswerSchema = z.object({ data: z.object({ sentTo: z.string() }) });
