import type { GALLERY_CATEGORIES } from './constants.js';

/**
 * The public content collections of docs/contract/api.md, apart from their schemas (api/content.ts
 * re-exports this module and adds them): the public pages read records with these in their first load,
 * and zod is not there (docs/decisions/0031-first-load-javascript.md).
 *
 * The public content collections of docs/contract/api.md. Each field has a correct internal name (the key)
 * and the name the outside world sees in JSON (`wire`), misspellings included. Server and client map between
 * the two only through `toWireRecord` / `fromWireRecord` below.
 */

/**
 * `class`: the id of the school class a record describes, as decimal digits ('' for none): a kids
 * class card names its class, and shows that class's free seats (docs/decisions/0101-seats-that-mean-something.md).
 */
type FieldKind = 'line' | 'text' | 'icon' | 'checklist' | 'class';

interface FieldDefinition<Wire extends string = string> {
  wire: Wire;
  label: string;
  kind: FieldKind;
  max: number;
}

const line = <W extends string>(wire: W, label: string, max = 200): FieldDefinition<W> => ({
  wire,
  label,
  kind: 'line',
  max,
});
const text = <W extends string>(wire: W, label: string, max = 5000): FieldDefinition<W> => ({
  wire,
  label,
  kind: 'text',
  max,
});

export const CONTENT_COLLECTIONS = {
  home: {
    title: 'Home banner',
    fields: {
      heading: line('heading', 'Small heading'),
      title: line('heading2', 'Title'),
      learnMoreLabel: line('learm_more', 'Button label', 60),
      description: text('discription', 'Description'),
    },
  },
  about: {
    title: 'About',
    fields: {
      label: line('heading1', 'Label'),
      title: line('heading2', 'Title'),
      checklist: {
        wire: 'heading3',
        label: 'Check-list (items separated by #)',
        kind: 'checklist',
        max: 2000,
      },
      description: text('discription', 'Description'),
      learnMoreLabel: line('learn_more', 'Button label', 60),
    },
  },
  class: {
    title: 'Classes heading',
    fields: { label: line('heading1', 'Label'), title: line('heading2', 'Title') },
  },
  kidsclasses: {
    title: 'Classes',
    fields: {
      title: line('heading', 'Class name'),
      description: text('discription', 'Description'),
      ageOfKids: line('age_of_kids', 'Age of Kids', 60),
      totalSeats: line('total_seat', 'Total Seats', 60),
      classTime: line('class_time', 'Class Time', 60),
      tuitionFee: line('tution_fee', 'Tuition Fee', 60),
      classId: { wire: 'class_id', label: 'School class', kind: 'class', max: 12 },
    },
  },
  comments: {
    title: 'Testimonials',
    fields: {
      name: line('name', 'Parent name'),
      designation: line('degination', 'Designation'),
      quote: text('discription', 'Quote', 2000),
    },
  },
  teacher: {
    title: 'Teachers',
    fields: {
      label: line('heading1', 'Section label'),
      title: line('heading2', 'Section title'),
      name: line('teacher_name', 'Teacher name'),
      designation: line('designation', 'Designation'),
    },
  },
  blog: {
    title: 'Blog',
    fields: {
      label: line('heading1', 'Section label'),
      title: line('heading2', 'Section title'),
      heading: line('heading', 'Post title'),
      description: text('discription', 'Post text', 20000),
      author: line('author', 'Author', 100),
      category: line('category', 'Category', 100),
    },
  },
  facilities: {
    title: 'Facilities',
    fields: {
      icon: { wire: 'image', label: 'Icon', kind: 'icon', max: 60 },
      heading: line('heading', 'Heading'),
      description: text('discription', 'Description', 2000),
    },
  },
  gallery: {
    title: 'Gallery',
    fields: { label: line('heading1', 'Label'), title: line('heading2', 'Title') },
  },
  blogdetails: {
    title: 'Blog detail',
    fields: {
      label: line('heading1', 'Label'),
      title: line('heading2', 'Title'),
      description: text('discription', 'Text', 20000),
    },
  },
  contacts: {
    title: 'Contact',
    fields: {
      label: line('heading1', 'Label'),
      title: line('heading2', 'Title'),
      description: text('discription', 'Description', 2000),
      address: line('address', 'Address'),
      email: line('email', 'Email'),
      phone: line('phone', 'Phone', 60),
      openingHours: line('opening_hour', 'Opening Hours'),
    },
  },
} as const satisfies Record<string, { title: string; fields: Record<string, FieldDefinition> }>;

export type ContentCollection = keyof typeof CONTENT_COLLECTIONS;
export const CONTENT_COLLECTION_NAMES = Object.keys(CONTENT_COLLECTIONS) as ContentCollection[];
export const isContentCollection = (name: string): name is ContentCollection =>
  Object.hasOwn(CONTENT_COLLECTIONS, name);

type Fields<C extends ContentCollection> = (typeof CONTENT_COLLECTIONS)[C]['fields'];

/** A record's own fields under their internal names. */
export type ContentFields<C extends ContentCollection> = { [K in keyof Fields<C>]: string };
/** The same fields under their wire names. */
export type WireContentFields<C extends ContentCollection> = {
  [K in keyof Fields<C> as Fields<C>[K] extends { wire: infer W extends string } ? W : never]: string;
};

/** A record's picture with its alt text (and, in the gallery, its category). */
export interface ContentImage {
  image: string;
  alt: string;
  category?: (typeof GALLERY_CATEGORIES)[number] | undefined;
}

/**
 * When a record was first stored and last changed (ISO 8601), set by the server, never by an editor.
 * A blog post carries them: its page tells search engines when it was published and last changed
 * (schema.org BlogPosting). Optional in the type: records made by hand (tests, placeholders) lack them.
 */
export interface RecordDates {
  publishedAt?: string;
  updatedAt?: string;
}

/** The collections whose records carry their dates (the server sends them with each record). */
export const DATED_COLLECTIONS = ['blog'] as const satisfies readonly ContentCollection[];
export type DatedCollection = (typeof DATED_COLLECTIONS)[number];
export const isDatedCollection = (collection: ContentCollection): collection is DatedCollection =>
  (DATED_COLLECTIONS as readonly ContentCollection[]).includes(collection);
type DatesOf<C extends ContentCollection> = C extends DatedCollection ? RecordDates : unknown;

export type ContentRecord<C extends ContentCollection> = ContentFields<C> & {
  id: number;
  images: ContentImage[];
} & DatesOf<C>;
export type WireContentRecord<C extends ContentCollection> = WireContentFields<C> & {
  id: number;
  images: ContentImage[];
} & DatesOf<C>;

/** The dates of a record that has them, under the same names inside and on the wire. */
function datesOf(source: RecordDates): RecordDates {
  const dates: RecordDates = {};
  if (typeof source.publishedAt === 'string') dates.publishedAt = source.publishedAt;
  if (typeof source.updatedAt === 'string') dates.updatedAt = source.updatedAt;
  return dates;
}

export function fieldEntries(collection: ContentCollection): [string, FieldDefinition][] {
  return Object.entries(CONTENT_COLLECTIONS[collection].fields);
}

/**
 * The fields a record has in each of the school's languages (docs/decisions/0064-content-in-the-schools-languages.md):
 * every text; an icon is a name and a class an id, not words, and stay shared like the pictures and the order.
 */
export function translatableFieldEntries(collection: ContentCollection): [string, FieldDefinition][] {
  return fieldEntries(collection).filter(([, field]) => field.kind !== 'icon' && field.kind !== 'class');
}

/** A record's translatable fields in one language under their internal names ('' or absent: not translated). */
export type TranslatedFields = Record<string, string>;

/**
 * The record as a page in another language shows it: each translatable field's translation where
 * there is one, else the default language's text (the record's own).
 */
export function withTranslation<R extends { id: number }>(
  collection: ContentCollection,
  record: R,
  translation: TranslatedFields | undefined,
): R {
  if (!translation) return record;
  const merged: Record<string, unknown> = { ...record };
  for (const [key] of translatableFieldEntries(collection)) {
    const text = translation[key];
    if (typeof text === 'string' && text.trim() !== '') merged[key] = text;
  }
  return merged as R;
}

export function toWireRecord<C extends ContentCollection>(
  collection: C,
  record: ContentRecord<C>,
): WireContentRecord<C> {
  const wire: Record<string, unknown> = { id: record.id };
  const internal = record as unknown as Record<string, string | undefined>;
  for (const [key, field] of fieldEntries(collection)) wire[field.wire] = internal[key] ?? '';
  wire.images = record.images;
  if (isDatedCollection(collection)) Object.assign(wire, datesOf(record as RecordDates));
  return wire as WireContentRecord<C>;
}

export function fromWireRecord<C extends ContentCollection>(
  collection: C,
  wire: WireContentRecord<C>,
): ContentRecord<C> {
  const record: Record<string, unknown> = { id: wire.id };
  const source = wire as unknown as Record<string, string | undefined>;
  for (const [key, field] of fieldEntries(collection)) record[key] = source[field.wire] ?? '';
  record.images = wire.images;
  if (isDatedCollection(collection)) Object.assign(record, datesOf(wire as RecordDates));
  return record as ContentRecord<C>;
}

/**
 * Record 0's `#`-separated heading3 as check-list items, empty parts dropped
 * (docs/contract/product.md#public-pages).
 */
export function splitChecklist(value: string | undefined): string[] {
  return (value ?? '')
    .split('#')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
