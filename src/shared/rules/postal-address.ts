/**
 * The school's address as schema.org's PostalAddress, read from the one free-text line an editor
 * types ("14 Orchard Lane, Greenfield, GF4 2QL"). Search engines prefer the parts; a part read
 * wrongly is worse than none, so the reading is conservative: the parts are taken only where the
 * text has the shape of a postal address (comma- or line-separated, a postal code after the
 * first part, a post town beside it), and everything else stays in `streetAddress` as written.
 */

export interface PostalAddressParts {
  streetAddress: string;
  addressLocality?: string;
  /** A state or province written as its short code (`IL`, `NSW`, `ON`). */
  addressRegion?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2, as Google asks for; only for the countries named below. */
  addressCountry?: string;
}

/**
 * Country names as addresses end with them, to their ISO code. Not a full list: an unknown last
 * part is not taken for a country (it stays in the street address, which is never wrong).
 */
const COUNTRIES: Readonly<Record<string, string>> = {
  'united kingdom': 'GB',
  uk: 'GB',
  'u.k.': 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'united states': 'US',
  'united states of america': 'US',
  usa: 'US',
  'u.s.a.': 'US',
  us: 'US',
  'u.s.': 'US',
  canada: 'CA',
  australia: 'AU',
  'new zealand': 'NZ',
  ireland: 'IE',
  germany: 'DE',
  deutschland: 'DE',
  france: 'FR',
  spain: 'ES',
  españa: 'ES',
  portugal: 'PT',
  italy: 'IT',
  italia: 'IT',
  netherlands: 'NL',
  'the netherlands': 'NL',
  nederland: 'NL',
  belgium: 'BE',
  switzerland: 'CH',
  schweiz: 'CH',
  austria: 'AT',
  österreich: 'AT',
  poland: 'PL',
  polska: 'PL',
  sweden: 'SE',
  norway: 'NO',
  denmark: 'DK',
  finland: 'FI',
  india: 'IN',
  kenya: 'KE',
  uganda: 'UG',
  tanzania: 'TZ',
  nigeria: 'NG',
  ghana: 'GH',
  'south africa': 'ZA',
  singapore: 'SG',
  philippines: 'PH',
  japan: 'JP',
  mexico: 'MX',
  brazil: 'BR',
};

/** A postal code and what is left of its part (the post town, a region code, or nothing). */
interface CodeInPart {
  postalCode: string;
  rest: string;
}

/**
 * The shapes a postal code takes inside its part, tried in order. Letters-and-digits codes first
 * (they cannot be mistaken for a house number); plain digit codes need four to six digits, so a
 * house number ("12") is never read as one.
 */
const CODE_SHAPES: readonly ((part: string) => CodeInPart | undefined)[] = [
  // United Kingdom, at the end: "London NW1 6XE", "GF4 2QL".
  (part) => match(part, /^(.*?)\s*\b([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i, 2, 1),
  // Canada, at the end: "ON M5H 2N2".
  (part) => match(part, /^(.*?)\s*\b([A-Z]\d[A-Z] ?\d[A-Z]\d)$/i, 2, 1),
  // The Netherlands, first: "1012 LG Amsterdam".
  (part) => match(part, /^(\d{4} ?[A-Z]{2})\s+(\D+)$/, 1, 2),
  // Digits first (Germany, France, Spain, Poland...): "10115 Berlin", "00-950 Warszawa".
  (part) => match(part, /^(\d{4,6}|\d{2,3}-\d{3,4})\s+(\D+)$/, 1, 2),
  // Digits last (United States, Australia, India, Kenya...): "IL 62704", "Sydney NSW 2000", "95014".
  (part) => match(part, /^(\D*?)\s*\b(\d{4,6}(?:-\d{4})?)$/, 2, 1),
];

function match(part: string, pattern: RegExp, codeGroup: number, restGroup: number): CodeInPart | undefined {
  const found = pattern.exec(part);
  if (!found) return undefined;
  return { postalCode: (found[codeGroup] ?? '').toUpperCase(), rest: (found[restGroup] ?? '').trim() };
}

/** A place name: letters (any script), spaces, hyphens, apostrophes and dots; no digits. */
const PLACE_NAME = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
/**
 * A last word that makes a part a street, a building or a box rather than a town ("1600 Amphitheatre
 * Parkway" is not the town Amphitheatre Parkway with the code 1600).
 */
const NOT_A_TOWN_LAST_WORD =
  /(?:^|\s)(street|st|road|rd|lane|ln|avenue|ave|av|drive|dr|way|parkway|pkwy|boulevard|blvd|close|court|ct|place|pl|crescent|terrace|square|sq|highway|hwy|straße|strasse|str|weg|gasse|platz|rue|avenida|calle|via|plaza|suite|ste|unit|floor|fl|box|building|bldg|block|flat|apt|apartment|room|plot|house|estate|school|campus|p\.?o\.?)\.?$/iu;
/** "PO Box 12", "P.O. Box 12". */
const POST_BOX = /\bp\.?\s?o\.?\s+box\b/i;

/** A state or province code after the town: "IL", "NSW", "ON". */
const REGION_CODE = /^[A-Z]{2,3}$/;

/** Reads `text` into PostalAddress parts; undefined for an empty text. */
export function readPostalAddress(text: string | undefined): PostalAddressParts | undefined {
  const written = (text ?? '').replace(/\s+/g, ' ').trim();
  if (written === '') return undefined;
  const parts = (text ?? '')
    .split(/[,\n]/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '');

  const lastName = (parts.at(-1) ?? '').toLowerCase();
  const country = Object.hasOwn(COUNTRIES, lastName) ? COUNTRIES[lastName] : undefined;
  const local = country && parts.length > 1 ? parts.slice(0, -1) : parts;
  const addressCountry = local === parts ? undefined : country;
  const asWritten = (): PostalAddressParts =>
    withCountry({ streetAddress: local.join(', ') }, addressCountry);

  // The code is looked for in the last part only, never in the first (the street and house number).
  const last = local.at(-1) ?? '';
  if (local.length < 2) return asWritten();
  const code = CODE_SHAPES.map((shape) => shape(last)).find((found) => found !== undefined);
  if (!code) return asWritten();

  let locality: string | undefined;
  let region: string | undefined;
  let streetParts = local.slice(0, -1);
  const [, town, regionCode] = /^(.*?)\s+([A-Z]{2,3})$/.exec(code.rest) ?? [];
  if (code.rest === '' || REGION_CODE.test(code.rest)) {
    // "Greenfield, GF4 2QL", "Springfield, IL 62704": the town is the part before.
    region = code.rest || undefined;
    locality = streetParts.at(-1);
    streetParts = streetParts.slice(0, -1);
  } else if (town && regionCode && PLACE_NAME.test(town)) {
    // "Sydney NSW 2000".
    locality = town;
    region = regionCode;
  } else {
    locality = code.rest;
  }
  if (
    !locality ||
    !PLACE_NAME.test(locality) ||
    NOT_A_TOWN_LAST_WORD.test(locality) ||
    POST_BOX.test(locality) ||
    streetParts.length === 0
  ) {
    return asWritten();
  }
  return withCountry(
    {
      streetAddress: streetParts.join(', '),
      addressLocality: locality,
      ...(region ? { addressRegion: region } : {}),
      postalCode: code.postalCode,
    },
    addressCountry,
  );
}

const withCountry = (parts: PostalAddressParts, country: string | undefined): PostalAddressParts =>
  country ? { ...parts, addressCountry: country } : parts;
