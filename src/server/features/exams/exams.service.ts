import { COMMON_ERROR_CODES } from '../../../shared/api/error-codes.js';
import type { CreateExamBody } from '../../../shared/api/school-admin.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import type { Db } from '../../db/connect.js';
import { HttpError, invalid } from '../../lib/errors.js';
import { translatorFor } from '../../lib/i18n.js';
import { catalogRowExists } from '../catalog/catalog.repository.js';
import { termOfDay } from '../school-years/school-years.repository.js';
import { insertExam } from './exams.repository.js';

/**
 * `POST exams`: class and subject must exist (404), the date may not be before `today` nor in no
 * term of a school year (400); the exam belongs to the term holding its date
 * (docs/decisions/0087-released-marks.md).
 */
export async function createExam(
  db: Db,
  body: CreateExamBody,
  today: string,
  now: string,
  /** The request's language, which a refusal is said in. */
  locale: Locale,
) {
  if (body.date < today) {
    const reason = translatorFor(locale).t('exams.error.dateInPast', { today });
    throw invalid('errors.request.summary', [{ field: 'date', message: reason }]).withValues({
      field: 'date',
      reason,
      more: 0,
    });
  }
  const term = await termOfDay(db, body.date);
  if (!term) {
    const reason = translatorFor(locale).t('exams.error.dateOutsideTerms');
    throw invalid('errors.request.summary', [{ field: 'date', message: reason }]).withValues({
      field: 'date',
      reason,
      more: 0,
    });
  }
  if (!(await catalogRowExists(db, 'school_class', body.classId))) {
    throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'exams.error.classNotFound');
  }
  if (!(await catalogRowExists(db, 'subject', body.subjectId))) {
    throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'exams.error.subjectNotFound');
  }
  const exam = {
    classId: body.classId,
    subjectId: body.subjectId,
    date: body.date,
    time: body.time,
    termId: term.id,
  };
  return { id: await insertExam(db, exam, now), ...exam };
}
