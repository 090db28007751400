import { sortByName } from '../../../../shared/i18n/name-order.js';
import { pageLocale } from '../../../lib/i18n.js';

/** The choices of the guardians screen in the page's order of their names. */
export const byName = <T extends { name: string }>(rows: T[]): T[] =>
  sortByName(rows, pageLocale(), (row) => row.name);
