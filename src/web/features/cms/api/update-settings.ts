import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type SchoolSettings,
  SchoolSettingsAnswerSchema,
  type SchoolSettingsInput,
} from '../../../../shared/api/settings.js';
import { apiClient } from '../../../lib/api-client.js';
import { settingsQueryKey } from '../../../lib/settings.js';

/** `PUT admin/settings` (the principal): every setting; answers them as stored. */
export async function updateSettings(settings: SchoolSettingsInput): Promise<SchoolSettings> {
  const body = await apiClient.put('admin/settings', settings, {
    schema: z.object({ data: SchoolSettingsAnswerSchema }),
  });
  return body.data;
}

/** After a save every page shows the new settings at once: the answer goes into the cache. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryKey, saved);
      // The media library counts the logo among a picture's uses.
      return queryClient.invalidateQueries({ queryKey: ['cms', 'media'] });
    },
  });
}
