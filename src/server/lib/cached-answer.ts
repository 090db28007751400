import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { VersionReader } from './data-version.js';

/**
 * Public JSON answers made once per data version and sent as their bytes
 * (docs/decisions/0027-content-cache.md): no query, serializer or compression runs per request, the
 * `ETag` (a hash of the bytes) gives a browser that has them a bodiless 304, and a request for one
 * can be answered before Fastify's other per-request work (`KeptAnswers.answerEarly`).
 */

/** The answer of a 304 (the route schemas name it, for the contract). */
export const NOT_MODIFIED = z.null().describe('Not modified: the client already has these bytes');

/** Browsers ask again every time; unchanged, the answer is a 304 without a body. */
export const KEPT_ANSWER_CACHE_CONTROL = 'no-cache';
const JSON_TYPE = 'application/json; charset=utf-8';
/** As the compress plugin of app.ts: smaller answers go as they are. */
const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Brotli's quality for kept answers, compressed once on the first request that asks for br. A
 * server-rendered page (~195 KB with its stylesheet written in) takes 2.3 ms at 5 and 15 ms at 9 for
 * 3 % fewer bytes (34.3 against 33.3 KB): that render happens while a visitor waits.
 */
const BROTLI_QUALITY = 5;

/** The bytes of one answer and, made when first asked for, their compressed forms. */
export class CachedAnswer {
  /** Strong, of the bytes: the same bytes get the same tag in every process and at every version. */
  readonly etag: string;
  private readonly encoded = new Map<Encoding, { body: Buffer; etag: string }>();

  constructor(
    readonly body: Buffer,
    private readonly contentType: string = JSON_TYPE,
  ) {
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    this.etag = `"${hash}"`;
    this.encoded.set('identity', { body, etag: this.etag });
  }

  /** The bytes in `encoding`, with their own strong tag (`"<hash>-br"`: other bytes, other tag). */
  in(encoding: Encoding): { body: Buffer; etag: string } {
    let kept = this.encoded.get(encoding);
    if (!kept) {
      const body =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : zlib.gzipSync(this.body, { level: 9 });
      kept = { body, etag: `${this.etag.slice(0, -1)}-${encoding}"` };
      this.encoded.set(encoding, kept);
    }
    return kept;
  }

  /** True when an `If-None-Match` header names these bytes in any encoding (weak comparison, RFC 9110). */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    const hash = this.etag.slice(1, -1);
    for (const part of ifNoneMatch.split(',')) {
      const tag = part.trim().replace(/^W\//, '');
      if (tag === '*') return true;
      if (!tag.startsWith('"') || !tag.endsWith('"')) continue;
      const value = tag.slice(1, -1);
      if (value === hash || value === `${hash}-br` || value === `${hash}-gzip`) return true;
    }
    return false;
  }

  /** The encoding to send to a client with this `Accept-Encoding`: brotli, else gzip, else none. */
  encodingFor(acceptEncoding: string | undefined): Encoding {
    if (!acceptEncoding || this.body.length < COMPRESS_FROM_BYTES) return 'identity';
    const accepted = new Set<string>();
    for (const part of acceptEncoding.toLowerCase().split(',')) {
      const [name, ...params] = part.trim().split(';');
      const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
      if (name && !refused) accepted.add(name.trim());
    }
    if (accepted.has('br')) return 'br';
    if (accepted.has('gzip')) return 'gzip';
    return 'identity';
  }

  /**
   * Status, headers and body for a request: `shared` (the request-independent headers: none for a
   * Fastify reply, which has them already, or always the same object for the early answers of one
   * route) and the answer's own. The headers are made once per kind of answer.
   */
  answerFor(headers: FastifyRequest['headers'], shared: OutgoingHttpHeaders) {
    const encoding = this.encodingFor(headers['accept-encoding']);
    const notModified = this.matches(headers['if-none-match']);
    const key = `${notModified ? 304 : 200} ${encoding} ${shared === NO_HEADERS ? 'reply' : 'early'}`;
    let made = this.answers.get(key);
    if (!made || made.shared !== shared) {
      made = { shared, ...this.makeAnswer(encoding, notModified, shared) };
      this.answers.set(key, made);
    }
    return made;
  }

  private readonly answers = new Map<
    string,
    { shared: OutgoingHttpHeaders; status: number; headers: OutgoingHttpHeaders; body: Buffer | undefined }
  >();

  private makeAnswer(encoding: Encoding, notModified: boolean, shared: OutgoingHttpHeaders) {
    const { body, etag } = this.in(encoding);
    const headers: OutgoingHttpHeaders = {
      ...shared,
      'content-type': this.contentType,
      'cache-control': KEPT_ANSWER_CACHE_CONTROL,
      etag,
    };
    // The same address answers brotli, gzip or plain bytes: caches on the way must keep them apart.
    if (this.body.length >= COMPRESS_FROM_BYTES) headers.vary = 'accept-encoding';
    if (notModified) return { status: 304, headers, body: undefined };
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    return { status: 200, headers, body };
  }
}

/** Headers an answer sets for itself; every other header of a normal answer is the same for all. */
const OWN_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'etag',
  'vary',
  'connection',
  'keep-alive',
  'date',
  'transfer-encoding',
  // Each request's own (plugins/request-id.ts), set on the raw answer before an early answer.
  'x-request-id',
]);

/**
 * One answer kept with the data version it was made at; made afresh once the version moved.
 * Requests that arrive while it is being made for the same version share that work.
 */
export class KeptAnswer {
  private kept: { version: number; answer: Promise<CachedAnswer>; made?: CachedAnswer } | undefined;
  /** The headers every answer carries (security headers), learnt from the first normal answer. */
  sharedHeaders: OutgoingHttpHeaders | undefined;

  constructor(
    private readonly versions: VersionReader,
    private readonly make: () => Promise<CachedAnswer>,
  ) {}

  async get(): Promise<CachedAnswer> {
    const version = await this.versions.read();
    const kept = this.kept;
    if (kept && kept.version === version) return kept.answer;
    const entry: NonNullable<typeof this.kept> = { version, answer: this.make() };
    this.kept = entry;
    try {
      entry.made = await entry.answer;
      return entry.made;
    } catch (error) {
      // A failed answer is not kept: the next request tries again.
      if (this.kept === entry) this.kept = undefined;
      throw error;
    }
  }

  /** The answer made at `version`, if it is made. */
  madeAt(version: number): CachedAnswer | undefined {
    const kept = this.kept;
    return kept && kept.version === version ? kept.made : undefined;
  }

  /** The route's handler: the kept bytes, or a 304 when the client already has them. */
  async send(request: FastifyRequest, reply: FastifyReply) {
    const answer = await this.get();
    this.sharedHeaders ??= sharedHeadersOf(reply);
    const { status, headers, body } = answer.answerFor(request.headers, NO_HEADERS);
    // A set Content-Encoding tells the compress plugin that the bytes are compressed already.
    return reply.code(status).headers(headers).send(body);
  }
}

const NO_HEADERS: OutgoingHttpHeaders = {};

/** Sends `answer` through Fastify (its hooks add the shared headers): bytes, or a 304. */
export function sendCachedAnswer(answer: CachedAnswer, request: FastifyRequest, reply: FastifyReply) {
  const { status, headers, body } = answer.answerFor(request.headers, NO_HEADERS);
  // A set Content-Encoding tells the compress plugin that the bytes are compressed already.
  return reply.code(status).headers(headers).send(body);
}

function sharedHeadersOf(reply: FastifyReply): OutgoingHttpHeaders {
  const shared: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (!OWN_HEADERS.has(name.toLowerCase()) && value !== undefined) shared[name] = value;
  }
  return shared;
}

/**
 * The answers kept by data version, by address. A `GET` of one of them whose answer is made at the
 * current version is answered at once by `answerEarly`, from the app's first request hook, with the
 * same headers a normal answer carries; every other request goes its normal way.
 */
export class KeptAnswers {
  private readonly byUrl = new Map<string, KeptAnswer>();

  constructor(private readonly versions: VersionReader) {}

  /** Keeps the answer of `url`, `compute`'s value checked against its route's answer schema. */
  add<S extends z.ZodType>(url: string, schema: S, compute: () => Promise<z.input<S>>): KeptAnswer {
    // Checked once per version as the serializer compiler would on every request: a field the
    // schema does not name never leaves the server.
    const kept = new KeptAnswer(
      this.versions,
      async () => new CachedAnswer(Buffer.from(JSON.stringify(schema.parse(await compute())))),
    );
    this.byUrl.set(url, kept);
    return kept;
  }

  /** The kept answer of `url` as the client reads it (the server rendering reads the content so). */
  async parsed(url: string): Promise<unknown> {
    const kept = this.byUrl.get(url);
    if (!kept) throw new Error(`No answer is kept for ${url}.`);
    return JSON.parse((await kept.get()).body.toString('utf8')) as unknown;
  }

  /**
   * Answers `request` if it is a GET of a kept answer made at the current version, and says whether
   * it did (then `reply` is hijacked: nothing else may answer).
   */
  answerEarly(request: FastifyRequest, reply: FastifyReply): boolean | Promise<boolean> {
    if (request.method !== 'GET') return false;
    const kept = this.byUrl.get(request.url);
    if (!kept?.sharedHeaders) return false;
    const version = this.versions.current();
    if (typeof version === 'number') return this.answerAt(version, kept, request, reply);
    return version.then(
      (read) => this.answerAt(read, kept, request, reply),
      () => false,
    );
  }

  private answerAt(version: number, kept: KeptAnswer, request: FastifyRequest, reply: FastifyReply) {
    const answer = kept.madeAt(version);
    if (!answer || !kept.sharedHeaders) return false;
    const { status, headers, body } = answer.answerFor(request.headers, kept.sharedHeaders);
    reply.hijack();
    write(reply.raw, status, headers, body);
    // Its log line is written by the onResponse hook, which runs for a hijacked reply too
    // (plugins/request-log.ts).
    return true;
  }
}

function write(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer | undefined) {
  res.writeHead(status, headers);
  res.end(body);
}
