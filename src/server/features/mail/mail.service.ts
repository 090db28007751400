import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { readSettings } from '../settings/settings.repository.js';
import { composeMail, type MailContent, messageHostOf } from './compose.js';
import { enqueueMails } from './outbox.repository.js';

/**
 * Queues mails in the school's name. Pass the transaction of the event that causes them (an
 * approval, a register save), so that the mails are stored exactly when the event is: a crash
 * before the commit leaves neither, one after it leaves both, and the sender delivers them.
 */
export async function queueMails(
  db: Db,
  config: MailConfig,
  contents: readonly MailContent[],
): Promise<number[]> {
  if (contents.length === 0) return [];
  const schoolName = (await readSettings(db)).name;
  return enqueueMails(
    db,
    contents.map((content) => composeMail(schoolName, content)),
    messageHostOf(config),
  );
}
