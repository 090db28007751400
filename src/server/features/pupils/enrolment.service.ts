import { COMMON_ERROR_CODES, PUPIL_ERROR_CODES } from '../../../shared/api/error-codes.js';
import type { Db } from '../../db/connect.js';
import { conflict, HttpError, invalid } from '../../lib/errors.js';
import { catalogRowExists } from '../catalog/catalog.repository.js';
import { isUniqueViolation } from '../users/users.repository.js';
import { endEnrolment, findOpenEnrolment, findPupilStatus, openEnrolment } from './pupils.repository.js';

export interface Enrolment {
  studentId: number;
  classId: number;
  startedOn: string;
}

/**
 * `POST enrolments`: the pupil must be an active Student (404 for no such pupil, 400 for one not
 * active) and the class must exist (404). A pupil is in one class at a time: a move ends the open
 * enrolment today and opens the new one in the same transaction, so the history stays; enrolling
 * into the current class changes nothing.
 */
export async function enrol(db: Db, studentId: number, classId: number, today: string): Promise<Enrolment> {
  try {
    return await enrolNow(db, studentId, classId, today);
  } catch (error) {
    // Another enrolment of the pupil at the same moment (the one-open-enrolment index refused ours).
    if (isUniqueViolation(error))
      throw conflict(PUPIL_ERROR_CODES.enrolmentChanged, 'pupils.error.enrolledMeanwhile');
    throw error;
  }
}

async function enrolNow(db: Db, studentId: number, classId: number, today: string): Promise<Enrolment> {
  return db.transaction().execute(async (trx) => {
    const pupil = await findPupilStatus(trx, studentId);
    if (!pupil) throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'pupils.error.pupilNotFound');
    if (pupil.status !== 'active') {
      throw invalid('pupils.error.notActive', [
        {
          field: 'studentId',
          message:
            pupil.status === 'pending' ? 'pupils.error.accountPending' : 'pupils.error.accountRejected',
        },
      ]);
    }
    if (!(await catalogRowExists(trx, 'school_class', classId))) {
      throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'pupils.error.classNotFound');
    }
    const open = await findOpenEnrolment(trx, studentId);
    if (open?.class_id === classId) return { studentId, classId, startedOn: open.started_on };
    if (open) await endEnrolment(trx, open.id, today);
    await openEnrolment(trx, studentId, classId, today);
    return { studentId, classId, startedOn: today };
  });
}
