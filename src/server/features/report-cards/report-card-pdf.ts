import PDFDocument from 'pdfkit';
import type { ReportCardContent } from '../../../shared/api/report-cards.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import { DIVISION_KEYS, SUBJECT_RESULT_KEYS } from '../../../shared/rules/mark-sheet.js';
import { translatorFor } from '../../lib/i18n.js';
import { registerDocumentFonts, type TextOptions, writeText } from '../../lib/pdf-text.js';
import { dayInWords, instantInWords } from '../fees/document-words.js';
import { DEFAULT_LOGO_PATH, SCHOOL_COLOUR } from '../fees/receipt-pdf.js';

/** A card as printed: what it shows, and the version it is when published. */
export interface PrintedCard {
  content: ReportCardContent;
  /** Null for a draft. */
  published: { version: number; publishedAt: string } | null;
}

/**
 * Report cards as one PDF in the reader's language (docs/decisions/0090-report-cards.md), a card
 * from the top of a page: the school's logo and name in its colour (as on a receipt), the pupil,
 * class and term, each subject's marks, result and comment, the total, percentage and division,
 * the term's attendance, the class teacher's comment and the principal's remark. Every script
 * prints (lib/pdf-text.ts); in Arabic the page reads from the right.
 */
export function renderReportCards(
  cards: readonly PrintedCard[],
  school: { logo: Buffer | undefined; timeZone: string },
  locale: AnyLocale,
): Promise<Buffer> {
  const { t, direction } = translatorFor(locale);
  const first = cards[0]?.content;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    lang: locale,
    info: {
      Title: first
        ? t('report-cards.pdf.title', { term: first.term.name, year: first.term.yearName })
        : t('report-cards.pdf.heading'),
      Author: first?.schoolName ?? '',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerDocumentFonts(doc);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const boxX = (x: number, boxWidth: number) =>
    direction === 'rtl' ? left + width - (x - left) - boxWidth : x;
  const write = (text: string, options: Partial<TextOptions> & { size: number }) =>
    writeText(doc, text, { x: left, width, direction, color: '#000000', ...options });
  /** A new page when fewer than `height` points are left on this one. */
  const room = (height: number) => {
    if (doc.y + height > bottom) {
      doc.addPage();
      doc.y = doc.page.margins.top;
    }
  };

  const header = (content: ReportCardContent) => {
    const top = doc.y;
    const logoSize = 44;
    const logoWidth = school.logo ? logoSize * 2 : logoSize;
    if (school.logo) {
      doc.image(school.logo, boxX(left, logoWidth), top, {
        fit: [logoWidth, logoSize],
        ...(direction === 'rtl' ? { align: 'right' as const } : {}),
      });
    } else {
      doc
        .save()
        .translate(boxX(left, logoSize), top)
        .scale(logoSize / 16)
        .path(DEFAULT_LOGO_PATH)
        .fill(SCHOOL_COLOUR, 'even-odd')
        .restore();
    }
    const besideWidth = width - logoWidth - 12;
    const beside = boxX(left + logoWidth + 12, besideWidth);
    write(content.schoolName, {
      x: beside,
      width: besideWidth,
      y: top,
      size: 18,
      bold: true,
      color: SCHOOL_COLOUR,
    });
    write(t('report-cards.pdf.heading'), { x: beside, width: besideWidth, size: 11, color: '#333333' });
    doc.y = Math.max(doc.y, top + logoSize);
    doc.moveDown(0.5);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(2)
      .stroke(SCHOOL_COLOUR);
    doc.moveDown(0.8);
  };

  /** Cells of one line, by their share of the width, from where lines start. */
  const row = (
    cells: { text: string; share: number; align?: 'start' | 'end' }[],
    size: number,
    bold = false,
  ) => {
    room(size * 2);
    const y = doc.y;
    let x = left;
    let lowest = y;
    for (const cell of cells) {
      const cellWidth = width * cell.share;
      write(cell.text, {
        x: boxX(x, cellWidth),
        width: cellWidth - 6,
        y,
        size,
        bold,
        align: cell.align ?? 'start',
      });
      lowest = Math.max(lowest, doc.y);
      x += cellWidth;
    }
    doc.y = lowest;
  };

  const written = (label: string, note: { text: string; by: string | null }) => {
    room(48);
    doc.moveDown(0.4);
    write(label, { size: 11, bold: true, color: SCHOOL_COLOUR });
    write(note.text === '' ? t('report-cards.card.none') : note.text, { size: 10 });
    if (note.by) write(t('report-cards.card.by', { name: note.by }), { size: 9, color: '#555555' });
  };

  cards.forEach(({ content, published }, index) => {
    if (index > 0) {
      doc.addPage();
      doc.y = doc.page.margins.top;
    }
    header(content);
    write(t('report-cards.pdf.title', { term: content.term.name, year: content.term.yearName }), {
      size: 15,
      bold: true,
      color: SCHOOL_COLOUR,
    });
    write(t('report-cards.card.pupil', { name: content.student.name }), { size: 11 });
    write(t('report-cards.card.class', { name: content.className }), { size: 11 });
    write(
      t('report-cards.card.days', {
        first: dayInWords(content.term.firstDay, locale),
        last: dayInWords(content.term.lastDay, locale),
      }),
      { size: 10, color: '#333333' },
    );
    doc.moveDown(0.6);

    const shares = [0.5, 0.2, 0.3];
    row(
      [
        { text: t('report-cards.card.subject'), share: shares[0] ?? 0 },
        { text: t('report-cards.card.marks'), share: shares[1] ?? 0, align: 'end' },
        { text: t('report-cards.card.result'), share: shares[2] ?? 0, align: 'end' },
      ],
      11,
      true,
    );
    for (const subject of content.subjects) {
      row(
        [
          { text: subject.subjectName, share: shares[0] ?? 0 },
          { text: subject.marks === null ? '—' : String(subject.marks), share: shares[1] ?? 0, align: 'end' },
          {
            text: subject.result === null ? '—' : t(SUBJECT_RESULT_KEYS[subject.result]),
            share: shares[2] ?? 0,
            align: 'end',
          },
        ],
        11,
      );
      if (subject.comment.text !== '') {
        write(subject.comment.text, {
          x: boxX(left + 12, width - 12),
          width: width - 12,
          size: 9,
          color: '#444444',
        });
      }
    }
    doc.moveDown(0.4);
    row(
      [
        { text: t('report-cards.card.total'), share: 0.5 },
        { text: String(content.total), share: 0.5, align: 'end' },
      ],
      11,
      true,
    );
    row(
      [
        { text: t('report-cards.card.percentage'), share: 0.5 },
        { text: `${content.percentage}%`, share: 0.5, align: 'end' },
      ],
      11,
      true,
    );
    row(
      [
        { text: t('report-cards.card.division'), share: 0.5 },
        {
          text:
            content.division === null ? t('report-cards.card.noMarks') : t(DIVISION_KEYS[content.division]),
          share: 0.5,
          align: 'end',
        },
      ],
      11,
      true,
    );
    doc.moveDown(0.4);
    write(t('report-cards.card.attendance'), { size: 11, bold: true, color: SCHOOL_COLOUR });
    write(
      t('report-cards.card.attendanceCounts', {
        present: content.attendance.present,
        absent: content.attendance.absent,
        onLeave: content.attendance.onLeave,
      }),
      { size: 10 },
    );
    written(t('report-cards.card.classTeacherComment'), content.classTeacherComment);
    written(t('report-cards.card.principalRemark'), content.principalRemark);
    doc.moveDown(0.8);
    write(
      published
        ? t('report-cards.card.published', {
            version: published.version,
            date: instantInWords(published.publishedAt, school.timeZone, locale),
          })
        : t('report-cards.card.draft'),
      { size: 8, color: '#555555' },
    );
  });
  if (cards.length === 0) write(t('report-cards.pdf.heading'), { size: 15 });
  doc.end();
  return done;
}
