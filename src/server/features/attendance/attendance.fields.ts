/**
 * The attendance fields of the contract (docs/contract/api.md) under their inside names: the wire names, the
 * original misspelling included (`discription`), exist only in this table and at the routes' edge.
 * Like the content collections' field table (shared/api/content.ts): map once, name things
 * correctly inside.
 */
export const ATTENDANCE_FIELDS = {
  date: 'att_date',
  studentId: 'userid',
  status: 'att_status',
  description: 'discription',
} as const;

type Fields = typeof ATTENDANCE_FIELDS;
type InsideName = keyof Fields;
type WireName = Fields[InsideName];
type InsideOf<W extends WireName> = { [K in InsideName]: Fields[K] extends W ? K : never }[InsideName];

/** A record under its wire names: the table's fields renamed, every other key as it is. */
export type ToWire<R> = { [K in keyof R as K extends InsideName ? Fields[K] : K]: R[K] };
/** A record under its inside names. */
export type FromWire<W> = { [K in keyof W as K extends WireName ? InsideOf<K> : K]: W[K] };

const WIRE_TO_INSIDE = Object.fromEntries(
  Object.entries(ATTENDANCE_FIELDS).map(([inside, wire]) => [wire, inside]),
) as Record<string, string>;

function rename(record: object, names: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [names[key] ?? key, value]));
}

export const toWire = <R extends object>(record: R): ToWire<R> =>
  rename(record, ATTENDANCE_FIELDS) as ToWire<R>;

export const fromWire = <W extends object>(record: W): FromWire<W> =>
  rename(record, WIRE_TO_INSIDE) as FromWire<W>;
