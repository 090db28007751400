import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IMAGE_RULES, UserSchema } from '../../../../shared/api/users.js';
import { apiClient } from '../../../lib/api-client.js';
import { currentUserQueryKey } from '../../../lib/current-user.js';
import { type Account, ProfileFormSchema, toAccount, wireFieldName } from './account-fields.js';
import { studentProfileQueryKey } from './get-student-profile.js';

/**
 * The profile form as the browser holds it: the shared fields of `PUT users/profile` (no type, no
 * password), the optional password pair and optional new photos as `File`s.
 */
export { ProfileFormSchema };
export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
export type ProfileFormValues = z.output<typeof ProfileFormSchema>;

/** The body to send: JSON, or multipart when new photos go with it. The password fields only when typed. */
export function profileUpdateBody(values: ProfileFormValues): FormData | Record<string, string> {
  const { images, currentPassword, newPassword, ...fields } = values;
  const entries = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]): [string, string] => [wireFieldName(name), value]);
  // The current password confirms a new password or a new email; it goes only when typed.
  if (currentPassword) entries.push(['currentPassword', currentPassword]);
  if (newPassword) entries.push(['newPassword', newPassword]);
  if (!images || images.length === 0) return Object.fromEntries(entries);
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  for (const image of images) form.append(IMAGE_RULES.field, image, image.name);
  return form;
}

/** `PUT users/profile` -> the updated user (docs/contract/api.md#put-users-profile). */
export async function updateProfile(values: ProfileFormValues): Promise<Account> {
  const body = await apiClient.put('users/profile', profileUpdateBody(values), {
    schema: z.object({ results: UserSchema }),
  });
  return toAccount(body.results);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: studentProfileQueryKey(user.id) }),
      ]);
    },
  });
}
