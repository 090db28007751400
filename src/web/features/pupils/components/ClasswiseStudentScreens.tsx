import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText, SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useI18n } from '../../../lib/i18n.js';
import { useAssignedClasses } from '../../../lib/school/get-assigned-classes.js';
import { useClassStudents } from '../../../lib/school/get-class-students.js';
import { AssignedClassList } from './AssignedClassList.js';

/**
 * Classwise-student, /classwise-student (docs/contract/product.md#school-screens): the teacher's classes with
 * View Student List.
 */
export function ClasswiseStudentScreen() {
  const { t } = useI18n();
  return (
    <AssignedClassList
      lead={t('pupils.classwise.lead')}
      action={(row) => (
        <Link
          to={schoolPaths.studentList(row.id)}
          className="btn btn-sm btn-primary rounded-pill text-nowrap"
        >
          {t('pupils.classwise.viewList')} <HiddenText>{t('pupils.list.of', { name: row.name })}</HiddenText>
        </Link>
      )}
    />
  );
}

/**
 * Student-list, /student-list/:id (docs/contract/product.md#school-screens): the pupils of a class (`GET
 * student_class/{classId}`), each with Attendance details (their attendance history,
 * docs/contract/fixes-and-gaps.md#fix-4) and Details view.
 */
export function StudentListScreen({ classId }: { classId: number }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const pupils = useClassStudents(classId);
  const schoolClass = useAssignedClasses().data?.find((row) => row.classId === classId);
  return (
    <SchoolPanel
      title={
        schoolClass ? t('pupils.list.titleOf', { className: schoolClass.className }) : t('pupils.list.title')
      }
      lead={t('pupils.list.lead')}
    >
      <QueryState query={pupils}>
        {(rows) => (
          <SchoolTable
            label={t('pupils.list.label')}
            rows={rows}
            rowKey={(row) => row.studentId}
            columns={[
              { header: t('pupils.list.srNo'), cell: (_row, index) => index + 1 },
              { header: t('pupils.list.studentName'), cell: (row) => row.studentName },
              {
                header: <HiddenText>{t('pupils.list.actions')}</HiddenText>,
                cell: (row) => (
                  <div className="school-row-actions">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary rounded-pill"
                      onClick={() => void navigate(schoolPaths.attendanceHistory(row.studentId))}
                    >
                      {t('pupils.list.attendance')}{' '}
                      <HiddenText>{t('pupils.list.of', { name: row.studentName })}</HiddenText>
                    </button>
                    <Link
                      to={schoolPaths.studentProfile(row.studentId)}
                      className="btn btn-sm btn-primary rounded-pill"
                    >
                      {t('pupils.list.details')}{' '}
                      <HiddenText>{t('pupils.list.of', { name: row.studentName })}</HiddenText>
                    </Link>
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </SchoolPanel>
  );
}
