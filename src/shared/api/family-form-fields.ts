/*
 * The family records' limits, messages and relationships, without their zod schemas (family.ts, which
 * re-exports all of this): the registration page names a parent's children from its first JavaScript
 * and loads the schemas only when the form is first checked (docs/decisions/0035-lean-public-pages.md).
 */

export const RELATIONSHIPS = ['Mother', 'Father', 'Guardian', 'Other'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const FAMILY_LIMITS = {
  name: 100,
  relationship: 40,
  phone: 30,
  note: 1000,
  reason: 500,
  /** Children a registering parent may name. */
  children: 6,
  emergencyContacts: 6,
  pickups: 10,
} as const;

export const FAMILY_MESSAGES = {
  chooseParent: 'Choose a parent',
  choosePupil: 'Choose a pupil',
  chooseRelationship: 'Choose Mother, Father, Guardian or Other',
  alreadyLinked: 'This parent is already linked to this pupil.',
  notParentAndPupil: 'The first account must be a Parent and the second a Student.',
  enterName: 'Please enter the name',
  enterPhone: 'Please enter the phone number',
  phoneInvalid: 'Please enter a valid phone number',
  enterRelationship: 'Please enter the relationship',
  chooseKind: 'Choose in or out',
  collectorNeeded: 'Please enter who collected the child',
  collectorNotOnList: 'This person is not a guardian or an authorised pick-up of the child.',
  reasonNeeded: 'Please write why this person may collect the child',
  alreadyIn: 'This child is already checked in.',
  notIn: 'This child is not checked in.',
  notInAClass: 'This pupil is in no class.',
  childrenNotAList: 'The children must be a list of names and dates of birth',
  childrenOnlyForParents: 'Only a parent may name children when registering.',
  linksOnlyForParents: 'Pupils can only be linked to a parent account that is being approved.',
  pupilTwice: 'Each pupil may be linked once',
  notAPupil: 'Each linked account must be a Student.',
} as const;
