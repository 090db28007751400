import type {
  ApplicationDraft,
  ApplicationInput,
  ApplicationView,
} from '../../../../shared/api/admission-application.js';
import type { Relationship } from '../../../../shared/api/family-form-fields.js';

/**
 * The application form's values (docs/decisions/0103-the-application-families-fill-in.md): every
 * field as the inputs hold it (text, and true/false for the boxes), made from the saved draft and
 * turned back into a draft to save or an application to send.
 */

export interface ContactValues {
  name: string;
  relationship: string;
  phone: string;
}

export interface GuardianValues {
  name: string;
  email: string;
  phone: string;
  relationship: string;
}

export interface ApplicationValues {
  child: { name: string; dateOfBirth: string; photoDocumentId: string };
  guardians: GuardianValues[];
  care: {
    emergencyContacts: ContactValues[];
    pickups: ContactValues[];
    medical: { allergies: string; conditions: string; doctorName: string; doctorPhone: string };
    photoConsent: { website: boolean; ownFamily: boolean; otherFamilies: boolean };
  };
  wanted: { classId: string; startDate: string };
  termsAccepted: boolean;
  signatureName: string;
}

export const EMPTY_GUARDIAN: GuardianValues = { name: '', email: '', phone: '', relationship: '' };
export const EMPTY_CONTACT: ContactValues = { name: '', relationship: '', phone: '' };

const contactOf = (contact: { name?: string; relationship?: string; phone?: string }): ContactValues => ({
  name: contact.name ?? '',
  relationship: contact.relationship ?? '',
  phone: contact.phone ?? '',
});

/** The form's first values: the saved draft, the case's class, one empty guardian at least. */
export function valuesOf(view: ApplicationView): ApplicationValues {
  const draft = view.draft;
  const guardians = (draft.guardians ?? []).map((g) => ({
    name: g.name ?? '',
    email: g.email ?? '',
    phone: g.phone ?? '',
    relationship: g.relationship ?? '',
  }));
  const classId = draft.wanted?.classId ?? view.classId;
  return {
    child: {
      name: draft.child?.name ?? view.childName,
      dateOfBirth: draft.child?.dateOfBirth ?? '',
      photoDocumentId: draft.child?.photoDocumentId ? String(draft.child.photoDocumentId) : '',
    },
    guardians: guardians.length > 0 ? guardians : [{ ...EMPTY_GUARDIAN }],
    care: {
      emergencyContacts: (draft.care?.emergencyContacts ?? []).map(contactOf),
      pickups: (draft.care?.pickups ?? []).map(contactOf),
      medical: {
        allergies: draft.care?.medical?.allergies ?? '',
        conditions: draft.care?.medical?.conditions ?? '',
        doctorName: draft.care?.medical?.doctorName ?? '',
        doctorPhone: draft.care?.medical?.doctorPhone ?? '',
      },
      photoConsent: {
        website: draft.care?.photoConsent?.website ?? false,
        ownFamily: draft.care?.photoConsent?.ownFamily ?? false,
        otherFamilies: draft.care?.photoConsent?.otherFamilies ?? false,
      },
    },
    wanted: {
      classId: classId === null || classId === undefined ? '' : String(classId),
      startDate: draft.wanted?.startDate ?? '',
    },
    termsAccepted: draft.termsAccepted ?? false,
    signatureName: draft.signatureName ?? '',
  };
}

const idOrNull = (value: string): number | null => (/^[1-9][0-9]*$/.test(value) ? Number(value) : null);
const relationshipOf = (value: string): Relationship | '' => value as Relationship | '';

/** The values as a draft to save: what is typed, as it is. */
export function draftOf(values: ApplicationValues): ApplicationDraft {
  return {
    child: {
      name: values.child.name,
      dateOfBirth: values.child.dateOfBirth,
      photoDocumentId: idOrNull(values.child.photoDocumentId),
    },
    guardians: values.guardians.map((g) => ({ ...g, relationship: relationshipOf(g.relationship) })),
    care: {
      emergencyContacts: values.care.emergencyContacts,
      pickups: values.care.pickups,
      medical: { ...values.care.medical, medications: [] },
      photoConsent: values.care.photoConsent,
    },
    wanted: { classId: idOrNull(values.wanted.classId), startDate: values.wanted.startDate },
    termsAccepted: values.termsAccepted,
    signatureName: values.signatureName,
  };
}

/** The values as the application to send; the shared schema checks it before it goes. */
export function applicationOf(values: ApplicationValues): ApplicationInput {
  return {
    child: {
      name: values.child.name,
      dateOfBirth: values.child.dateOfBirth,
      photoDocumentId: idOrNull(values.child.photoDocumentId),
    },
    guardians: values.guardians.map((g) => ({ ...g, relationship: g.relationship as Relationship })),
    care: {
      emergencyContacts: values.care.emergencyContacts,
      pickups: values.care.pickups,
      medical: { ...values.care.medical, medications: [] },
      photoConsent: values.care.photoConsent,
    },
    wanted: { classId: values.wanted.classId, startDate: values.wanted.startDate },
    termsAccepted: values.termsAccepted as true,
    signatureName: values.signatureName,
  };
}
