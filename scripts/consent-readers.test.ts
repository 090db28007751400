import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestCode } from './boundaries.js';
import { sourceFiles } from './source-files.js';

/**
 * A consent is read in one place (docs/decisions/0111-consent-as-a-ledger.md): the ledger's table
 * `consent_entry` is named only by the consents feature (whose repository every other feature asks),
 * the migrations, the table types, the backup's row rules (which copy every table) and the family
 * archive's map (which copies every row about a child); and the care
 * record's old consent columns are named only by the migrations that made and dropped them.
 */

const root = path.resolve(import.meta.dirname, '..');
const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
const code = sourceFiles(path.join(root, 'src'))
  .map(relative)
  .filter((file) => !isTestCode(file));
const naming = (pattern: RegExp) =>
  code.filter((file) => pattern.test(fs.readFileSync(path.join(root, file), 'utf8')));

const MAY_NAME_THE_LEDGER = [
  'src/server/features/consents/',
  'src/server/db/migrations/',
  'src/server/db/database.ts',
  'src/server/features/backup/row-rules.ts',
  // The family's archive copies every row about the child, as the backup copies every table.
  'src/server/features/family-export/child-records.ts',
];

describe('the consent ledger', () => {
  it('is read and written only through the consents feature', () => {
    const outside = naming(/\bconsent_entry\b/).filter(
      (file) => !MAY_NAME_THE_LEDGER.some((allowed) => file.startsWith(allowed)),
    );
    expect(outside, 'ask src/server/features/consents/consents.repository.ts instead').toEqual([]);
  });

  it('replaced the care record’s consent columns: only migrations name them', () => {
    const outside = naming(/\b(photo_consent|consent_own_family|consent_other_families)\b/).filter(
      (file) => !file.startsWith('src/server/db/migrations/'),
    );
    expect(outside).toEqual([]);
  });
});
