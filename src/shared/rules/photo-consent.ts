/**
 * Who sees a photo moment, by the tagged children's consents (docs/decisions/0079-photo-consent.md).
 * Pure: the policy (server/features/photo-moments/photo-moments.policy.ts) reads the consents and
 * the family, and asks here, at every read, so a consent changed after posting applies at once.
 */

/** A tagged child's consents, as the care details keep them (no care details: all off). */
export interface TaggedChild {
  id: number;
  ownFamily: boolean;
  otherFamilies: boolean;
}

/**
 * Whether a family (the guardian of the children `ownChildren`) sees a moment with these tagged
 * children: at least one of its own children is tagged; every one of its own tagged children
 * shares photos with the family (`ownFamily`); and every other tagged child may appear in photos
 * other families see (`otherFamilies`). A moment with no tagged child reaches no family.
 */
export function familySeesMoment(tagged: readonly TaggedChild[], ownChildren: ReadonlySet<number>): boolean {
  let ownTagged = false;
  for (const child of tagged) {
    if (ownChildren.has(child.id)) {
      if (!child.ownFamily) return false;
      ownTagged = true;
    } else if (!child.otherFamilies) {
      return false;
    }
  }
  return ownTagged;
}

/**
 * Whether the public website may show a picture with these tagged children: only when each of them
 * may appear on the website. `websiteConsent` answers false for a child without care details.
 */
export function websiteMayShow(
  taggedIds: readonly number[],
  websiteConsent: (id: number) => boolean,
): boolean {
  return taggedIds.every((id) => websiteConsent(id));
}
