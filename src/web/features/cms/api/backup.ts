import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type BackupDownloadBody,
  type BackupStatus,
  BackupStatusSchema,
} from '../../../../shared/api/backup.js';
import { apiClient } from '../../../lib/api-client.js';
import { downloadApiFile } from '../../../lib/download.js';

export const backupStatusQueryKey = ['cms', 'backup-status'] as const;

/** `GET admin/backup/status`: how often scheduled backups run and how the last one went. */
export async function getBackupStatus(signal?: AbortSignal): Promise<BackupStatus> {
  return (await apiClient.get('admin/backup/status', { signal, schema: BackupStatusSchema })).data;
}

export const backupStatusQueryOptions = () =>
  queryOptions({ queryKey: backupStatusQueryKey, queryFn: ({ signal }) => getBackupStatus(signal) });

export const useBackupStatus = () => useQuery(backupStatusQueryOptions());

/** `POST admin/backup` with the principal's password: the whole school as one archive, saved by the browser. */
export const downloadBackup = (body: BackupDownloadBody) =>
  downloadApiFile('admin/backup', 'schoolyard-backup.jsonl.gz', body);
