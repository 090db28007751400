/**
 * Query keys of the family calls (docs/decisions/0021-families.md). They start with 'school', like
 * the rest of the school area's (lib/school/query-keys.ts), so logging out drops them too. The
 * parent's children are read in lib/school/get-children.ts, under `['school', 'family', 'children']`.
 */
export const familyKeys = {
  all: ['school', 'family'] as const,
  care: (studentId: number) => ['school', 'family', 'care', studentId] as const,
  careHistory: (studentId: number) => ['school', 'family', 'care', studentId, 'history'] as const,
  /** Under `care`: reading or saving the details adds to it. */
  accessLog: (studentId: number) => ['school', 'family', 'care', studentId, 'access-log'] as const,
  /** The child's consents and their history (docs/decisions/0111-consent-as-a-ledger.md). */
  consents: (studentId: number) => ['school', 'family', 'consents', studentId] as const,
  /** The requests for archives of the child's data (docs/decisions/0109-a-familys-data-on-request.md). */
  dataExports: (studentId: number) => ['school', 'family', 'data-exports', studentId] as const,
  /** Not under `care`: saving the details refetches them, never the unchanged pictures. */
  pickupPhoto: (studentId: number, photo: string) =>
    ['school', 'family', 'pickup-photo', studentId, photo] as const,
};
