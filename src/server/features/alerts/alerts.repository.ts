import webpush from 'web-push';
import { ALERT_KINDS, type AlertChannel, type AlertKind } from '../../../shared/api/alerts.js';
import { DEFAULT_ALERT_CHANNELS, type PushSubscriptionBody } from '../../../shared/api/push.js';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../lib/time.js';

/** The server's VAPID key pair, base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair, made the first time it is needed (every start asks: app.ts) and kept in the
 * database, so that every process signs with the same key and subscriptions outlive restarts.
 * Two processes starting at once both try to insert; one row wins, and both read it.
 */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  const kept = await db
    .selectFrom('vapid_key')
    .select(['public_key', 'private_key'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (kept) return { publicKey: kept.public_key, privateKey: kept.private_key };
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('vapid_key')
    .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey, created_at: nowIso() })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return ensureVapidKeys(db);
}

/** A browser can hold at most this many subscriptions per user; the oldest go first. */
export const MAX_DEVICES_PER_USER = 10;

/**
 * Keeps a browser's subscription for the user. An endpoint is one browser's: subscribed again (new
 * keys, or another user signed in on it), the row is replaced, so it never alerts two users.
 */
export async function saveSubscription(db: Db, userId: number, body: PushSubscriptionBody): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('push_subscription').where('endpoint', '=', body.endpoint).execute();
    await trx
      .insertInto('push_subscription')
      .values({
        user_id: userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: nowIso(),
      })
      .execute();
    const rows = await trx
      .selectFrom('push_subscription')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
    const old = rows.slice(MAX_DEVICES_PER_USER).map((row) => row.id);
    if (old.length > 0) await trx.deleteFrom('push_subscription').where('id', 'in', old).execute();
    return Math.min(rows.length, MAX_DEVICES_PER_USER);
  });
}

/** Forgets the user's subscription of that endpoint (another user's stays); answers the user's count left. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<number> {
  await db
    .deleteFrom('push_subscription')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
  return countDevices(db, userId);
}

export async function countDevices(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('push_subscription')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user's channel for every kind, the default where they chose none. */
export async function readChannels(db: Db, userId: number): Promise<Record<AlertKind, AlertChannel>> {
  const rows = await db
    .selectFrom('alert_setting')
    .select(['kind', 'channel'])
    .where('user_id', '=', userId)
    .execute();
  const channels: Record<AlertKind, AlertChannel> = { ...DEFAULT_ALERT_CHANNELS };
  for (const row of rows) {
    if ((ALERT_KINDS as readonly string[]).includes(row.kind)) {
      channels[row.kind as AlertKind] = row.channel as AlertChannel;
    }
  }
  return channels;
}

export async function saveChannels(
  db: Db,
  userId: number,
  channels: Partial<Record<AlertKind, AlertChannel>>,
): Promise<void> {
  const rows = Object.entries(channels).map(([kind, channel]) => ({ user_id: userId, kind, channel }));
  if (rows.length === 0) return;
  await db
    .insertInto('alert_setting')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'kind']).doUpdateSet((eb) => ({ channel: eb.ref('excluded.channel') })),
    )
    .execute();
}

/** One recipient of an alert: how to reach them by mail, and their push subscriptions. */
export interface AlertRecipient {
  id: number;
  name: string;
  email: string;
  channel: AlertChannel;
  subscriptions: { id: number; endpoint: string; p256dh: string; auth: string }[];
}

/** The active users among `userIds`, with their channel for `kind` and their subscriptions. */
export async function alertRecipients(
  db: Db,
  kind: AlertKind,
  userIds: readonly number[],
): Promise<AlertRecipient[]> {
  if (userIds.length === 0) return [];
  const ids = [...new Set(userIds)];
  const [users, settings, subscriptions] = await Promise.all([
    db
      .selectFrom('app_user')
      .select(['id', 'name', 'email'])
      .where('id', 'in', ids)
      .where('status', '=', 'active')
      .execute(),
    db
      .selectFrom('alert_setting')
      .select(['user_id', 'channel'])
      .where('kind', '=', kind)
      .where('user_id', 'in', ids)
      .execute(),
    db
      .selectFrom('push_subscription')
      .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
      .where('user_id', 'in', ids)
      .execute(),
  ]);
  const chosen = new Map(settings.map((row) => [row.user_id, row.channel as AlertChannel]));
  return users.map((user) => ({
    ...user,
    channel: chosen.get(user.id) ?? DEFAULT_ALERT_CHANNELS[kind],
    subscriptions: subscriptions.filter((row) => row.user_id === user.id),
  }));
}

export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscription').where('id', '=', id).execute();
}
