import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdmissionCaseWithApplicationAnswerSchema,
  ApplicationLinkAnswerSchema,
} from '../../../../shared/api/admission-application.js';
import { EnrolmentAnswerSchema, type EnrolmentInput } from '../../../../shared/api/admission-enrolment.js';
import {
  AdmissionBoardAnswerSchema,
  AdmissionCaseAnswerSchema,
  type AdmissionMoveInput,
  type NewAdmissionCase,
} from '../../../../shared/api/admissions.js';
import { apiClient } from '../../../lib/api-client.js';
import { classSeatsQueryKey } from '../../../lib/school/get-class-seats.js';

/**
 * The admissions board (docs/decisions/0105-the-admissions-board.md, calls of
 * docs/decisions/0102-the-admissions-pipeline.md). A case opened or moved refreshes every board and
 * case, and the classes' seats (an accepted offer holds a seat).
 */

export const admissionsQueryKey = ['school', 'admissions'] as const;

/** `GET admin/admissions/board?classId=&yearId=`. */
export const boardQueryOptions = (classId: number, yearId: number) =>
  queryOptions({
    queryKey: [...admissionsQueryKey, 'board', classId, yearId],
    queryFn: ({ signal }) =>
      apiClient.get(`admin/admissions/board?classId=${classId}&yearId=${yearId}`, {
        signal,
        schema: AdmissionBoardAnswerSchema,
      }),
  });
export const useBoard = (classId: number | undefined, yearId: number | undefined) =>
  useQuery({ ...boardQueryOptions(classId ?? 0, yearId ?? 0), enabled: !!classId && !!yearId });

/** `GET admin/admissions/cases/{id}`: a case with its history, its application and documents. */
export const caseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...admissionsQueryKey, 'case', id],
    queryFn: ({ signal }) =>
      apiClient.get(`admin/admissions/cases/${id}`, {
        signal,
        schema: AdmissionCaseWithApplicationAnswerSchema,
      }),
  });
export const useAdmissionCase = (id: number) => useQuery(caseQueryOptions(id));

function useAdmissionsMutation<T, Variables>(mutationFn: (variables: Variables) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: admissionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: classSeatsQueryKey }),
      ]),
  });
}

/** `POST admin/admissions/cases`: a case typed in, or opened from a contact message (`enquiryId`). */
export const useOpenCase = () =>
  useAdmissionsMutation((input: NewAdmissionCase) =>
    apiClient.post('admin/admissions/cases', input, { schema: AdmissionCaseAnswerSchema }),
  );

/** `POST admin/admissions/cases/{id}/moves`. */
export const useMoveCase = (id: number) =>
  useAdmissionsMutation((input: AdmissionMoveInput) =>
    apiClient.post(`admin/admissions/cases/${id}/moves`, input, { schema: AdmissionCaseAnswerSchema }),
  );

/** `POST admin/admissions/cases/{id}/application-link`: mails the family a link to their application. */
export const useSendApplicationLink = (id: number) =>
  useAdmissionsMutation(() =>
    apiClient.post(
      `admin/admissions/cases/${id}/application-link`,
      {},
      { schema: ApplicationLinkAnswerSchema },
    ),
  );

/** `POST admin/admissions/cases/{id}/enrolment`: the pupil, guardians, care, class and first fees in one step. */
export const useEnrol = (id: number) =>
  useAdmissionsMutation((input: EnrolmentInput) =>
    apiClient.post(`admin/admissions/cases/${id}/enrolment`, input, { schema: EnrolmentAnswerSchema }),
  );
