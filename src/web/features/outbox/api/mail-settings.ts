import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type MailSettings, MailSettingsSchema } from '../../../../shared/api/mail.js';
import { apiClient } from '../../../lib/api-client.js';
import { outboxKeys } from './keys.js';

const AnswerSchema = z.object({ data: MailSettingsSchema });

/** `GET admin/mail-settings`. */
export async function getMailSettings(signal?: AbortSignal): Promise<MailSettings> {
  return (await apiClient.get('admin/mail-settings', { signal, schema: AnswerSchema })).data;
}

/** `PUT admin/mail-settings` -> the settings as stored. */
export async function saveMailSettings(settings: MailSettings): Promise<MailSettings> {
  return (await apiClient.put('admin/mail-settings', settings, { schema: AnswerSchema })).data;
}

export const mailSettingsQueryOptions = () =>
  queryOptions({ queryKey: outboxKeys.settings(), queryFn: ({ signal }) => getMailSettings(signal) });

export const useMailSettings = () => useQuery(mailSettingsQueryOptions());

/** Saves the settings; the answer is what the screen shows from then on. */
export function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailSettings,
    onSuccess: (settings) => queryClient.setQueryData(outboxKeys.settings(), settings),
  });
}
