import { splitChecklist } from '../../../../shared/api/content.js';

/** A check-list field's items, as the editor lists them. */
export const checklistItems = (value: string): string[] => splitChecklist(value);

/** The stored value: the items trimmed, empty ones left out, joined with '#'. */
export const joinChecklist = (items: readonly string[]): string =>
  items
    .map((item) => item.replaceAll('#', ' ').trim())
    .filter((item) => item.length > 0)
    .join('#');
