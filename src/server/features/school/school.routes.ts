import type { FastifyInstance } from 'fastify';
import { attendanceRoutes } from './attendance.routes.js';
import { catalogRoutes } from './catalog.routes.js';
import { examsRoutes } from './exams.routes.js';
import { notificationsRoutes } from './notifications.routes.js';
import { resultsRoutes } from './results.routes.js';
import { timetableRoutes } from './timetable.routes.js';

/**
 * The school-management calls of docs/contract/api.md#tag-school (with our own calls for attendance and
 * results).
 */
export async function schoolRoutes(app: FastifyInstance): Promise<void> {
  await app.register(catalogRoutes);
  await app.register(timetableRoutes);
  await app.register(examsRoutes);
  await app.register(resultsRoutes);
  await app.register(attendanceRoutes);
  await app.register(notificationsRoutes);
}
