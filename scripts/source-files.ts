import fs from 'node:fs';
import path from 'node:path';

/**
 * Every TypeScript source file under `folder` (`.ts`, `.tsx`; declaration files aside), for the
 * programs that read the code (boundaries.ts, query-keys.ts, error-comparisons.ts). None when the
 * folder does not exist.
 */
export function sourceFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
