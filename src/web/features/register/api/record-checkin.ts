import { CheckinAnswerSchema, type CheckinBody, type CheckinRow } from '../../../../shared/api/family.js';
import { apiClient } from '../../../lib/api-client.js';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.js';
import { registerKeys } from './keys.js';

export interface CheckinRequest extends CheckinBody {
  studentId: number;
}

/**
 * `POST pupils/{id}/checkins` `{ kind, collectedBy?, reason? }` -> 201 with the recorded row; the
 * time is the server's. A check-out to someone not on the child's list answers 409 unless it
 * carries a reason (docs/decisions/0021-families.md#staff-screens).
 */
export async function recordCheckin({ studentId, ...body }: CheckinRequest): Promise<CheckinRow> {
  const answer = await apiClient.post(`pupils/${studentId}/checkins`, body, { schema: CheckinAnswerSchema });
  return answer.data;
}

/** Records an arrival or a departure, then the register (and the principal's list) load again. */
export function useRecordCheckin() {
  return useInvalidatingMutation(recordCheckin, registerKeys.all);
}
