import { type EnrolBody, EnrolmentAnswerSchema } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';

/** `POST enrolments` with `{ studentId, classId }` -> `{ data: { studentId, classId, startedOn } }`. */
export async function enrolPupil(body: EnrolBody): Promise<void> {
  await apiClient.post('enrolments', body, { schema: EnrolmentAnswerSchema });
}

/** Puts a pupil in a class; class lists, pupils and marks load again. */
export function useEnrolPupil() {
  return useInvalidatingMutation(enrolPupil, schoolKeys.all);
}
