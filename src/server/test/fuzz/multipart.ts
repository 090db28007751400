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
