import type { FastifyBaseLogger } from 'fastify';
import { CARE_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { PICKUP_PHOTO_MESSAGES, PICKUP_PHOTO_RULES } from '../../../shared/api/family.js';
import type { Db } from '../../db/connect.js';
import { claimAttempt } from '../../lib/attempt-counters.js';
import { HttpError } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import { RepeatingLook } from '../../lib/repeating-look.js';
import type { PrivateFolder } from '../../lib/upload-storage.js';
import { findCareRecord, pickupPhotosInUse } from './care.repository.js';

/**
 * Pick-up photos are the child's (docs/decisions/0040-pick-up-photos.md). Each is stored in the
 * child's own folder, `care/<student id>/<hex>.webp`, in the private folder `/uploads` never serves;
 * the care routes serve it to those who read the child's care details. An upload that no care
 * document names is removed once a day old, by a sweep that one process runs each hour; and an
 * account uploads at most PICKUP_PHOTO_RULES.perHour photos an hour.
 */

/** Where pick-up photos are stored (a private folder of lib/upload-storage.ts). */
export const CARE_FOLDER: PrivateFolder = 'care';

const HOUR_MS = 60 * 60 * 1000;

/** The folder of one child's pick-up photos. */
export const pickupPhotoFolder = (studentId: number): string => `${CARE_FOLDER}/${studentId}`;

/**
 * The stored photo `name` of the child, or undefined: a photo in the child's folder (uploaded for
 * them, saved or not yet), or, from before photos had a folder per child, a `care/<name>` that the
 * child's saved document names.
 */
export async function findPickupPhoto(
  db: Db,
  files: FileStore,
  studentId: number,
  name: string,
): Promise<string | undefined> {
  const own = `${pickupPhotoFolder(studentId)}/${name}`;
  if (await files.stat(own)) return own;
  const flat = `${CARE_FOLDER}/${name}`;
  const saved = (await findCareRecord(db, studentId))?.details.pickups ?? [];
  return saved.some((pickup) => pickup.photo === flat) ? flat : undefined;
}

/** 429 with the minutes to wait (the error handler sends the seconds as `Retry-After`). */
const tooManyPhotos = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    CARE_ERROR_CODES.tooManyUploads,
    PICKUP_PHOTO_MESSAGES.tooMany(Math.max(1, Math.ceil(retryAfterSeconds / 60))),
    undefined,
    retryAfterSeconds,
  );

/**
 * Counts one pick-up photo upload of the account, or throws the 429 when it has had its
 * PICKUP_PHOTO_RULES.perHour within the hour (counted in the database: every process sees it).
 */
export async function claimPhotoUpload(db: Db, userId: number, now = Date.now()): Promise<void> {
  const claim = await claimAttempt(
    db,
    [{ subject: `pickup-photo-upload:${userId}`, max: PICKUP_PHOTO_RULES.perHour, windowMs: HOUR_MS }],
    now,
  );
  if (!claim.granted) throw tooManyPhotos(claim.retryAfterSeconds);
}

/** How many stored paths one remove call names. */
const REMOVE_BATCH = 100;

/**
 * Removes every pick-up photo stored at least PICKUP_PHOTO_RULES.keepUnusedMs before `now` that no
 * care document names, and answers their paths. The candidates are listed before the documents are
 * read, so a document saved meanwhile is seen; a save takes a new upload only while it is younger
 * than PICKUP_PHOTO_RULES.saveWithinMs, so no save can name a photo this sweep is removing.
 */
export async function sweepUnusedPickupPhotos(
  db: Db,
  files: FileStore,
  now: number = Date.now(),
): Promise<string[]> {
  const before = now - PICKUP_PHOTO_RULES.keepUnusedMs;
  const old: string[] = [];
  for await (const file of files.list()) {
    if (file.path.startsWith(`${CARE_FOLDER}/`) && file.storedAt.getTime() <= before) old.push(file.path);
  }
  if (old.length === 0) return [];
  const inUse = await pickupPhotosInUse(db);
  const unused = old.filter((stored) => !inUse.has(stored));
  for (let i = 0; i < unused.length; i += REMOVE_BATCH) await files.remove(unused.slice(i, i + REMOVE_BATCH));
  return unused;
}

/** How often the sweep runs, across all processes. */
export const SWEEP_EVERY_MS = HOUR_MS;
/** How often a process looks whether the hour's sweep is still to run; the first look waits as long. */
const LOOK_EVERY_MS = 10 * 60 * 1000;

export type SweepOutcome = { ran: true; removed: string[] } | { ran: false };

/**
 * Runs sweepUnusedPickupPhotos once an hour across every process on the database: each look claims
 * the hour's run in the attempt counters (one run per window), and only the process that got it
 * sweeps. A sweep run twice would do no harm (removing is idempotent), only work twice.
 */
export class PickupPhotoSweeper {
  private readonly loop = new RepeatingLook(() => this.runDue(), LOOK_EVERY_MS);

  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.loop.start();
  }

  /** Stops looking; a sweep under way finishes first. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Sweeps at `now` unless a process (this one or another) swept within the last SWEEP_EVERY_MS. */
  async runDue(now: number = Date.now()): Promise<SweepOutcome> {
    try {
      const claim = await claimAttempt(
        this.db,
        [{ subject: 'pickup-photo-sweep', max: 1, windowMs: SWEEP_EVERY_MS }],
        now,
      );
      if (!claim.granted) return { ran: false };
      const removed = await sweepUnusedPickupPhotos(this.db, this.files, now);
      if (removed.length > 0) this.log.info({ removed: removed.length }, 'unused pick-up photos removed');
      return { ran: true, removed };
    } catch (error) {
      this.log.error({ err: error }, 'the sweep of unused pick-up photos failed');
      return { ran: false };
    }
  }
}
