import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { VersionedCache, type VersionReader } from './data-version.js';

/**
 * A JSON answer made once per data version and sent as its bytes: no serializer runs per request,
 * and the `ETag` (a hash of the bytes) lets a browser that has them get a bodiless 304 instead.
 */
export interface CachedAnswer {
  body: Buffer;
  /** Strong: the same bytes, the same tag, whichever process or version made them. */
  etag: string;
}

/** The answer of a 304 (the route schemas name it, for the contract). */
export const NOT_MODIFIED = z.null().describe('Not modified: the client already has these bytes');

/** Browsers ask again every time; unchanged, the answer is a 304 without a body. */
export const CACHED_ANSWER_CACHE_CONTROL = 'no-cache';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Keeps the answer of `compute` checked against its route's answer schema (as the serializer
 * compiler would on every request: a field the schema does not name never leaves) and serialized,
 * with the version it was made at; made afresh once the version moved.
 */
export function cachedJsonAnswer<S extends z.ZodType>(
  versions: VersionReader,
  schema: S,
  compute: () => Promise<z.input<S>>,
): VersionedCache<CachedAnswer> {
  return new VersionedCache(versions, async () => toCachedAnswer(schema.parse(await compute())));
}

export function toCachedAnswer(value: unknown): CachedAnswer {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, etag: `"${hash}"` };
}

/** True when an `If-None-Match` header names `etag` (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/** The kept answer, or a 304 when the client already has these bytes. */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('etag', answer.etag).header('cache-control', CACHED_ANSWER_CACHE_CONTROL);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(answer.body);
}
