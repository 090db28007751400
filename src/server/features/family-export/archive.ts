import { strToU8, type Zippable, zipSync } from 'fflate';
import type { Locale } from '../../../shared/i18n/locales.js';
import { familySeesMoment } from '../../../shared/rules/photo-consent.js';
import type { Db } from '../../db/connect.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import { translatorFor } from '../../lib/i18n.js';
import { findCareRecord } from '../care/care.repository.js';
import { paymentsOfPupil, receiptInvoice } from '../fees/payments.repository.js';
import { receiptLogo, renderReceipt } from '../fees/receipt-pdf.js';
import { findMoments, momentPhotoFile } from '../photo-moments/photo-moments.repository.js';
import { renderReportCards } from '../report-cards/report-card-pdf.js';
import { latestCardsOfPupils } from '../report-cards/report-cards.repository.js';
import { readSettings } from '../settings/settings.repository.js';
import {
  type JsonRow,
  LEFT_OUT,
  RECORD_TABLES,
  type RecordTableName,
  recordsAbout,
} from './child-records.js';
import { summaryHtml } from './summary-html.js';

/** Whose archive: the child, and the guardian who asked (null when the principal asked). */
export interface ArchiveRequest {
  childId: number;
  guardianId: number | null;
  locale: Locale;
  /** When it is made (the summary's date). */
  madeAt: Date;
}

/** What `data.json` holds. */
export interface ArchiveData {
  madeAt: string;
  child: { id: number; name: string };
  guardian: { id: number; name: string } | null;
  /** The secret columns left out, by table. */
  secretsLeftOut: Record<string, readonly string[]>;
  /** The tables not in the archive, and why. */
  tablesLeftOut: Record<string, string>;
  /** The files beside this one. */
  files: string[];
  /** Every row about the child (and the guardian), by table. */
  tables: Record<RecordTableName, JsonRow[]>;
}

/** The photo moments of the child that the child's family may see, by the tagged children's consents now. */
async function visiblePhotos(db: Db, files: FileStore, childId: number): Promise<Record<string, Uint8Array>> {
  const tagged = await db
    .selectFrom('photo_moment_child')
    .select('moment_id')
    .where('student_id', '=', childId)
    .orderBy('moment_id')
    .execute();
  const moments = await findMoments(
    db,
    tagged.map((row) => row.moment_id),
  );
  const out: Record<string, Uint8Array> = {};
  // The family is this child's: a moment that also shows another child is kept only when that
  // child's family lets other families see it (docs/decisions/0079-photo-consent.md).
  const own = new Set([childId]);
  for (const moment of moments.values()) {
    if (!familySeesMoment(moment.children, own)) continue;
    for (const photo of moment.photos) {
      const width = photo.widths[photo.widths.length - 1] ?? photo.width;
      const bytes = await files.read(momentPhotoFile(photo.name, width));
      if (bytes) out[`photos/moment-${moment.id}-${photo.n}.webp`] = bytes;
    }
  }
  return out;
}

/** The pick-up photos of the child's care details and the child's own account pictures. */
async function carePhotos(db: Db, files: FileStore, childId: number): Promise<Record<string, Uint8Array>> {
  const out: Record<string, Uint8Array> = {};
  const care = await findCareRecord(db, childId);
  let n = 0;
  for (const pickup of care?.details.pickups ?? []) {
    if (!pickup.photo) continue;
    const bytes = await files.read(pickup.photo);
    n += 1;
    if (bytes) out[`photos/pickup-${n}${extensionOf(pickup.photo)}`] = bytes;
  }
  const pictures = await db
    .selectFrom('user_photo')
    .select(['position', 'image'])
    .where('user_id', '=', childId)
    .orderBy('position')
    .execute();
  for (const picture of pictures) {
    const bytes = picture.image ? await files.read(picture.image).catch(() => undefined) : undefined;
    if (bytes) out[`photos/account-${picture.position}${extensionOf(picture.image)}`] = bytes;
  }
  return out;
}

const extensionOf = (path: string): string => /\.[A-Za-z0-9]{1,5}$/.exec(path)?.[0] ?? '';

/** The child's published report cards (the latest version of each term) and receipts, as PDFs in `locale`. */
async function documents(
  db: Db,
  files: FileStore,
  childId: number,
  locale: Locale,
): Promise<Record<string, Uint8Array>> {
  const out: Record<string, Uint8Array> = {};
  const settings = await readSettings(db);
  const logo = await receiptLogo(files, settings.logo);
  for (const card of await latestCardsOfPupils(db, [childId])) {
    out[`report-cards/term-${card.termId}-version-${card.version}.pdf`] = await renderReportCards(
      [{ content: card.content, published: { version: card.version, publishedAt: card.publishedAt } }],
      { logo, timeZone: settings.timeZone },
      locale,
    );
  }
  for (const payment of await paymentsOfPupil(db, childId)) {
    out[`receipts/receipt-${payment.receiptNo}.pdf`] = await renderReceipt(
      {
        school: { name: settings.name, address: settings.address, logo, timeZone: settings.timeZone },
        payment,
        ...(await receiptInvoice(db, payment)),
      },
      locale,
    );
  }
  return out;
}

/**
 * The archive of a child's data (docs/decisions/0109-a-familys-data-on-request.md), as zip bytes:
 * `summary.html` (readable, in the requester's language), `data.json` (every row about the child
 * and the guardian, by table, secrets left out), the photos the family may see, the report cards
 * and the receipts as PDFs. Pictures and PDFs are stored as they are (already compressed).
 */
export async function buildArchive(
  db: Db,
  files: FileStore,
  request: ArchiveRequest,
): Promise<{ bytes: Uint8Array; data: ArchiveData }> {
  const people = await db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('id', 'in', [request.childId, ...(request.guardianId === null ? [] : [request.guardianId])])
    .execute();
  const child = people.find((p) => p.id === request.childId) ?? { id: request.childId, name: '' };
  const guardian =
    request.guardianId === null ? null : (people.find((p) => p.id === request.guardianId) ?? null);
  const tables = await recordsAbout(db, { childId: request.childId, guardianId: request.guardianId });
  const attached = {
    ...(await visiblePhotos(db, files, request.childId)),
    ...(await carePhotos(db, files, request.childId)),
    ...(await documents(db, files, request.childId, request.locale)),
  };
  const secretsLeftOut: Record<string, readonly string[]> = {};
  for (const [table, rule] of Object.entries(RECORD_TABLES)) {
    if ('omit' in rule) secretsLeftOut[table] = rule.omit;
  }
  const data: ArchiveData = {
    madeAt: request.madeAt.toISOString(),
    child,
    guardian,
    secretsLeftOut,
    tablesLeftOut: { ...LEFT_OUT } as Record<string, string>,
    files: Object.keys(attached).sort(),
    tables,
  };
  const html = summaryHtml(data, translatorFor(request.locale), request.locale);
  const zippable: Zippable = {
    'summary.html': strToU8(html),
    'data.json': strToU8(JSON.stringify(data, null, 2)),
  };
  for (const [name, bytes] of Object.entries(attached)) zippable[name] = [bytes, { level: 0 }];
  return { bytes: zipSync(zippable, { level: 6, mtime: request.madeAt }), data };
}
