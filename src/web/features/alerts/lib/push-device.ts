import { SERVICE_WORKER_URL } from '../../../lib/service-worker.js';
import { deletePushSubscription, getPushPublicKey, savePushSubscription } from '../api/alert-settings.js';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Whether this browser can get push at all, and whether the user has blocked it for the site. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The worker's registration, registering it first when the school area has not yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ?? navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
}

/** This device's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  return (await existing?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the browser for permission, subscribes with the server's key and tells the server. Answers
 * how many devices of the user now get push; throws when refused.
 */
export async function turnOnPush(): Promise<number> {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('denied');
  const worker = await registration();
  await navigator.serviceWorker.ready;
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: await getPushPublicKey(),
    }));
  const json = subscription.toJSON();
  return savePushSubscription({
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
}

/** Unsubscribes this device and tells the server; answers how many devices still get push. */
export async function turnOffPush(): Promise<number> {
  const subscription = await currentSubscription();
  if (!subscription) return 0;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return deletePushSubscription(endpoint);
}
