import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AlertSettings,
  type AlertSettingsBody,
  AlertSettingsSchema,
  PushPublicKeySchema,
  PushSubscriptionAnswerSchema,
  type PushSubscriptionBody,
} from '../../../../shared/api/push.js';
import { apiClient, apiRequest } from '../../../lib/api-client.js';

/** The key of the user's notification settings. */
export const alertSettingsKey = () => ['alert-settings'] as const;

/** `GET alert-settings` -> the channel per kind and how many devices get push. */
export const getAlertSettings = (signal?: AbortSignal): Promise<AlertSettings> =>
  apiClient.get('alert-settings', { signal, schema: AlertSettingsSchema });

export const alertSettingsQueryOptions = () =>
  queryOptions({ queryKey: alertSettingsKey(), queryFn: ({ signal }) => getAlertSettings(signal) });

export const useAlertSettings = () => useQuery(alertSettingsQueryOptions());

/** `PUT alert-settings` with the kinds whose channel changed; the answer is the settings now. */
export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertSettingsBody) =>
      apiClient.put('alert-settings', body, { schema: AlertSettingsSchema }),
    onSuccess: (settings) => queryClient.setQueryData(alertSettingsKey(), settings),
  });
}

/** `GET push/public-key`: the key a browser subscribes with. */
export async function getPushPublicKey(): Promise<string> {
  return (await apiClient.get('push/public-key', { schema: PushPublicKeySchema })).publicKey;
}

/** `POST push/subscriptions` -> how many devices of the user get push. */
export async function savePushSubscription(body: PushSubscriptionBody): Promise<number> {
  return (await apiClient.post('push/subscriptions', body, { schema: PushSubscriptionAnswerSchema })).devices;
}

/** `DELETE push/subscriptions` -> how many devices of the user still get push. */
export async function deletePushSubscription(endpoint: string): Promise<number> {
  return (
    await apiRequest('push/subscriptions', {
      method: 'DELETE',
      body: { endpoint },
      schema: PushSubscriptionAnswerSchema,
    })
  ).devices;
}
