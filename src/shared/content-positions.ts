import { CONTENT_COLLECTIONS, type ContentCollection } from './content-records.js';

/**
 * What the public pages show of a collection's record at a given position (docs/contract/product.md#public-pages;
 * the sections' own rules are in web/features/public-site/lib/content-rules.ts). Several sections read
 * one field from one record only: the About check-list from record 0 and the rest from record 1, a
 * section's label and title from record 0. The website editor shows a record's form with these fields
 * only, so that nobody edits a field the site never shows (docs/decisions/0050-website-editor-without-traps.md).
 */
export interface ShownOnPage {
  /** The record's fields the page shows (internal names, the keys of CONTENT_COLLECTIONS), in order. */
  fields: readonly string[];
  /** How many of the record's pictures the page shows, from the first (Infinity: all of them). */
  pictures: number;
}

const everyField = (collection: ContentCollection): string[] =>
  Object.keys(CONTENT_COLLECTIONS[collection].fields);
const but = (collection: ContentCollection, ...left: string[]): string[] =>
  everyField(collection).filter((field) => !left.includes(field));

const NOTHING: ShownOnPage = { fields: [], pictures: 0 };
const shown = (fields: string[], pictures: number): ShownOnPage => ({ fields, pictures });

type Rule = (position: number) => ShownOnPage;

/** Position 0: the section's heading and the first item; further positions: an item each. */
const headedList =
  (collection: ContentCollection, pictures: number): Rule =>
  (position) =>
    shown(position === 0 ? everyField(collection) : but(collection, 'label', 'title'), pictures);
/** Only the first record counts (a banner, a section heading). */
const firstOnly =
  (collection: ContentCollection, pictures: number): Rule =>
  (position) =>
    position === 0 ? shown(everyField(collection), pictures) : NOTHING;
/** Every record is an item of its own. */
const eachRecord =
  (collection: ContentCollection, pictures: number): Rule =>
  () =>
    shown(everyField(collection), pictures);

const RULES: Record<ContentCollection, Rule> = {
  home: firstOnly('home', 1),
  // AboutSection: record 0 gives the check-list, record 1 the texts and both pictures.
  about: (position) =>
    position === 0 ? shown(['checklist'], 0) : position === 1 ? shown(but('about', 'checklist'), 2) : NOTHING,
  class: firstOnly('class', 0),
  kidsclasses: eachRecord('kidsclasses', 1),
  comments: eachRecord('comments', 1),
  teacher: headedList('teacher', 1),
  blog: headedList('blog', 1),
  facilities: eachRecord('facilities', 0),
  gallery: firstOnly('gallery', Number.POSITIVE_INFINITY),
  // The article's entries: intro, sections, the author card; each shows its texts and pictures.
  blogdetails: eachRecord('blogdetails', Number.POSITIVE_INFINITY),
  contacts: firstOnly('contacts', 0),
};

/** What the page shows of the record at `position` (0-based) of `collection`. */
export function shownOnPage(collection: ContentCollection, position: number): ShownOnPage {
  return RULES[collection](position);
}

/** Whether the page shows anything of the record at `position`. */
export const isShownOnPage = (collection: ContentCollection, position: number): boolean => {
  const rule = shownOnPage(collection, position);
  return rule.fields.length > 0 || rule.pictures > 0;
};
