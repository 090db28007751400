import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  FamilyFormAnswerSchema,
  FamilyFormListSchema,
  type FormAnswerInput,
  FormMailsSentSchema,
  SchoolFormAnswerSchema,
  type SchoolFormInput,
  SchoolFormListSchema,
} from '../../../../shared/api/school-forms.js';
import { apiClient } from '../../../lib/api-client.js';
import { downloadApiFile } from '../../../lib/download.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';

/**
 * Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md): the school's calls
 * (`school-forms`) and the family's (`family/school-forms`). Every save refreshes the whole family of
 * keys: a form's counts are on its list.
 */

export const schoolFormsQueryKey = ['school', 'school-forms'] as const;

/** `GET school-forms`: the school's forms with their counts. */
export const schoolFormsQueryOptions = () =>
  queryOptions({
    queryKey: [...schoolFormsQueryKey, 'staff'],
    queryFn: ({ signal }) => apiClient.get('school-forms', { signal, schema: SchoolFormListSchema }),
  });
export const useSchoolForms = (enabled = true) => useQuery({ ...schoolFormsQueryOptions(), enabled });

/** `GET school-forms/:id`: a form with every pupil of its audience. */
export const schoolFormQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...schoolFormsQueryKey, 'staff', id],
    queryFn: ({ signal }) => apiClient.get(`school-forms/${id}`, { signal, schema: SchoolFormAnswerSchema }),
  });
export const useSchoolForm = (id: number, enabled = true) =>
  useQuery({ ...schoolFormQueryOptions(id), enabled });

/** `GET family/school-forms`: the forms for the parent's children. */
export const familyFormsQueryOptions = () =>
  queryOptions({
    queryKey: [...schoolFormsQueryKey, 'family'],
    queryFn: ({ signal }) => apiClient.get('family/school-forms', { signal, schema: FamilyFormListSchema }),
  });
export const useFamilyForms = (enabled = true) => useQuery({ ...familyFormsQueryOptions(), enabled });

/** `GET family/school-forms/:id`. */
export const familyFormQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...schoolFormsQueryKey, 'family', id],
    queryFn: ({ signal }) =>
      apiClient.get(`family/school-forms/${id}`, { signal, schema: FamilyFormAnswerSchema }),
  });
export const useFamilyForm = (id: number, enabled = true) =>
  useQuery({ ...familyFormQueryOptions(id), enabled });

/** `POST school-forms`: a new draft. */
export const useCreateSchoolForm = () =>
  useInvalidatingMutation(
    (input: SchoolFormInput) => apiClient.post('school-forms', input, { schema: SchoolFormAnswerSchema }),
    schoolFormsQueryKey,
  );

/** `PUT school-forms/:id`: the draft rewritten. */
export const useUpdateSchoolForm = (id: number) =>
  useInvalidatingMutation(
    (input: SchoolFormInput) =>
      apiClient.put(`school-forms/${id}`, input, { schema: SchoolFormAnswerSchema }),
    schoolFormsQueryKey,
  );

export const useDeleteSchoolForm = (id: number) =>
  useInvalidatingMutation(() => apiClient.delete(`school-forms/${id}`), schoolFormsQueryKey);

/** `POST school-forms/:id/send`, `.../reminders`: how many mails went. */
export const useSendSchoolForm = (id: number) =>
  useInvalidatingMutation(
    () => apiClient.post(`school-forms/${id}/send`, undefined, { schema: FormMailsSentSchema }),
    schoolFormsQueryKey,
  );
export const useRemindSchoolForm = (id: number) =>
  useInvalidatingMutation(
    () => apiClient.post(`school-forms/${id}/reminders`, undefined, { schema: FormMailsSentSchema }),
    schoolFormsQueryKey,
  );

export const useCloseSchoolForm = (id: number) =>
  useInvalidatingMutation(
    () => apiClient.post(`school-forms/${id}/close`, undefined, { schema: SchoolFormAnswerSchema }),
    schoolFormsQueryKey,
  );

/** `GET school-forms/:id/answers.csv`, saved as a file. */
export const downloadFormAnswers = (id: number) =>
  downloadApiFile(`school-forms/${id}/answers.csv`, `form-${id}-answers.csv`);

/** `PUT family/school-forms/:id/children/:studentId`: a child's answer, signed. */
export const useAnswerSchoolForm = (id: number) =>
  useInvalidatingMutation(
    ({ studentId, input }: { studentId: number; input: FormAnswerInput }) =>
      apiClient.put(`family/school-forms/${id}/children/${studentId}`, input, {
        schema: FamilyFormAnswerSchema,
      }),
    schoolFormsQueryKey,
  );
