import zlib from 'node:zlib';

/**
 * Multipart bodies written byte by byte, so that the fuzzer can also write broken ones: a missing
 * or wrong boundary, a cut-off body, parts without names, oversized headers, bare LF line ends.
 */
export interface Part {
  /** Undefined: no name in the Content-Disposition. */
  name?: string;
  filename?: string;
  contentType?: string;
  /** Replaces the Content-Disposition line when set. */
  disposition?: string;
  /** More header lines, written as given. */
  headers?: string[];
  data: string | Buffer;
}

export interface MultipartOptions {
  lineBreak?: string;
  /** False: the closing boundary is left out. */
  close?: boolean;
  preamble?: string;
}

export const BOUNDARY = '----fuzz7MA4YWxkTrZu0gW';

export function multipartBody(
  parts: readonly Part[],
  boundary = BOUNDARY,
  options: MultipartOptions = {},
): Buffer {
  const br = options.lineBreak ?? '\r\n';
  const chunks: Buffer[] = [];
  if (options.preamble) chunks.push(Buffer.from(`${options.preamble}${br}`));
  for (const part of parts) {
    const disposition =
      part.disposition ??
      [
        'Content-Disposition: form-data',
        part.name === undefined ? '' : `; name="${part.name}"`,
        part.filename === undefined ? '' : `; filename="${part.filename}"`,
      ].join('');
    const lines = [`--${boundary}`, disposition];
    if (part.contentType) lines.push(`Content-Type: ${part.contentType}`);
    lines.push(...(part.headers ?? []));
    chunks.push(Buffer.from(`${lines.join(br)}${br}${br}`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from(br));
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--${br}`));
  return Buffer.concat(chunks);
}

export const multipartType = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny PNG that declares `width` x `height` pixels of grey: with huge sizes, a decompression
 * bomb's header (the image data itself is a few bytes and ends early).
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
