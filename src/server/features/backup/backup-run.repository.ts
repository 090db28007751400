import type { BackupRun } from '../../../shared/api/backup.js';
import type { Db } from '../../db/connect.js';

/**
 * Claims a scheduled backup's slot: true for the one process whose insert wins, false for every
 * other (the slot is the table's primary key), so each slot gets one backup however many servers
 * share the database.
 */
export async function claimSlot(db: Db, slot: number, startedAt: string): Promise<boolean> {
  const result = await db
    .insertInto('backup_run')
    .values({ slot, started_at: startedAt })
    .onConflict((oc) => oc.column('slot').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function finishRun(
  db: Db,
  slot: number,
  outcome: {
    finishedAt: string;
    ok: boolean;
    fileName: string | null;
    bytes: number | null;
    message: string;
  },
): Promise<void> {
  await db
    .updateTable('backup_run')
    .set({
      finished_at: outcome.finishedAt,
      ok: outcome.ok ? 1 : 0,
      file_name: outcome.fileName,
      bytes: outcome.bytes,
      message: outcome.message,
    })
    .where('slot', '=', slot)
    .execute();
}

/** The newest scheduled backup, or undefined when none has run. */
export async function lastRun(db: Db): Promise<BackupRun | undefined> {
  const row = await db
    .selectFrom('backup_run')
    .selectAll()
    .orderBy('slot', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    state: row.ok === null ? 'running' : Number(row.ok) === 1 ? 'ok' : 'failed',
    fileName: row.file_name,
    bytes: row.bytes === null ? null : Number(row.bytes),
    message: row.message,
  };
}

/**
 * The files of the good scheduled backups older than the newest `keep`: the ones to delete. A name
 * a kept backup uses too (a name freed by pruning and taken again) is not among them.
 */
export async function filesBeyond(db: Db, keep: number): Promise<string[]> {
  const rows = await db
    .selectFrom('backup_run')
    .select('file_name')
    .where('ok', '=', 1)
    .where('file_name', 'is not', null)
    .orderBy('slot', 'desc')
    .execute();
  const names = rows.map((r) => r.file_name).filter((name): name is string => name !== null);
  const kept = new Set(names.slice(0, keep));
  return [...new Set(names.slice(keep))].filter((name) => !kept.has(name));
}
