/**
 * The key under which the name of a class or subject, or the label of a time slot, is unique: the
 * Unicode lower case of its NFC form. Computed here rather than with SQL `lower()`, which on SQLite
 * folds ASCII letters only ("École" and "école" would both pass), so that both engines refuse the
 * same names. Stored in each table's `name_key` column, under a unique index.
 */
export const nameKeyOf = (name: string): string => name.trim().normalize('NFC').toLowerCase();
