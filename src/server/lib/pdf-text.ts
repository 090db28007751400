import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiModule from 'bidi-js';
import type { TextDirection } from '../../shared/i18n/locales.js';

/**
 * Text in any of the product's scripts on a pdfkit page (docs/decisions/0060-documents-in-every-script.md).
 * pdfkit's built-in Helvetica knows only WinAnsi (a `Ł` prints as `Ó`, Arabic as garbage), and pdfkit
 * neither picks a font per script nor orders mixed-direction text. So every text goes through here:
 * Noto Sans for Latin, Greek and Cyrillic, IBM Plex Sans Arabic for Arabic (both embedded, subset by
 * pdfkit), the font chosen per run of text by its script; the Unicode bidi algorithm (bidi-js) orders
 * each line; fontkit (under pdfkit) shapes Arabic into its joined forms.
 *
 * Not Noto's Arabic fonts: they build letters from a dotless base and separate dots, so one glyph
 * stands for several letters (ج ح خ) and a PDF reader copying or searching the text gets the wrong
 * letters. IBM Plex Sans Arabic has a glyph of its own for each letter form.
 */

const require = createRequire(import.meta.url);

/** The fonts' names on a document, by weight and script. */
const FONT_NAMES = {
  sans: 'noto-sans',
  sansBold: 'noto-sans-bold',
  arabic: 'ibm-plex-sans-arabic',
  arabicBold: 'ibm-plex-sans-arabic-bold',
} as const;
type FontName = (typeof FONT_NAMES)[keyof typeof FONT_NAMES];

const FONT_FILES: Readonly<Record<FontName, string>> = {
  'noto-sans': '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'noto-sans-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  'ibm-plex-sans-arabic':
    '@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf',
  'ibm-plex-sans-arabic-bold':
    '@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf',
};

/** fontkit, which pdfkit lays text out with, and which takes a font it opened as a document's font. */
const fontkit = require('fontkit') as { create(bytes: Buffer): object };

let openedFonts: Map<FontName, object> | undefined;

/**
 * The fonts, read and opened once per process (about 1 MB of files): a document given an opened
 * font skips parsing its tables again, which took most of a receipt's time. pdfkit still embeds
 * only the glyphs each document uses.
 */
function loadFonts(): Map<FontName, object> {
  openedFonts ??= new Map(
    Object.entries(FONT_FILES).map(([name, file]) => [
      name as FontName,
      fontkit.create(readFileSync(require.resolve(file))),
    ]),
  );
  return openedFonts;
}

/** Registers the fonts on a new document; call once before writing. */
export function registerDocumentFonts(doc: PDFKit.PDFDocument): void {
  // pdfkit takes an opened fontkit font as well as bytes; its types list only the bytes.
  for (const [name, font] of loadFonts()) doc.registerFont(name, font as unknown as Buffer);
}

// bidi-js is CommonJS whose module.exports is the factory; its types declare it as the default export.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
const bidi = bidiFactory();

/**
 * Characters that steer the bidi algorithm or joining and have no glyph in the Arabic font (Intl puts
 * some around numbers): left out of what is drawn.
 */
const BIDI_CONTROLS = /[\u061C\u200C-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;
/** What fontkit lays out right to left (it goes by the Script property). */
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;
/** What the Arabic font draws: Arabic letters, digits, marks and punctuation (٫ ، ؟ …). */
const ARABIC_FONT = /\p{Script_Extensions=Arabic}/u;
/** What both fonts draw alike: ASCII spaces, digits and punctuation, the no-break space, marks. */
const EITHER_FONT = /[\u0020-\u007E\u00A0]|\p{M}/u;

type Script = 'arabic' | 'sans';

/** The font a character needs, undefined for one that goes with its neighbours (spaces, digits, marks). */
function scriptOf(char: string): Script | undefined {
  if (ARABIC_FONT.test(char)) return 'arabic';
  return EITHER_FONT.test(char) ? undefined : 'sans';
}

const fontFor = (script: Script, bold: boolean): FontName =>
  script === 'arabic'
    ? bold
      ? FONT_NAMES.arabicBold
      : FONT_NAMES.arabic
    : bold
      ? FONT_NAMES.sansBold
      : FONT_NAMES.sans;

/** What pdfkit keeps of its current font but does not type: metrics (1/1000 of the size), ToUnicode. */
interface EmbeddedFont {
  ascender: number;
  descender: number;
  /** The text each glyph of the subset stands for (the PDF's ToUnicode map), by glyph. */
  unicode?: (number[] | undefined)[];
}
const currentFont = (doc: PDFKit.PDFDocument): EmbeddedFont =>
  (doc as unknown as { _font: EmbeddedFont })._font;

const turnedLigatures = new WeakSet<number[]>();

/**
 * A ligature of Arabic letters (لا) is one glyph drawn in a right-to-left run, which a reader
 * copying the text turns back as a whole; its letters must be stored in visual order to come out
 * in reading order (otherwise الإيصال is copied as اإليصال).
 */
function turnArabicLigatures(doc: PDFKit.PDFDocument): void {
  for (const codePoints of currentFont(doc).unicode ?? []) {
    if (!codePoints || codePoints.length < 2 || turnedLigatures.has(codePoints)) continue;
    if (!codePoints.every((codePoint) => ARABIC_SCRIPT.test(String.fromCodePoint(codePoint)))) continue;
    codePoints.reverse();
    turnedLigatures.add(codePoints);
  }
}

interface TextStyle {
  size: number;
  bold?: boolean;
}

/** One piece of a line as drawn: one font, its characters already in the order pdfkit must be given. */
interface Piece {
  script: Script;
  text: string;
  /** Arabic is laid out by fontkit as one run (pdfkit would lay it out word by word otherwise). */
  features: string[] | undefined;
}

/**
 * Splits logical text (one bidi level) into pieces of one script. A neutral character (space,
 * punctuation, digit, mark) goes with the piece before it, or the one after at the start.
 */
function splitByScript(text: string, fallback: Script): { script: Script; text: string }[] {
  const pieces: { script: Script; text: string }[] = [];
  let pending = '';
  for (const char of text) {
    const script = scriptOf(char);
    const last = pieces.at(-1);
    if (script === undefined) {
      if (last) last.text += char;
      else pending += char;
    } else if (last && last.script === script) {
      last.text += char;
    } else {
      pieces.push({ script, text: pending + char });
      pending = '';
    }
  }
  if (pending !== '') pieces.push({ script: fallback, text: pending });
  return pieces;
}

const reversed = (text: string): string => [...text].reverse().join('');

/**
 * A piece ready for pdfkit. fontkit reverses any text whose script is Arabic (it lays out right to
 * left runs in visual order), and pdfkit draws what it gets left to right. So a right-to-left piece
 * with Arabic letters goes as it is and fontkit turns it; any other piece is turned here when it
 * must read right to left, or when fontkit would turn it but it must not (Arabic-Indic digits in a
 * left-to-right number).
 */
function toPiece(script: Script, text: string, rightToLeft: boolean): Piece {
  const fontkitTurns = ARABIC_SCRIPT.test(text);
  return {
    script,
    text: rightToLeft === fontkitTurns ? text : reversed(text),
    features: script === 'arabic' ? ['rlig'] : undefined,
  };
}

function pieceWidth(doc: PDFKit.PDFDocument, piece: Piece, style: TextStyle): number {
  doc.font(fontFor(piece.script, style.bold ?? false)).fontSize(style.size);
  return doc.widthOfString(
    piece.text,
    piece.features ? { features: piece.features as PDFKit.Mixins.OpenTypeFeatures[] } : {},
  );
}

/**
 * The pieces of one line in visual order, left to right: its characters' bidi levels
 * (levels[start…end)) grouped into runs, the runs reordered (UAX #9, rule L2), the characters
 * mirrored where they read right to left (brackets), each run split by script.
 */
function visualPieces(text: string, levels: Uint8Array, start: number, end: number, base: Script): Piece[] {
  const mirrored = bidi.getMirroredCharactersMap(text, levels, start, end - 1);
  const runs: { level: number; text: string }[] = [];
  for (let index = start; index < end; index += 1) {
    const char = mirrored.get(index) ?? text[index] ?? '';
    if (BIDI_CONTROLS.test(char)) continue;
    const level = levels[index] ?? 0;
    const last = runs.at(-1);
    if (last && last.level === level) last.text += char;
    else runs.push({ level, text: char });
  }
  if (runs.length === 0) return [];
  // L2: from the highest level down to the lowest odd one, reverse each sequence at that level or above.
  const highest = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : run.level + 1)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let from = 0;
    while (from < runs.length) {
      if ((runs[from]?.level ?? 0) < level) {
        from += 1;
        continue;
      }
      let to = from;
      while (to < runs.length && (runs[to]?.level ?? 0) >= level) to += 1;
      runs.splice(from, to - from, ...runs.slice(from, to).reverse());
      from = to;
    }
  }
  return runs.flatMap((run) => {
    const rightToLeft = run.level % 2 === 1;
    const pieces = splitByScript(run.text, base).map((piece) =>
      toPiece(piece.script, piece.text, rightToLeft),
    );
    return rightToLeft ? pieces.reverse() : pieces;
  });
}

export interface TextOptions extends TextStyle {
  /** The box's left edge and width; the text wraps inside it. */
  x: number;
  width: number;
  /** Its top; the document's current y when left out. */
  y?: number;
  color?: string;
  /** The document's direction: a right-to-left paragraph starts at the box's right edge. */
  direction: TextDirection;
  /** Where lines sit, by the direction: `start` is the left edge in English and the right in Arabic. */
  align?: 'start' | 'end' | 'center';
  /** Extra space under each line, in points. */
  lineGap?: number;
}

/** Each word of a paragraph with the space after it, as [start, end) indices. */
function words(text: string): [number, number][] {
  return [...text.matchAll(/\S+\s*|\s+/g)].map((match) => [match.index, match.index + match[0].length]);
}

/**
 * Writes text in a box: lines broken between words to fit its width (and at every line break of
 * the text), each line ordered by the bidi algorithm in the document's direction and drawn piece by
 * piece in the fonts of its scripts, on one baseline. Leaves the document's y under the text.
 */
export function writeText(doc: PDFKit.PDFDocument, text: string, options: TextOptions): void {
  const { x, width, direction, size } = options;
  const bold = options.bold ?? false;
  const base: Script = direction === 'rtl' ? 'arabic' : 'sans';
  const style = { size, bold };
  let y = options.y ?? doc.y;
  const align = options.align ?? 'start';
  const physical =
    align === 'center' ? 'center' : (align === 'start') === (direction === 'ltr') ? 'left' : 'right';

  for (const paragraph of text.split(/\r?\n/)) {
    const { levels } = bidi.getEmbeddingLevels(paragraph, direction);
    // Lines: words in logical order while they fit; a word wider than the box gets a line of its own.
    const lines: [number, number][] = [];
    let lineStart = 0;
    let lineWidth = 0;
    for (const [start, end] of words(paragraph)) {
      const wordWidth = splitByScript(paragraph.slice(start, end).trimEnd(), base).reduce(
        (sum, piece) => sum + pieceWidth(doc, toPiece(piece.script, piece.text, false), style),
        0,
      );
      const spaceWidth = end > start ? pieceWidth(doc, toPiece(base, ' ', false), style) : 0;
      if (start > lineStart && lineWidth + wordWidth > width) {
        lines.push([lineStart, start]);
        lineStart = start;
        lineWidth = 0;
      }
      lineWidth += wordWidth + spaceWidth;
    }
    lines.push([lineStart, paragraph.length]);

    for (const [start, end] of lines) {
      let trimmedEnd = end;
      while (trimmedEnd > start && /\s/.test(paragraph[trimmedEnd - 1] ?? '')) trimmedEnd -= 1;
      const pieces = visualPieces(paragraph, levels, start, trimmedEnd, base);
      const measured = pieces.map((piece) => ({ piece, width: pieceWidth(doc, piece, style) }));
      // The line's height and baseline: the tallest of its fonts (the base font's on an empty line).
      const scripts = new Set<Script>([base, ...pieces.map((piece) => piece.script)]);
      let ascender = 0;
      let height = 0;
      for (const script of scripts) {
        doc.font(fontFor(script, bold)).fontSize(size);
        const metrics = currentFont(doc);
        ascender = Math.max(ascender, (metrics.ascender / 1000) * size);
        height = Math.max(height, ((metrics.ascender - metrics.descender) / 1000) * size);
      }
      const total = measured.reduce((sum, { width: w }) => sum + w, 0);
      let cursor =
        physical === 'left' ? x : physical === 'right' ? x + width - total : x + (width - total) / 2;
      if (options.color) doc.fillColor(options.color);
      for (const { piece, width: pieceW } of measured) {
        doc.font(fontFor(piece.script, bold)).fontSize(size);
        doc.text(piece.text, cursor, y + ascender, {
          lineBreak: false,
          baseline: 'alphabetic',
          ...(piece.features ? { features: piece.features as PDFKit.Mixins.OpenTypeFeatures[] } : {}),
        });
        if (piece.script === 'arabic') turnArabicLigatures(doc);
        cursor += pieceW;
      }
      y += height + (options.lineGap ?? 0);
    }
  }
  doc.x = x;
  doc.y = y;
}

/** The width of text on one line (its pieces in their fonts), to size columns. */
export function textWidth(
  doc: PDFKit.PDFDocument,
  text: string,
  style: TextStyle & { direction: TextDirection },
): number {
  const base: Script = style.direction === 'rtl' ? 'arabic' : 'sans';
  return splitByScript(text.replace(new RegExp(BIDI_CONTROLS, 'g'), ''), base).reduce(
    (sum, piece) => sum + pieceWidth(doc, toPiece(piece.script, piece.text, false), style),
    0,
  );
}
