import { describe, expect, it } from 'vitest';
import { familySeesMoment, type TaggedChild, websiteMayShow } from './photo-consent.js';

const child = (id: number, ownFamily: boolean, otherFamilies: boolean): TaggedChild => ({
  id,
  ownFamily,
  otherFamilies,
});
const OURS = new Set([1, 2]);

describe('familySeesMoment: the whole matrix', () => {
  // Our child 1 tagged with another family's child 9: every combination of the two consents that
  // matter (1's ownFamily, 9's otherFamilies) and the two that do not (1's otherFamilies, 9's ownFamily).
  const bools = [true, false];
  for (const ownOwn of bools)
    for (const ownOther of bools)
      for (const otherOwn of bools)
        for (const otherOther of bools) {
          const expected = ownOwn && otherOther;
          it(`ours(own ${ownOwn}, other ${ownOther}) + theirs(own ${otherOwn}, other ${otherOther}) -> ${expected}`, () => {
            const tagged = [child(1, ownOwn, ownOther), child(9, otherOwn, otherOther)];
            expect(familySeesMoment(tagged, OURS)).toBe(expected);
          });
        }

  it('only our child: its ownFamily consent decides, its otherFamilies does not matter', () => {
    expect(familySeesMoment([child(1, true, false)], OURS)).toBe(true);
    expect(familySeesMoment([child(1, false, true)], OURS)).toBe(false);
  });

  it('no child of ours tagged: never, whatever the others allow', () => {
    expect(familySeesMoment([child(8, true, true), child(9, true, true)], OURS)).toBe(false);
    expect(familySeesMoment([], OURS)).toBe(false);
    expect(familySeesMoment([child(1, true, true)], new Set())).toBe(false);
  });

  it('two of our children tagged: each must share with the family', () => {
    expect(familySeesMoment([child(1, true, false), child(2, true, false)], OURS)).toBe(true);
    expect(familySeesMoment([child(1, true, true), child(2, false, true)], OURS)).toBe(false);
  });

  it('several other children: one without otherFamilies consent hides the moment', () => {
    const others = [child(8, true, true), child(9, true, true)];
    expect(familySeesMoment([child(1, true, true), ...others], OURS)).toBe(true);
    expect(familySeesMoment([child(1, true, true), child(8, true, true), child(9, true, false)], OURS)).toBe(
      false,
    );
  });
});

describe('websiteMayShow', () => {
  const consent = new Map([
    [1, true],
    [2, false],
  ]);
  const website = (id: number) => consent.get(id) ?? false;
  it('shows an untagged picture and one whose children all consent', () => {
    expect(websiteMayShow([], website)).toBe(true);
    expect(websiteMayShow([1], website)).toBe(true);
  });
  it('leaves out a picture with one child without website consent, or without care details', () => {
    expect(websiteMayShow([1, 2], website)).toBe(false);
    expect(websiteMayShow([3], website)).toBe(false);
  });
});
