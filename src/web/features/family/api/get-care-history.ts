import type { z } from 'zod';
import { CareHistoryAnswerSchema } from '../../../../shared/api/family.js';
import { schoolReadOf } from '../../../lib/school/school-read.js';
import { familyKeys } from './keys.js';

export type CareHistoryEntry = z.infer<typeof CareHistoryAnswerSchema>['data'][number];

/** `GET pupils/{id}/care/history`: every saved change of the care details, newest first. */
export const [getCareHistory, careHistoryQueryOptions, useCareHistory] = schoolReadOf(
  familyKeys.careHistory,
  (studentId) => `pupils/${studentId}/care/history`,
  CareHistoryAnswerSchema,
  (body): CareHistoryEntry[] => body.data,
);
