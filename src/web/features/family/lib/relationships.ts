import type { Relationship } from '../../../../shared/api/family.js';
import type { MessageKey } from '../../../lib/i18n.js';

/** A guardian's relationship (the wire's value, `Mother`) in the reader's words. */
export const RELATIONSHIP_KEY: Readonly<Record<Relationship, MessageKey>> = {
  Mother: 'family.relationship.Mother',
  Father: 'family.relationship.Father',
  Guardian: 'family.relationship.Guardian',
  Other: 'family.relationship.Other',
};
