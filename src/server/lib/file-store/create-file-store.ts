import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { DatabaseFileStore } from './database-file-store.js';
import { DiskFileStore } from './disk-file-store.js';
import type { FileStore } from './file-store.js';

/** The configured store (FILE_STORE): the uploads folder, or the school's database. */
export function createFileStore(config: Config, db: Db): FileStore {
  return config.fileStore === 'database' ? new DatabaseFileStore(db) : new DiskFileStore(config.uploadsDir);
}
