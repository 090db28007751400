import { z } from 'zod';
import { ALERT_CHANNELS, ALERT_KINDS } from './alerts.js';

/**
 * Web Push and each user's choice per kind of alert (docs/decisions/0081-push-and-live.md): the
 * server's VAPID public key, a browser's subscription as `PushSubscription.toJSON()` gives it, and
 * the notification settings screen's calls.
 */

export const PushPublicKeySchema = z.object({
  /** The VAPID public key, base64url: the browser's `applicationServerKey`. */
  publicKey: z.string(),
});
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');

export const PushSubscriptionBodySchema = z.object({
  endpoint: z.url().max(1000),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = z.object({ endpoint: z.url().max(1000) });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBodySchema>;

export const PushSubscriptionAnswerSchema = z.object({
  /** How many devices of this user now get push. */
  devices: z.number().int().nonnegative(),
});
export type PushSubscriptionAnswer = z.infer<typeof PushSubscriptionAnswerSchema>;

export const AlertKindSchema = z.enum(ALERT_KINDS);
export const AlertChannelSchema = z.enum(ALERT_CHANNELS);

export const AlertSettingsSchema = z.object({
  /** The user's choice per kind (the default where they made none). */
  channels: z.record(AlertKindSchema, AlertChannelSchema),
  /** How many of the user's devices get push: with none, 'push' kinds come by email. */
  pushDevices: z.number().int().nonnegative(),
});
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

export const AlertSettingsBodySchema = z.object({
  channels: z.partialRecord(AlertKindSchema, AlertChannelSchema),
});
export type AlertSettingsBody = z.infer<typeof AlertSettingsBodySchema>;

/** Each kind's channel until the user chooses: push (by email without a device), the summary by email. */
export const DEFAULT_ALERT_CHANNELS = {
  messages: 'push',
  photos: 'push',
  'daily-summary': 'email',
  incidents: 'push',
  absences: 'push',
  notices: 'push',
} as const satisfies Record<(typeof ALERT_KINDS)[number], (typeof ALERT_CHANNELS)[number]>;

/** What a push message carries to the service worker (the text in the recipient's language). */
export const PushPayloadSchema = z.object({
  kind: AlertKindSchema,
  title: z.string(),
  body: z.string(),
  /** The school-area path a click opens. */
  path: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
