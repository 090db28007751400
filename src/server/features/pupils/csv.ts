/**
 * A small RFC 4180 reader for the pupil import: quoted fields (with `""` for a quote and line
 * breaks inside quotes), CRLF, LF or CR line ends, a leading byte-order mark. Answers the records
 * with the line each starts on; blank lines are skipped. An unterminated quote is an error.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    /** The line the unclosed quoted field starts on. */
    readonly line: number,
  ) {
    super(message);
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]?.trim() === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < input.length) {
    const ch = input[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && input[i + 1] !== '\n')) line += 1;
        field += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && input[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += ch;
    }
    i += 1;
  }
  if (quoted) {
    throw new CsvError(`A quoted field that starts on line ${recordLine} is never closed.`, recordLine);
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
