import type { CareDetails } from '../api/family.js';

/**
 * What one save of a child's care details changed, field by field (docs/decisions/0021-families.md):
 * the rows of the care history. Pure, so that every writer of care details (the care screen, the
 * enrolment of docs/decisions/0104-enrolment-in-one-step.md) records a change the same way.
 */

export interface CareFieldChange {
  field: string;
  from: string;
  to: string;
}

/** A value as the history shows it: text as written, a yes/no, '' for none. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Every leaf of the document by its path: `medical.allergies`, `pickups[2].phone`, `photoConsent`. */
function flatten(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      flatten(item, `${prefix}[${index}]`, into);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, shown(value));
  }
  return into;
}

/**
 * The field-level differences between two documents, in the order of the new document's fields and
 * then of what was removed. An entry that was removed from a list shows as its fields going to ''.
 */
export function careChanges(before: CareDetails, after: CareDetails): CareFieldChange[] {
  const old = flatten(before, '', new Map());
  const now = flatten(after, '', new Map());
  const changes: CareFieldChange[] = [];
  for (const [field, to] of now) {
    const from = old.get(field) ?? '';
    if (from !== to) changes.push({ field, from, to });
  }
  for (const [field, from] of old) {
    if (!now.has(field) && from !== '') changes.push({ field, from, to: '' });
  }
  return changes;
}
