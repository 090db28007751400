import { type ComingUp, ComingUpAnswerSchema } from '../../../../shared/api/dashboard.js';
import { schoolRead } from '../../../lib/school/school-read.js';

/** Under the school's keys, so log-out drops it. */
export const comingUpKey = () => ['school', 'dashboard', 'coming-up'] as const;

/** `GET dashboard/coming-up`: the calendar ahead that concerns the viewer (docs/decisions/0088-closed-days.md). */
export const [getComingUp, comingUpQueryOptions, useComingUp] = schoolRead(
  comingUpKey,
  'dashboard/coming-up',
  ComingUpAnswerSchema,
  (body): ComingUp => body,
);
