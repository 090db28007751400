import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_DOWNLOAD_PATH, EXPORT_LINK_DAYS } from '../../../shared/api/family-export.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { isLocale } from '../../../shared/i18n/locales.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import type { FileStore } from '../../lib/file-store/file-store.js';
import { translatorFor } from '../../lib/i18n.js';
import { RepeatingLook } from '../../lib/repeating-look.js';
import { hashToken, newSecretToken } from '../../lib/secret-token.js';
import { mailLink } from '../mail/compose.js';
import { queueMails } from '../mail/mail.service.js';
import { buildArchive } from './archive.js';
import { claimNext, type ExportRow, expireDue, markFailed, markReady } from './family-export.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a builder's claim holds; a process that stopped mid-way leaves the request to another after it. */
export const BUILD_LEASE_MS = 15 * 60 * 1000;
/** The fewest milliseconds between two looks, whatever MAIL_POLL_MS says. */
const LOOK_AT_LEAST_MS = 5_000;
/** Requests one look builds at most (the next look goes on). */
const PER_LOOK = 5;

export type BuildOutcome = { built: number[]; failed: number[]; expired: number };

/**
 * Builds the requested archives in the background (docs/decisions/0109-a-familys-data-on-request.md):
 * each look ends the links whose time is up (their archives deleted), then claims waiting
 * requests one by one (family-export.repository.ts claimNext: one process per request, however many
 * run on the database), builds each archive, stores it in the file store under `exports/`, and
 * mails the requester a link that works for EXPORT_LINK_DAYS days, in their language.
 */
export class FamilyExportBuilder {
  private readonly loop: RepeatingLook;

  constructor(
    private readonly app: { db: Db; files: FileStore; mail: MailConfig; log: FastifyBaseLogger },
    everyMs: number,
  ) {
    const every = Math.max(everyMs, LOOK_AT_LEAST_MS);
    this.loop = new RepeatingLook(() => this.runDue(), every);
  }

  start(): void {
    this.loop.start();
  }

  /** Stops looking; an archive being built is finished first. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One look at `now`; never throws (a request that fails is marked failed, the next look goes on). */
  async runDue(now: Date = new Date()): Promise<BuildOutcome> {
    const outcome: BuildOutcome = { built: [], failed: [], expired: 0 };
    try {
      const ended = await expireDue(this.app.db, now.toISOString());
      await this.app.files.remove(ended);
      outcome.expired = ended.length;
      for (let n = 0; n < PER_LOOK; n += 1) {
        const claimed = await claimNext(this.app.db, now, BUILD_LEASE_MS);
        if (!claimed) break;
        try {
          if (await this.build(claimed, now)) outcome.built.push(claimed.id);
        } catch (error) {
          this.app.log.error({ err: error, exportId: claimed.id }, 'a family data archive failed');
          await markFailed(this.app.db, claimed, error instanceof Error ? error.message : String(error));
          outcome.failed.push(claimed.id);
        }
      }
    } catch (error) {
      this.app.log.error({ err: error }, 'the look for family data archives failed');
    }
    return outcome;
  }

  /** Builds, stores and mails one claimed request; false when another builder took it over meanwhile. */
  private async build(claimed: ExportRow, now: Date): Promise<boolean> {
    const { db, files } = this.app;
    const requester =
      claimed.requested_by === null
        ? undefined
        : await db
            .selectFrom('app_user')
            .select(['id', 'name', 'email', 'type', 'status'])
            .where('id', '=', claimed.requested_by)
            .executeTakeFirst();
    if (requester?.status !== 'active') throw new Error('The requester’s account is gone or not active.');
    const locale = isLocale(claimed.language) ? claimed.language : 'en';
    const { bytes } = await buildArchive(db, files, {
      childId: claimed.student_id,
      guardianId: requester.type === USER_TYPE.parent ? requester.id : null,
      locale,
      madeAt: now,
    });
    const path = `exports/${claimed.id}-${crypto.randomBytes(16).toString('hex')}.zip`;
    await files.putBytes(path, bytes);
    const token = newSecretToken(32);
    const expiresAt = new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS).toISOString();
    const child = await db
      .selectFrom('app_user')
      .select('name')
      .where('id', '=', claimed.student_id)
      .executeTakeFirst();
    const { t } = translatorFor(locale);
    const ok = await db.transaction().execute(async (trx) => {
      const marked = await markReady(trx, claimed, {
        filePath: path,
        size: bytes.byteLength,
        tokenHash: hashToken(token),
        at: now.toISOString(),
        expiresAt,
      });
      if (!marked) return false;
      await queueMails(trx, this.app.mail, [
        {
          kind: 'data-export',
          to: { address: requester.email, name: requester.name },
          subject: t('family.export.mail.subject', { name: child?.name ?? '' }),
          greeting: t('mail.greeting', { name: requester.name }),
          paragraphs: [
            t('family.export.mail.body', { name: child?.name ?? '' }),
            t('family.export.mail.expiry', { days: EXPORT_LINK_DAYS }),
          ],
          action: {
            label: t('family.export.mail.action'),
            url: mailLink(this.app.mail, EXPORT_DOWNLOAD_PATH, { token }),
          },
          footer: [t('family.export.mail.footer')],
          locale,
        },
      ]);
      return true;
    });
    if (!ok) await files.remove([path]);
    return ok;
  }
}
