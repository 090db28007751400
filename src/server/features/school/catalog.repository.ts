import type { Db } from '../../db/connect.js';

/** The school's lists that every school user reads as they are: classes, subjects, time slots. */

export const listClasses = (db: Db) =>
  db.selectFrom('school_class').select(['id', 'name']).orderBy('id').execute();

export const listSubjects = (db: Db) =>
  db.selectFrom('subject').select(['id', 'name']).orderBy('id').execute();

export const listTimeSlots = (db: Db) =>
  db.selectFrom('time_slot').select(['id', 'label']).orderBy('position').orderBy('id').execute();
