import type { CATALOGS } from '../messages/catalogs.js';

/**
 * The catalogs' keys as types, read off the English catalog (`area.key`): a key that no catalog has
 * does not compile. Type-only, so the browser's code carries no catalog.
 */
type Catalogs = typeof CATALOGS;
export type MessageArea = keyof Catalogs;
export type MessageKey = {
  [A in MessageArea]: `${A}.${Extract<keyof Catalogs[A]['en'], string>}`;
}[MessageArea];

/** The English messages of one area, by key: what a translation of that area must have. */
export type AreaMessages<A extends MessageArea> = Readonly<Record<keyof Catalogs[A]['en'], string>>;
