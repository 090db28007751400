import type { z } from 'zod';
import { wireFieldName } from '../../../../shared/api/user-fields.js';
import { IMAGE_RULES } from '../../../../shared/api/user-form-fields.js';
import type { RegisteredUser } from '../../../../shared/api/users.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { apiClient } from '../../../lib/api-client.js';
import type { RegistrationFormSchema } from './account-fields.js';

/**
 * The registration form as the browser holds it: the shared fields of `POST users` plus the chosen
 * photos as `File`s (`RegistrationFormSchema`). The server validates the same body with the same
 * fields (shared/api/users.ts).
 */
export type RegistrationFormInput = z.input<typeof RegistrationFormSchema>;
export type RegistrationFormValues = z.output<typeof RegistrationFormSchema>;

/** The multipart field of a registering Parent's children: one JSON array (shared/api/family.ts). */
export const CHILDREN_FIELD = 'children';

/**
 * The multipart body of `POST users`: the product's field names (docs/contract/product.md#records), one
 * `images` part per photo and, only for a Parent who named any, the children as one JSON field
 * (docs/decisions/0021-families.md).
 */
export function registrationFormData(values: RegistrationFormValues): FormData {
  const { images, socialLink, children = [], ...fields } = values;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(wireFieldName(name), value);
  if (socialLink) form.append(wireFieldName('socialLink'), socialLink);
  if (values.type === USER_TYPE.parent && children.length > 0)
    form.append(CHILDREN_FIELD, JSON.stringify(children));
  for (const image of images) form.append(IMAGE_RULES.field, image, image.name);
  return form;
}

/** `POST users` -> the new, pending account (docs/contract/api.md#post-users). */
export async function registerUser(values: RegistrationFormValues): Promise<RegisteredUser> {
  // The answer's schema loads with the first registration, not with the page
  // (docs/decisions/0035-lean-public-pages.md).
  const { RegisteredUserAnswerSchema } = await import('../../../../shared/api/users.js');
  const body = await apiClient.post('users', registrationFormData(values), {
    schema: RegisteredUserAnswerSchema,
  });
  return body.data;
}
