import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import type { AlertKind } from '../../../shared/api/alerts.js';
import type { PushPayload } from '../../../shared/api/push.js';
import type { AnyLocale } from '../../../shared/i18n/locales.js';
import type { MessageKey } from '../../../shared/i18n/message-keys.js';
import { translatorFor } from '../../lib/i18n.js';
import { userLocale } from '../../lib/school-languages.js';
import { mailLink } from '../mail/compose.js';
import { queueMails } from '../mail/mail.service.js';
import { readSettings } from '../settings/settings.repository.js';
import {
  type AlertRecipient,
  alertRecipients,
  deleteSubscriptionById,
  ensureVapidKeys,
} from './alerts.repository.js';

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
  /**
   * Only to those whose choice is push and who have a device for it: no mail at all (a notice,
   * whose mail is its sender's choice).
   */
  pushOnly?: boolean;
}

/** How long a push service may keep a message for a device that is off: a day, news goes stale. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long one push service may take to answer. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Where a push may be sent. Real push services are HTTPS; tests run one on http://127.0.0.1 and
 * say so here. The endpoint comes from a browser: a user must not make the server post to
 * anything else on its network (docs/decisions/0081-push-and-live.md).
 */
export const PUSH_ENDPOINTS = { allowLoopbackHttp: false };

export function isAllowedPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return !isPrivateHost(url.hostname);
  return PUSH_ENDPOINTS.allowLoopbackHttp && url.protocol === 'http:' && url.hostname === '127.0.0.1';
}

/** Hosts of the server's own network: never a push service. */
function isPrivateHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name.endsWith('.internal') ||
    /^(127|10|0)\./.test(name) ||
    /^192\.168\./.test(name) ||
    /^169\.254\./.test(name) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(name) ||
    name === '::1' ||
    name.startsWith('fc') ||
    name.startsWith('fd') ||
    name.startsWith('fe80')
  );
}

/**
 * Sends an alert; never throws (a failed push or a full outbox must not undo the write that caused
 * it). Call after the write has committed.
 */
export async function sendAlert(app: FastifyInstance, alert: Alert): Promise<void> {
  try {
    const recipients = await alertRecipients(app.db, alert.kind, alert.userIds);
    const mails: AlertRecipient[] = [];
    await Promise.all(
      recipients.map(async (recipient) => {
        if (recipient.channel === 'off') return;
        const locale = await userLocale(app.db, recipient.id);
        // 'push' with no device of theirs (or none that took it) comes by email.
        if (recipient.channel === 'push' && (await pushTo(app, recipient, alert, locale)) > 0) return;
        if (!alert.pushOnly) mails.push(recipient);
      }),
    );
    if (mails.length > 0) await mailTo(app, mails, alert);
  } catch (error) {
    app.log.error({ err: error, kind: alert.kind }, 'an alert could not be sent');
  }
}

function words(alert: Alert, locale: AnyLocale): { title: string; body: string } {
  const { t } = translatorFor(locale);
  return { title: t(alert.title.key, alert.title.params), body: t(alert.body.key, alert.body.params) };
}

/** Pushes to each of the recipient's devices; answers how many took it. */
async function pushTo(
  app: FastifyInstance,
  recipient: AlertRecipient,
  alert: Alert,
  locale: AnyLocale,
): Promise<number> {
  if (recipient.subscriptions.length === 0) return 0;
  const keys = await ensureVapidKeys(app.db);
  const payload: PushPayload = { kind: alert.kind, ...words(alert, locale), path: alert.path };
  const sent = await Promise.all(
    recipient.subscriptions.map(async (subscription) => {
      if (!isAllowedPushEndpoint(subscription.endpoint)) return false;
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          {
            TTL: PUSH_TTL_SECONDS,
            urgency: alert.kind === 'incidents' ? 'high' : 'normal',
            vapidDetails: {
              subject: `mailto:${app.config.mail.from.address}`,
              publicKey: keys.publicKey,
              privateKey: keys.privateKey,
            },
          },
        );
        const res = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body),
          redirect: 'error',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        await res.body?.cancel();
        // The browser unsubscribed or the subscription expired: it will never take a push again.
        if (res.status === 404 || res.status === 410) {
          await deleteSubscriptionById(app.db, subscription.id);
          return false;
        }
        if (!res.ok) {
          app.log.warn({ status: res.status, kind: alert.kind }, 'a push service refused a push');
          return false;
        }
        return true;
      } catch (error) {
        app.log.warn({ err: error, kind: alert.kind }, 'a push could not be sent');
        return false;
      }
    }),
  );
  return sent.filter(Boolean).length;
}

async function mailTo(
  app: FastifyInstance,
  recipients: readonly AlertRecipient[],
  alert: Alert,
): Promise<void> {
  const school = await readSettings(app.db);
  const contents = await Promise.all(
    recipients.map(async (recipient) => {
      const locale = await userLocale(app.db, recipient.id);
      const { t } = translatorFor(locale);
      const { title, body } = words(alert, locale);
      return {
        kind: 'notification' as const,
        to: { address: recipient.email, name: recipient.name },
        subject: title,
        greeting: t('mail.greeting', { name: recipient.name }),
        paragraphs: [body],
        action: { label: t('alerts.mail.open'), url: mailLink(app.config.mail, alert.path) },
        footer: [t('alerts.mail.footer', { school: school.name })],
        locale,
      };
    }),
  );
  await queueMails(app.db, app.config.mail, contents);
}
