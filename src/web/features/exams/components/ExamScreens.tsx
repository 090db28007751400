import { USER_TYPE } from '../../../../shared/constants.js';
import { FailureState, LoadingState, QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useI18n } from '../../../lib/i18n.js';
import { examTimeInWords, todayInZone, useSchoolTimeZone } from '../../../lib/school-time.js';
import { type Exam, useStudentExams, useTeacherExams } from '../api/get-exams.js';

function ExamTable({ exams, label }: { exams: Exam[]; label?: string }) {
  const { t, locale } = useI18n();
  return (
    <SchoolTable
      label={label ?? t('exams.table.label')}
      rows={exams}
      rowKey={(exam) => `${exam.className}|${exam.subjectName}|${exam.time}`}
      columns={[
        { header: t('exams.table.class'), cell: (exam) => exam.className },
        { header: t('exams.table.subject'), cell: (exam) => exam.subjectName },
        // The contract's `2026-12-04 09:00 - 11:00` in words; the machine-readable day stays in <time>.
        {
          header: t('exams.table.time'),
          cell: (exam) => <time dateTime={exam.time.slice(0, 10)}>{examTimeInWords(exam.time, locale)}</time>,
        },
      ]}
    />
  );
}

/**
 * A pupil's exams of the school year (docs/decisions/0098-exam-lists-of-the-current-year.md): those still
 * to come first, then those already sat, split at the school's today.
 */
function PupilExamLists({ exams }: { exams: Exam[] }) {
  const { t } = useI18n();
  const today = todayInZone(useSchoolTimeZone());
  const upcoming = exams.filter((exam) => exam.time.slice(0, 10) >= today);
  const sat = exams.filter((exam) => exam.time.slice(0, 10) < today);
  return (
    <>
      {upcoming.length > 0 ? (
        <>
          <h3 className="h5">{t('exams.student.upcoming')}</h3>
          <ExamTable exams={upcoming} label={t('exams.student.upcoming')} />
        </>
      ) : null}
      {sat.length > 0 ? (
        <>
          <h3 className={upcoming.length > 0 ? 'h5 mt-4' : 'h5'}>{t('exams.student.sat')}</h3>
          <ExamTable exams={[...sat].reverse()} label={t('exams.student.sat')} />
        </>
      ) : null}
    </>
  );
}

/** Exam, /exam (docs/contract/product.md#school-screens): a pupil's exam programme (`GET student/exam`). */
export function StudentExamScreen() {
  const { t } = useI18n();
  const exams = useStudentExams();
  return (
    <SchoolPanel title={t('exams.student.title')} lead={t('exams.student.lead')}>
      <QueryState query={exams}>{(rows) => <PupilExamLists exams={rows} />}</QueryState>
    </SchoolPanel>
  );
}

/**
 * Exams, /exams (docs/contract/product.md#school-screens): a teacher's exams through `GET exam/{teacherid}`
 * with their real id (docs/contract/fixes-and-gaps.md#fix-3). A Principle (and anyone else) gets `GET
 * student/exam`, which answers every exam to a Principle and a pupil's own class to a Student.
 */
export function TeacherExamsScreen() {
  const { t } = useI18n();
  const user = useCurrentUser();
  const isTeacher = user.data?.type === USER_TYPE.teacher;
  const teacherExams = useTeacherExams(isTeacher ? user.data?.id : undefined);
  const allExams = useStudentExams(user.data !== undefined && !isTeacher);
  const exams = isTeacher ? teacherExams : allExams;

  return (
    <SchoolPanel
      title={t(user.data?.type === USER_TYPE.principal ? 'exams.teacher.allTitle' : 'exams.teacher.ownTitle')}
      lead={t('exams.teacher.lead')}
    >
      {user.isError && user.data === undefined ? (
        <FailureState error={user.error} retry={user.refetch} />
      ) : user.data === undefined ? (
        <LoadingState />
      ) : (
        <QueryState query={exams}>{(rows) => <ExamTable exams={rows} />}</QueryState>
      )}
    </SchoolPanel>
  );
}
