import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '../../../shared/constants.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { DEMO_USERS, type DemoRole, userWithSession } from '../../test/school-fixtures.js';
import {
  assignmentVisible,
  classVisible,
  findPupilOfRecords,
  findVisibleClass,
  findVisiblePupil,
  findVisibleTeacher,
  lessonKey,
  markableLessons,
  markVisible,
  mayNotifyEveryone,
  moneyVisible,
  notificationVisible,
  recordablePupils,
  type Viewer,
} from './school.policy.js';

/**
 * The record-level rules as a matrix over the viewer's type and the record's owner (the demo
 * school: student@ is in KG, student2@ in Class 1; teacher@ teaches every class, teacher2@ every
 * class but KG; parent@ is the guardian of student@ and of her brother in Class 2, and
 * `otherParent` of nobody here: another family's child is invisible to a parent).
 */
type ViewerName = DemoRole | 'otherParent' | 'director';
type Target = 'student' | 'student2' | 'brother' | 'teacher' | 'teacher2' | 'unknown';

const PUPILS: Record<ViewerName, readonly Target[]> = {
  principal: ['student', 'student2', 'brother'],
  teacher: ['student', 'student2', 'brother'],
  teacher2: ['student2', 'brother'],
  student: ['student'],
  student2: ['student2'],
  parent: ['student', 'brother'],
  otherParent: [],
  director: [],
};

type ClassName = 'Nursery' | 'KG' | 'Class 1' | 'Class 2';
const CLASSES: Record<ViewerName, readonly ClassName[]> = {
  principal: ['Nursery', 'KG', 'Class 1', 'Class 2'],
  teacher: ['Nursery', 'KG', 'Class 1', 'Class 2'],
  teacher2: ['Nursery', 'Class 1', 'Class 2'],
  student: ['KG'],
  student2: ['Class 1'],
  parent: ['KG', 'Class 2'],
  otherParent: [],
  director: [],
};

const TEACHERS: Record<ViewerName, readonly Target[]> = {
  principal: ['teacher', 'teacher2'],
  teacher: ['teacher'],
  teacher2: ['teacher2'],
  student: [],
  student2: [],
  parent: [],
  otherParent: [],
  director: [],
};

/** Whose attendance the viewer may record (pupils in a class only). */
const RECORDS: Record<ViewerName, readonly Target[]> = {
  principal: ['student', 'student2', 'brother'],
  teacher: ['student', 'student2', 'brother'],
  teacher2: ['student2', 'brother'],
  student: [],
  student2: [],
  parent: [],
  otherParent: [],
  director: [],
};

/** Whose money (invoices, payments, balance) the viewer may see: the principal all, a parent their children's. */
const MONEY: Record<ViewerName, readonly Target[]> = {
  principal: ['student', 'student2', 'brother', 'teacher', 'teacher2'],
  teacher: [],
  teacher2: [],
  student: [],
  student2: [],
  parent: ['student', 'brother'],
  otherParent: [],
  director: [],
};

const VIEWERS = Object.keys(PUPILS) as ViewerName[];
const TARGETS: readonly Target[] = ['student', 'student2', 'brother', 'teacher', 'teacher2', 'unknown'];

describe.each(TEST_ENGINES)('the school policy on %s', (engine) => {
  let t: TestApp;
  const viewers = {} as Record<ViewerName, Viewer>;
  const ids = {} as Record<Target, number>;
  const classes: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
    for (const [role, email] of Object.entries(DEMO_USERS) as [DemoRole, string][]) {
      const user = await t.db
        .selectFrom('app_user')
        .select(['id', 'type'])
        .where('email_key', '=', email)
        .executeTakeFirstOrThrow();
      viewers[role] = { id: user.id, type: user.type as UserType };
    }
    const other = await userWithSession(t.db, 'Parent', 'Other Parent');
    viewers.otherParent = { id: other.id, type: 'Parent' };
    viewers.director = { id: 999_002, type: 'Director' };
    const brother = await t.db
      .selectFrom('guardian')
      .select('student_id')
      .where('parent_id', '=', viewers.parent.id)
      .where('student_id', '!=', viewers.student.id)
      .executeTakeFirstOrThrow();
    for (const target of TARGETS) {
      ids[target] =
        target === 'unknown' ? 999_999 : target === 'brother' ? brother.student_id : viewers[target].id;
    }
    for (const c of await t.db.selectFrom('school_class').select(['id', 'name']).execute())
      classes[c.name] = c.id;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it.each(VIEWERS)('pupils visible to %s', async (viewer) => {
    const visible: Target[] = [];
    for (const target of TARGETS) {
      if (await findVisiblePupil(t.db, viewers[viewer], ids[target])) visible.push(target);
    }
    expect(visible).toEqual(PUPILS[viewer]);
  });

  it.each(VIEWERS)(
    'pupils whose records %s reads: the same, whole, while nobody has moved on',
    async (viewer) => {
      const visible: Target[] = [];
      for (const target of TARGETS) {
        const pupil = await findPupilOfRecords(t.db, viewers[viewer], ids[target]);
        if (pupil) {
          expect(pupil.taught).toBeNull();
          visible.push(target);
        }
      }
      expect(visible).toEqual(PUPILS[viewer]);
    },
  );

  it.each(VIEWERS)('classes visible to %s', async (viewer) => {
    const visible: string[] = [];
    for (const name of ['Nursery', 'KG', 'Class 1', 'Class 2']) {
      if (await findVisibleClass(t.db, viewers[viewer], classes[name] ?? 0)) visible.push(name);
    }
    expect(visible).toEqual(CLASSES[viewer]);
    expect(await findVisibleClass(t.db, viewers[viewer], 999_999)).toBeUndefined();
  });

  it.each(VIEWERS)('teachers whose exams %s may list', async (viewer) => {
    const visible: Target[] = [];
    for (const target of TARGETS) {
      if (await findVisibleTeacher(t.db, viewers[viewer], ids[target])) visible.push(target);
    }
    expect(visible).toEqual(TEACHERS[viewer]);
  });

  it.each(VIEWERS)('pupils whose attendance %s may record', async (viewer) => {
    const map = await recordablePupils(
      t.db,
      viewers[viewer],
      TARGETS.map((target) => ids[target]),
    );
    expect(TARGETS.filter((target) => map.has(ids[target]))).toEqual(RECORDS[viewer]);
    if (map.has(ids.student)) expect(map.get(ids.student)).toBe(classes.KG);
  });

  it.each(VIEWERS)(
    'lessons whose marks %s may enter: a teacher their assignments, the principal all',
    async (viewer) => {
      const classIds = Object.values(classes);
      const subjectIds = (await t.db.selectFrom('subject').select('id').execute()).map((s) => s.id);
      const all = classIds.flatMap((c) => subjectIds.map((s) => lessonKey(c, s)));
      const assignments = await t.db
        .selectFrom('class_assignment')
        .select(['class_id', 'subject_id'])
        .where('teacher_id', '=', viewers[viewer].id)
        .execute();
      const expected =
        viewer === 'principal'
          ? all
          : viewer === 'teacher' || viewer === 'teacher2'
            ? assignments.map((a) => lessonKey(a.class_id, a.subject_id))
            : [];
      const markable = await markableLessons(
        t.db,
        viewers[viewer],
        [...classIds, 999_999],
        [...subjectIds, 999_999],
      );
      expect([...markable].sort()).toEqual([...new Set(expected)].sort());
      if (viewer === 'teacher' || viewer === 'teacher2') {
        expect(markable.size).toBeGreaterThan(0);
        expect(markable.size).toBeLessThan(all.length);
      }
    },
  );

  it.each(VIEWERS)('whose money %s may see', async (viewer) => {
    const rows = await t.db
      .selectFrom('app_user')
      .select('id')
      .where(
        'id',
        'in',
        TARGETS.map((target) => ids[target]),
      )
      .where(moneyVisible(t.db, viewers[viewer], 'app_user.id'))
      .execute();
    const seen = new Set(rows.map((row) => row.id));
    expect(TARGETS.filter((target) => seen.has(ids[target]))).toEqual(MONEY[viewer]);
  });

  it.each(VIEWERS)('may %s send a notification to everyone', (viewer) => {
    expect(mayNotifyEveryone(viewers[viewer])).toBe(viewer === 'principal');
  });

  it('a parent: the marks of their children, the assignments and notifications of their classes', async () => {
    const children = [ids.student, ids.brother].sort((a, b) => a - b);
    const childClasses = [classes.KG, classes['Class 2']].sort((a, b) => (a ?? 0) - (b ?? 0));
    for (const [name, expectedPupils, expectedClasses] of [
      ['parent', children, childClasses],
      ['otherParent', [], []],
    ] as const) {
      const viewer = viewers[name];
      const marks = await t.db
        .selectFrom('mark')
        .select('student_id')
        .distinct()
        .where(markVisible(t.db, viewer, { student: 'student_id', class: 'class_id', subject: 'subject_id' }))
        .orderBy('student_id')
        .execute();
      expect(
        marks.map((m) => m.student_id),
        name,
      ).toEqual(expectedPupils);
      const assignments = await t.db
        .selectFrom('class_assignment')
        .select('class_id')
        .distinct()
        .where(assignmentVisible(t.db, viewer, { teacher: 'teacher_id', class: 'class_id' }))
        .orderBy('class_id')
        .execute();
      expect(
        assignments.map((a) => a.class_id),
        name,
      ).toEqual(expectedClasses);
      const visibleClasses = await t.db
        .selectFrom('school_class')
        .select('id')
        .where(classVisible(t.db, viewer, 'id'))
        .orderBy('id')
        .execute();
      expect(
        visibleClasses.map((c) => c.id),
        name,
      ).toEqual(expectedClasses);

      const all = await t.db.selectFrom('notification').selectAll().execute();
      const visible = await t.db
        .selectFrom('notification')
        .selectAll()
        .where(
          notificationVisible(t.db, viewer, {
            sender: 'sender_id',
            class: 'class_id',
            student: 'student_id',
            sentOn: 'sent_on',
          }),
        )
        .execute();
      const expected = all.filter(
        (n) =>
          (n.class_id === null && n.student_id === null) ||
          (n.student_id !== null && (expectedPupils as readonly number[]).includes(n.student_id)) ||
          (n.class_id !== null && (expectedClasses as readonly (number | undefined)[]).includes(n.class_id)),
      );
      expect(visible.map((n) => n.id).sort(), name).toEqual(expected.map((n) => n.id).sort());
      expect(
        visible.some((n) => n.student_id === ids.student2),
        name,
      ).toBe(false);
    }
    // The demo has notifications to student@ and to KG: the parent sees both kinds.
    const seen = await t.db
      .selectFrom('notification')
      .select(['student_id', 'class_id'])
      .where(
        notificationVisible(t.db, viewers.parent, {
          sender: 'sender_id',
          class: 'class_id',
          student: 'student_id',
          sentOn: 'sent_on',
        }),
      )
      .execute();
    expect(seen.some((n) => n.student_id === ids.student)).toBe(true);
    expect(seen.some((n) => n.class_id === classes.KG)).toBe(true);
  });

  it('a pupil who left their class is no longer visible to its teachers, still to the principal', async () => {
    await t.db
      .updateTable('enrolment')
      .set({ ended_on: '2026-11-01' })
      .where('student_id', '=', ids.student2)
      .where('ended_on', 'is', null)
      .execute();
    try {
      expect(await findVisiblePupil(t.db, viewers.teacher2, ids.student2)).toBeUndefined();
      expect(await findVisiblePupil(t.db, viewers.student2, ids.student2)).toMatchObject({ classId: null });
      expect(await findVisiblePupil(t.db, viewers.principal, ids.student2)).toMatchObject({
        className: null,
      });
      expect((await recordablePupils(t.db, viewers.principal, [ids.student2])).size).toBe(0);
      // Their former teachers read their records of that time (docs/decisions/0095-past-sight.md).
      for (const name of ['teacher', 'teacher2'] as const) {
        expect(await findPupilOfRecords(t.db, viewers[name], ids.student2), name).toMatchObject({
          className: null,
          taught: [{ classId: classes['Class 1'], lastDay: '2026-11-01' }],
        });
      }
      for (const name of ['student', 'parent', 'otherParent', 'director'] as const)
        expect(await findPupilOfRecords(t.db, viewers[name], ids.student2), name).toBeUndefined();
      expect(await findPupilOfRecords(t.db, viewers.principal, ids.student2)).toMatchObject({ taught: null });
      // Class 1's notice of a few days ago was sent after the pupil left: it never reached them; one
      // sent while they were in the class stays theirs.
      const before = await t.db
        .insertInto('notification')
        .values({
          sender_id: viewers.teacher2.id,
          class_id: classes['Class 1'] ?? 0,
          student_id: null,
          body: 'Sent while the pupil was in the class',
          created_at: '2026-10-15T12:00:00.000Z',
          sent_on: '2026-10-15',
          year_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const class1Notices = await t.db
        .selectFrom('notification')
        .select('id')
        .where('class_id', '=', classes['Class 1'] ?? 0)
        .where(
          notificationVisible(t.db, viewers.student2, {
            sender: 'sender_id',
            class: 'class_id',
            student: 'student_id',
            sentOn: 'sent_on',
          }),
        )
        .execute();
      expect(class1Notices).toEqual([before]);
      await t.db.deleteFrom('notification').where('id', '=', before.id).execute();
    } finally {
      await t.db
        .updateTable('enrolment')
        .set({ ended_on: null })
        .where('student_id', '=', ids.student2)
        .where('ended_on', '=', '2026-11-01')
        .execute();
    }
  });
});
