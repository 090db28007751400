import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect.js';
import { RepeatingLook } from '../../lib/repeating-look.js';
import { type Alert, sendAlert } from '../alerts/send-alert.js';
import { claimDueAlerts, otherSide, recipientsOf } from './conversations.repository.js';

/**
 * Alerts of new messages outside the app (docs/decisions/0080-conversations.md): a message of the
 * school alerts the child's guardians at once; a parent's message alerts the class's teachers and
 * the principal at once within the school's message hours, else when they next open (its
 * alert_due_at). Every process looks each minute for alerts that came due; each alert is claimed by
 * one update of its message (claimDueAlerts), so however many processes look, it goes once.
 */

/** The screen of a child's conversation. */
export const conversationPath = (studentId: number) => `/conversations/${studentId}`;

/** Claims the alerts due at `now` (of `messageIds` only, when given) and sends them; answers what was sent. */
export async function deliverDueAlerts(
  app: Pick<FastifyInstance, 'db' | 'log'>,
  now: Date,
  messageIds?: readonly number[],
): Promise<Alert[]> {
  const claimed = await claimDueAlerts(app.db, now.toISOString(), messageIds);
  if (claimed.length === 0) return [];
  const names = new Map(
    (
      await app.db
        .selectFrom('app_user')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(claimed.map((message) => message.studentId))])
        .execute()
    ).map((row) => [row.id, row.name]),
  );
  const alerts: Alert[] = [];
  for (const message of claimed) {
    const userIds = await recipientsOf(app.db, message.studentId, otherSide(message.side));
    if (userIds.length === 0) continue;
    const child = names.get(message.studentId) ?? '';
    alerts.push({
      kind: 'messages',
      userIds,
      title: { key: 'conversations.alert.title', params: { child } },
      body: {
        key: message.type === 'text' ? 'conversations.alert.body' : `conversations.alert.${message.type}`,
        params: { child, sender: message.senderName },
      },
      path: conversationPath(message.studentId),
    });
  }
  for (const alert of alerts) await sendAlert(app as FastifyInstance, alert);
  return alerts;
}

/** How often a process looks for alerts that came due (the hours open on a minute). */
const LOOK_EVERY_MS = 60 * 1000;

/** The minute job of every process: sends the alerts whose time has come. */
export class ConversationAlertJob {
  private readonly loop = new RepeatingLook(() => this.runDue(), LOOK_EVERY_MS);

  constructor(private readonly app: { db: Db; log: FastifyBaseLogger }) {}

  start(): void {
    this.loop.start();
  }

  /** Stops looking; alerts being sent go first. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Sends what is due at `now`; never throws (the next look tries again). */
  async runDue(now: Date = new Date()): Promise<Alert[]> {
    try {
      return await deliverDueAlerts(this.app as FastifyInstance, now);
    } catch (error) {
      this.app.log.error({ err: error }, 'the alerts of conversation messages failed');
      return [];
    }
  }
}
