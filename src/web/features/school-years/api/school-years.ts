import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type NewSchoolYearInput,
  type SchoolTerm,
  SchoolTermAnswerSchema,
  type SchoolTermInput,
  type SchoolYear,
  SchoolYearAnswerSchema,
  type SchoolYearInput,
} from '../../../../shared/api/school-years.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

/**
 * The principal's changes to the school years and terms (docs/decisions/0085-school-years-and-terms.md;
 * the years are read with lib/school/get-school-years.ts). Every change loads the list again: a new
 * current year or a term's new days change other rows too; the whole 'school-year' key too, so the
 * current year others read (`GET school-year`) follows.
 */
function useYearsMutation<Variables, T>(mutationFn: (variables: Variables) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: schoolKeys.schoolYears() }),
        queryClient.invalidateQueries({ queryKey: schoolKeys.schoolYear() }),
        queryClient.invalidateQueries({ queryKey: schoolKeys.schoolTerms() }),
      ]);
    },
  });
}

/** `POST admin/school-years`. */
export const useCreateYear = () =>
  useYearsMutation(
    async (input: NewSchoolYearInput): Promise<SchoolYear> =>
      (await apiClient.post('admin/school-years', input, { schema: SchoolYearAnswerSchema })).data,
  );

/** `PUT admin/school-years/{id}`. */
export const useUpdateYear = () =>
  useYearsMutation(
    async ({ yearId, input }: { yearId: number; input: SchoolYearInput }): Promise<SchoolYear> =>
      (await apiClient.put(`admin/school-years/${yearId}`, input, { schema: SchoolYearAnswerSchema })).data,
  );

/** `POST admin/school-years/{id}/current`. */
export const useMakeCurrent = () =>
  useYearsMutation(
    async (yearId: number): Promise<SchoolYear> =>
      (
        await apiClient.post(`admin/school-years/${yearId}/current`, undefined, {
          schema: SchoolYearAnswerSchema,
        })
      ).data,
  );

/** `DELETE admin/school-years/{id}`. */
export const useDeleteYear = () =>
  useYearsMutation(async (yearId: number): Promise<void> => {
    await apiClient.delete(`admin/school-years/${yearId}`);
  });

/** `POST admin/school-years/{id}/terms`. */
export const useCreateTerm = () =>
  useYearsMutation(
    async ({ yearId, input }: { yearId: number; input: SchoolTermInput }): Promise<SchoolTerm> =>
      (await apiClient.post(`admin/school-years/${yearId}/terms`, input, { schema: SchoolTermAnswerSchema }))
        .data,
  );

/** `PUT admin/school-terms/{id}`. */
export const useUpdateTerm = () =>
  useYearsMutation(
    async ({ termId, input }: { termId: number; input: SchoolTermInput }): Promise<SchoolTerm> =>
      (await apiClient.put(`admin/school-terms/${termId}`, input, { schema: SchoolTermAnswerSchema })).data,
  );

/** `DELETE admin/school-terms/{id}`. */
export const useDeleteTerm = () =>
  useYearsMutation(async (termId: number): Promise<void> => {
    await apiClient.delete(`admin/school-terms/${termId}`);
  });
