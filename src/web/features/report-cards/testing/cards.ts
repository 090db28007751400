import type { ClassReportCards, ReportCardContent } from '../../../../shared/api/report-cards.js';

/**
 * The report cards' screens' tests' school: KG (class 2), the Autumn term (5) of 2026–2027, two
 * pupils, English (subject 1, the teacher's) and Mathematics (subject 2, not theirs).
 */

export const CLASSES = { data: [{ classId: 2, class_name: 'KG' }] };

export const SCHOOL_YEAR = {
  data: {
    year: {
      id: 1,
      name: '2026–2027',
      firstDay: '2026-09-01',
      lastDay: '2027-07-31',
      current: true,
      terms: [
        { id: 5, yearId: 1, name: 'Autumn 2026', firstDay: '2026-09-01', lastDay: '2026-12-18' },
        { id: 6, yearId: 1, name: 'Spring 2027', firstDay: '2027-01-05', lastDay: '2027-03-27' },
      ],
    },
    today: '2026-11-24',
    termId: 5,
  },
};

export const content = (
  studentId: number,
  name: string,
  overrides: Partial<ReportCardContent> = {},
): ReportCardContent => ({
  schoolName: 'Demo School',
  student: { id: studentId, name },
  className: 'KG',
  term: { id: 5, name: 'Autumn 2026', firstDay: '2026-09-01', lastDay: '2026-12-18', yearName: '2026–2027' },
  subjects: [
    {
      subjectId: 1,
      subjectName: 'English',
      marks: 72,
      result: 'PASS',
      comment: { text: 'Reads well.', by: 'Amara Okafor' },
    },
    { subjectId: 2, subjectName: 'Mathematics', marks: 55, result: 'PASS', comment: { text: '', by: null } },
  ],
  total: 127,
  percentage: 63.5,
  division: 'First Division',
  passMark: 33,
  attendance: { present: 50, absent: 2, onLeave: 1 },
  classTeacherComment: { text: '', by: null },
  principalRemark: { text: '', by: null },
  ...overrides,
});

export const ADA = content(11, 'Ada Mensah');
export const BEN = content(12, 'Ben Osei', { division: 'Second Division', percentage: 50, total: 100 });

export const classCards = (overrides: Partial<ClassReportCards> = {}) => ({
  data: {
    classId: 2,
    className: 'KG',
    termId: 5,
    commentableSubjectIds: [1],
    mayPublish: false,
    cards: [
      { content: ADA, published: null, changed: true },
      { content: BEN, published: { version: 1, publishedAt: '2026-11-20T10:00:00.000Z' }, changed: false },
    ],
    ...overrides,
  },
});

export const CLASS_CARDS_PATH = 'GET report-cards/classes/2/terms/5';

export const MY_CARDS = {
  data: [
    {
      studentId: 11,
      studentName: 'Ada Mensah',
      className: 'KG',
      termId: 5,
      termName: 'Autumn 2026',
      yearName: '2026–2027',
      version: 2,
      publishedAt: '2026-11-25T10:00:00.000Z',
    },
  ],
};

export const PUBLISHED_CARD = {
  data: {
    version: 2,
    publishedAt: '2026-11-25T10:00:00.000Z',
    versions: [
      { version: 2, publishedAt: '2026-11-25T10:00:00.000Z' },
      { version: 1, publishedAt: '2026-11-20T10:00:00.000Z' },
    ],
    content: content(11, 'Ada Mensah', { principalRemark: { text: 'A fine term.', by: 'Pat Principal' } }),
  },
};
