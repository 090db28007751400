import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BackupStatus } from '../../../../shared/api/backup.js';
import { onDeviceIn } from '../../../test/device-zone.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { ENGLISH, mockApi, renderCms } from '../testing/render-cms.js';
import { BackupCard, lastBackupText } from './BackupCard.js';

const run = (over: Partial<NonNullable<BackupStatus['lastRun']>>): BackupStatus => ({
  everyHours: 24,
  keep: 7,
  lastRun: {
    startedAt: '2026-11-25T02:00:00.000Z',
    finishedAt: '2026-11-25T02:00:09.000Z',
    state: 'ok',
    fileName: 'schoolyard-hilltop-20261125T020000Z.jsonl.gz',
    bytes: 3_145_728,
    message: 'Backup written.',
    ...over,
  },
});

describe('BackupCard', () => {
  it('offers the download and says how the last scheduled backup went', async () => {
    mockApi({ 'GET /api/admin/backup/status': { data: run({}) } });
    renderCms(<BackupCard />);
    expect(screen.getByRole('heading', { name: 'Backup' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download a backup' })).toBeEnabled();
    expect(
      await screen.findByText(
        /^Last scheduled backup: .*schoolyard-hilltop-20261125T020000Z\.jsonl\.gz \(3\.0 MB\)\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('asks for the password, sends it in a POST body, and says so when it is wrong', async () => {
    const api = mockApi({
      'GET /api/admin/backup/status': { data: run({}) },
      'POST /api/admin/backup': () =>
        new Response(
          JSON.stringify({
            error: { code: 'WRONG_PASSWORD', message: 'That is not your password: the backup was not made.' },
          }),
          { status: 403, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    const { user } = renderCms(<BackupCard />);
    await user.click(screen.getByRole('button', { name: 'Download a backup' }));
    expect(await screen.findByText('Please enter your password to download a backup.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/admin/backup')).toHaveLength(0);
    await user.type(screen.getByLabelText('Your password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Download a backup' }));
    expect(
      await screen.findByText('That is not your password: the backup was not made.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST', '/api/admin/backup').map((call) => call.body)).toEqual([{ password: 'not-it' }]);
  });

  it('words every state of the scheduled backups', () => {
    expect(lastBackupText(ENGLISH, { everyHours: 0, keep: 7, lastRun: null })).toMatch(
      /off \(the server’s BACKUP_EVERY_HOURS\)/,
    );
    expect(lastBackupText(ENGLISH, { everyHours: 24, keep: 7, lastRun: null })).toBe(
      'No scheduled backup has run yet.',
    );
    expect(lastBackupText(ENGLISH, run({ state: 'running', finishedAt: null }))).toMatch(
      /is still running\.$/,
    );
    expect(
      lastBackupText(ENGLISH, run({ state: 'failed', fileName: null, bytes: null, message: 'Disk full.' })),
    ).toMatch(/failed: Disk full\.$/);
  });
});

describe('BackupCard on a device in another time zone than the school', () => {
  onDeviceIn('Asia/Tokyo');

  it('says when the last backup ran on the school’s clock (New York), not the device’s (Tokyo)', async () => {
    expect(TEST_SCHOOL.timeZone).toBe('America/New_York');
    // 02:00 UTC on the 25th is 21:00 on the 24th in New York (11:00 on the 25th in Tokyo).
    mockApi({ 'GET /api/admin/backup/status': { data: run({}) } });
    renderCms(<BackupCard />);
    expect(
      await screen.findByText(/^Last scheduled backup: 24 Nov 2026, 21:00, schoolyard-/),
    ).toBeInTheDocument();
    expect(lastBackupText(ENGLISH, run({ state: 'running' }), 'Asia/Tokyo')).toBe(
      'A scheduled backup started 25 Nov 2026, 11:00 and is still running.',
    );
  });
});
