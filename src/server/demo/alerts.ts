import type { Db } from '../db/connect.js';

/**
 * The demo school's notification settings (docs/decisions/0081-push-and-live.md): staff have turned
 * the families' daily summary off; everyone else keeps the defaults (push where they have a device,
 * else email). No push subscriptions: those belong to real browsers.
 */
export const DEMO_ALERT_CHOICES = [
  { email: 'principal@demo.school', kind: 'daily-summary', channel: 'off' },
  { email: 'teacher@demo.school', kind: 'daily-summary', channel: 'off' },
  { email: 'teacher2@demo.school', kind: 'daily-summary', channel: 'off' },
] as const;

export async function writeDemoAlerts(trx: Db): Promise<void> {
  const users = await trx
    .selectFrom('app_user')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      DEMO_ALERT_CHOICES.map((choice) => choice.email),
    )
    .execute();
  const idOf = new Map(users.map((user) => [user.email, user.id]));
  const rows = DEMO_ALERT_CHOICES.flatMap((choice) => {
    const userId = idOf.get(choice.email);
    return userId === undefined ? [] : [{ user_id: userId, kind: choice.kind, channel: choice.channel }];
  });
  if (rows.length > 0) await trx.insertInto('alert_setting').values(rows).execute();
}
