import { writeFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { registerDocumentFonts, writeText } from '../src/server/lib/pdf-text.js';

const doc = new PDFDocument({ size: 'A4', margin: 56 });
const chunks: Buffer[] = [];
doc.on('data', (c: Buffer) => chunks.push(c));
const done = new Promise<Buffer>((r) => doc.on('end', () => r(Buffer.concat(chunks))));
registerDocumentFonts(doc);
const lines = [
  ['ltr', 'Pupil: Łukasz Żółć, reference VAL-Ł-002'],
  ['ltr', 'Pupil: مريم الحسيني (KG)'],
  ['ltr', 'Greek: Αλέξανδρος Παπαδόπουλος; Cyrillic: Дмитрий Иванов'],
  ['rtl', 'إيصال رقم 12'],
  ['rtl', 'التلميذ: Łukasz Żółć'],
  ['rtl', 'المبلغ المدفوع: ' + new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(1234.5)],
  ['rtl', 'المرجع: VAL-Ł-002 (تحويل)'],
  ['rtl', 'هذا نص طويل جدا يجب أن يلتف على عدة أسطر لأنه أطول من عرض الصندوق المتاح له في هذه الصفحة من الإيصال، مع رقم 12345.'],
] as const;
for (const [direction, text] of lines) writeText(doc, text, { x: 56, width: 300, size: 12, direction, bold: text.startsWith('إيصال') });
doc.end();
const pdf = await done;
writeFileSync('/tmp/scratch/try.pdf', pdf);
const d = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
const content = await (await d.getPage(1)).getTextContent();
for (const item of content.items) if ('str' in item) console.log(JSON.stringify(item.str), item.dir, item.hasEOL);
