/** The choices of the guardians screen in the order of their names. */
export const byName = <T extends { name: string }>(rows: T[]): T[] =>
  rows.sort((a, b) => a.name.localeCompare(b.name));
