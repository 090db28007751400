import type { FastifyInstance } from 'fastify';
import type { AlertKind } from '../../../shared/api/alerts.js';
import type { MessageKey } from '../../../shared/i18n/message-keys.js';

/**
 * News for some users outside the app (a message, a photo, an incident...), delivered to each as
 * they chose for its kind: push, email, or not at all. The text is given as catalog keys and
 * parameters, so each recipient reads it in their own language.
 */
export interface Alert {
  kind: AlertKind;
  userIds: readonly number[];
  /** A short title (the push notification's, the mail's subject). */
  title: { key: MessageKey; params?: Record<string, string | number> };
  /** One or two sentences. */
  body: { key: MessageKey; params?: Record<string, string | number> };
  /** The school-area path it opens, e.g. `/dashboard/children/12/day`. */
  path: string;
}

/**
 * Sends an alert; never throws (a failed push or a full outbox must not undo the write that caused
 * it). Call after the write has committed.
 */
export async function sendAlert(app: FastifyInstance, alert: Alert): Promise<void> {
  // Delivery (push subscriptions, per-kind choices, mail) is built in features/alerts; until then
  // an alert reaches nobody outside the app, and the app's own unread counts still show it.
  app.log.debug({ kind: alert.kind, recipients: alert.userIds.length }, 'alert');
}
