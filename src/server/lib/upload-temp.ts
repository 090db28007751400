import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest, onRequestAbortAsyncHookHandler, onSendHookHandler } from 'fastify';
import { COMMON_ERROR_CODES } from '../../shared/api/error-codes.js';
import { HttpError } from './errors.js';

/**
 * Temporary files of uploads. A request's uploaded files and the pictures made from them live in
 * a folder of that request's own under `<DATA_DIR>/tmp/` until the route stores them (a hard link
 * into the uploads folder) or refuses them. The folder is under the data folder, not the system's
 * temp folder, so that it sits on the same filesystem as the uploads (a link, not a copy) and
 * inside what the operator already gives the server room for.
 *
 * The folder goes when the answer is sent (onSend, so that a client that has its answer finds
 * nothing left behind, whatever the status), when the client leaves mid-request (onRequestAbort),
 * and, should a process have died mid-upload, when an upload finds it untouched for an hour (the
 * first upload after a start looks, then one an hour).
 */

/** Where the request folders live: next to `uploads/` in the data folder. */
export const uploadTempDir = (dataDir: string): string => path.join(dataDir, 'tmp');

/** A request folder untouched this long belongs to no live request (bodies are read far faster). */
export const STALE_AFTER_MS = 60 * 60 * 1000;

/** The client went away while its upload was read or processed: nothing of it is kept. */
export const uploadAbandoned = () =>
  new HttpError(400, COMMON_ERROR_CODES.uploadAbandoned, 'The upload was interrupted. Please send it again.');

/** One request's temporary files. The folder is made when the first file arrives. */
export class TempFolder {
  #dir: Promise<string> | undefined;
  #removed = false;
  #count = 0;

  constructor(private readonly root: string) {}

  /** Whether the folder was removed: the request is over, and nothing may be added any more. */
  get removed(): boolean {
    return this.#removed;
  }

  /** A new path in the folder (nothing is created there yet). Refused once the folder is removed. */
  async newPath(suffix: string): Promise<string> {
    if (this.#removed) throw uploadAbandoned();
    this.#dir ??= this.#create();
    const dir = await this.#dir;
    if (this.#removed) throw uploadAbandoned();
    this.#count += 1;
    return path.join(dir, `${this.#count}${suffix}`);
  }

  async #create(): Promise<string> {
    await fs.mkdir(this.root, { recursive: true });
    void sweepStaleTemporaries(this.root);
    // Private to the server's user: these are other people's photos, not yet checked.
    return fs.mkdtemp(path.join(this.root, 'request-'));
  }

  /**
   * Removes the folder and everything still in it; may run more than once (a second run catches
   * a file an operation under way created while the first one ran).
   */
  async remove(): Promise<void> {
    this.#removed = true;
    const dir = await this.#dir?.catch(() => undefined);
    if (dir) await fs.rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

const folders = new WeakMap<FastifyRequest, TempFolder>();

/** The request's temporary folder (made on first use) under `root`. */
export function tempFolderOf(request: FastifyRequest, root: string): TempFolder {
  let folder = folders.get(request);
  if (!folder) {
    folder = new TempFolder(root);
    folders.set(request, folder);
  }
  return folder;
}

async function releaseTempFolder(request: FastifyRequest): Promise<void> {
  const folder = folders.get(request);
  if (!folder) return;
  try {
    await folder.remove();
  } catch (error) {
    // The answer still goes out; a folder left behind is swept once untouched for an hour.
    request.log.warn({ err: error }, 'could not remove the temporary files of an upload');
  }
}

const lastSweep = new Map<string, number>();

/**
 * Removes request folders under `root` that nothing has touched for STALE_AFTER_MS: what a
 * process that died mid-upload left. Another server process may share the data folder, so fresh
 * folders are never touched. Runs at most once an hour per root; failures are ignored.
 */
export async function sweepStaleTemporaries(root: string, now = Date.now()): Promise<void> {
  if (now - (lastSweep.get(root) ?? 0) < STALE_AFTER_MS) return;
  lastSweep.set(root, now);
  const entries = await fs.readdir(root).catch(() => [] as string[]);
  for (const entry of entries) {
    const dir = path.join(root, entry);
    if ((await lastTouched(dir)) < now - STALE_AFTER_MS) {
      await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
    }
  }
}

/** The newest modification time of `dir` and the files in it (a slow upload keeps writing). */
async function lastTouched(dir: string): Promise<number> {
  try {
    let newest = (await fs.stat(dir)).mtimeMs;
    for (const name of await fs.readdir(dir)) {
      const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
      if (stat && stat.mtimeMs > newest) newest = stat.mtimeMs;
    }
    return newest;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * The route hooks that remove a request's temporary folder: before its answer is sent, whatever
 * the status (so the client never sees an answer while its files linger), and when the client
 * leaves mid-request. A client that leaves while the route stores its pictures takes them along:
 * storing finds the folder gone and stores nothing (see `uploadAbandoned`).
 */
export const tempFolderHooks: {
  onSend: onSendHookHandler;
  onRequestAbort: onRequestAbortAsyncHookHandler;
} = {
  onSend: async (request, _reply, payload) => {
    await releaseTempFolder(request);
    return payload;
  },
  onRequestAbort: async (request) => {
    await releaseTempFolder(request);
  },
};
