import { type DashboardToday, DashboardTodayAnswerSchema } from '../../../../shared/api/dashboard.js';
import { schoolRead } from '../../../lib/school/school-read.js';

/** Under the school's keys, so log-out drops it; its own family, as nothing else shares its shape. */
export const dashboardTodayKey = () => ['school', 'dashboard', 'today'] as const;

/** `GET dashboard/today`: the staff's home, as the server answers it (docs/decisions/0052-dashboards-that-say-what-needs-doing.md). */
export const [getDashboardToday, dashboardTodayQueryOptions, useDashboardToday] = schoolRead(
  dashboardTodayKey,
  'dashboard/today',
  DashboardTodayAnswerSchema,
  (body): DashboardToday => body,
);
