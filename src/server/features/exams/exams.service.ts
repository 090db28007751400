import type { CreateExamBody } from '../../../shared/api/school-admin.js';
import type { Db } from '../../db/connect.js';
import { invalid, notFound } from '../../lib/errors.js';
import { catalogRowExists } from '../catalog/catalog.repository.js';
import { insertExam } from './exams.repository.js';

/** `POST exams`: class and subject must exist (404), the date may not be before `today` (400). */
export async function createExam(db: Db, body: CreateExamBody, today: string, now: string) {
  if (body.date < today) {
    throw invalid(`date: must not be before today (${today})`, [
      { field: 'date', message: `must not be before today (${today})` },
    ]);
  }
  if (!(await catalogRowExists(db, 'school_class', body.classId))) throw notFound('That class');
  if (!(await catalogRowExists(db, 'subject', body.subjectId))) throw notFound('That subject');
  const exam = { classId: body.classId, subjectId: body.subjectId, date: body.date, time: body.time };
  return { id: await insertExam(db, exam, now), ...exam };
}
