import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPrivateStoredPath } from '../upload-storage.js';
import type { StoredFileInfo } from './file-store.js';

/**
 * Serves the app's stored files at `/uploads/<path>` (registered with that prefix), from whichever
 * store keeps them, with the answers browsers and caches had from the static-file plugin before:
 * a day of caching, an ETag and Last-Modified with 304s, byte ranges, HEAD, and a 404 like any
 * other missing path (the app's not-found answer). Stored files are images, compressed already,
 * so they are sent as they are (no compression). Files of a private folder (lib/upload-storage.ts,
 * PRIVATE_FOLDERS) are never served here: a 404 like a missing one.
 */
export async function storedFilesRoutes(app: FastifyInstance): Promise<void> {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const stored = (request.params as { '*'?: string })['*'] ?? '';
    // A private file (a pick-up photo) is its feature's to serve, to those its policy lets in.
    if (isPrivateStoredPath(stored)) return reply.callNotFound();
    const info = await app.files.stat(stored);
    if (!info) return reply.callNotFound();
    const etag = etagOf(info);
    reply
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'public, max-age=86400')
      .header('Last-Modified', info.storedAt.toUTCString())
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff');
    if (isNotModified(request, info, etag)) return reply.code(304).send();
    reply.type(contentTypeOf(stored));

    const range = wantedRange(request, info, etag);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('Content-Range', `bytes */${info.size}`).type('text/plain').send();
    }
    if (range) {
      reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
        .header('Content-Length', range.end - range.start + 1);
      if (request.method === 'HEAD') return reply.send();
      // Ranges are rare for pictures (resumed downloads): the file, a few MB at most, is read whole.
      const bytes = await app.files.read(stored);
      if (!bytes) return reply.callNotFound();
      return reply.send(bytes.subarray(range.start, range.end + 1));
    }

    reply.header('Content-Length', info.size);
    if (request.method === 'HEAD') return reply.send();
    const file = await app.files.open(stored);
    if (!file) return reply.callNotFound();
    return reply.send(file.body);
  };
  const options = { schema: { hide: true }, compress: false as const, exposeHeadRoute: false };
  app.get('/*', options, serve);
  app.head('/*', options, serve);
}

/**
 * A strong ETag: the bytes' SHA-256 where the store keeps it (database), else the size and the time
 * of storing (disk). Either changes with the bytes because a stored file is never replaced.
 */
function etagOf(info: StoredFileInfo): string {
  if (info.sha256) return `"${info.sha256}"`;
  return `"${info.size.toString(16)}-${info.storedAt.getTime().toString(16)}"`;
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** By the name's extension: what the app stores is WebP; anything else is offered as bytes. */
function contentTypeOf(stored: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(stored)?.[1]?.toLowerCase() ?? '';
  return TYPES[extension] ?? 'application/octet-stream';
}

/** The tags of If-None-Match / If-Range, weak or strong, compared weakly (RFC 9110 13.1.2). */
function tagsOf(header: string): string[] {
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
}

function isNotModified(request: FastifyRequest, info: StoredFileInfo, etag: string): boolean {
  const noneMatch = request.headers['if-none-match'];
  // If-None-Match decides when present; If-Modified-Since only without it.
  if (noneMatch !== undefined) return noneMatch.trim() === '*' || tagsOf(noneMatch).includes(etag);
  const since = request.headers['if-modified-since'];
  if (since === undefined) return false;
  const sinceMs = Date.parse(since);
  // HTTP dates have whole seconds.
  return !Number.isNaN(sinceMs) && Math.floor(info.storedAt.getTime() / 1000) * 1000 <= sinceMs;
}

/**
 * The one byte range asked for (`Range: bytes=a-b`, `a-` or `-n`), undefined for the whole file
 * (no Range, an If-Range for another version, several ranges, a Range of another unit), or
 * 'unsatisfiable' for a range outside the file.
 */
function wantedRange(
  request: FastifyRequest,
  info: StoredFileInfo,
  etag: string,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const header = request.headers.range;
  if (!header) return undefined;
  const ifRange = [request.headers['if-range'] ?? []].flat()[0];
  if (ifRange !== undefined) {
    const sameVersion = ifRange.trim().startsWith('"')
      ? ifRange.trim() === etag
      : Math.floor(info.storedAt.getTime() / 1000) * 1000 <= Date.parse(ifRange);
    if (!sameVersion) return undefined;
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  const size = info.size;
  let start: number;
  let end: number;
  if (from === '') {
    if (to === '') return undefined;
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
    if (to !== '' && Number(to) < start) return undefined;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}
