import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText, SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import {
  type AssignedClass,
  useAssignedClasses,
  useAssignedStudents,
} from '../../../lib/school/get-assigned-classes.js';
import { AssignedClassList } from './AssignedClassList.js';

/** The search parameter that holds the class being viewed, so browser Back works like our Back. */
export const VIEW_PARAM = 'class';

function ClassList({ onView }: { onView: (classId: number) => void }) {
  const { t } = useI18n();
  return (
    <AssignedClassList
      lead={t('pupils.teacher.lead')}
      action={(row) => (
        <button
          type="button"
          className="btn btn-sm btn-primary rounded-pill px-3"
          onClick={() => onView(row.id)}
        >
          {t('pupils.teacher.view')} <HiddenText>{row.name}</HiddenText>
        </button>
      )}
    />
  );
}

function ClassPupils({
  classId,
  schoolClass,
  onBack,
}: {
  classId: number;
  schoolClass: AssignedClass | undefined;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const pupils = useAssignedStudents(classId);
  return (
    <SchoolPanel
      title={
        schoolClass ? t('pupils.list.titleOf', { className: schoolClass.className }) : t('pupils.list.title')
      }
      lead={t('pupils.teacher.pupilsLead')}
      actions={
        <button type="button" className="btn btn-outline-primary rounded-pill px-4" onClick={onBack}>
          {t('pupils.teacher.back')}
        </button>
      }
    >
      <QueryState query={pupils}>
        {(rows) => (
          <SchoolTable
            label={t('pupils.list.label')}
            rows={rows}
            rowKey={(row) => `${row.studentId}|${row.subjectName}|${row.time}`}
            columns={[
              { header: t('pupils.list.studentName'), cell: (row) => row.studentName },
              { header: t('pupils.teacher.subject'), cell: (row) => row.subjectName },
              { header: t('pupils.teacher.time'), cellClassName: 'text-nowrap', cell: (row) => row.time },
              {
                header: <HiddenText>{t('pupils.teacher.actions')}</HiddenText>,
                cell: (row) => (
                  <div className="school-row-actions">
                    <Link
                      to={schoolPaths.studentProfile(row.studentId)}
                      className="btn btn-sm btn-outline-primary rounded-pill"
                    >
                      {t('pupils.teacher.profile')}{' '}
                      <HiddenText>{t('pupils.list.of', { name: row.studentName })}</HiddenText>
                    </Link>
                    <Link
                      to={schoolPaths.studentResult(row.studentId)}
                      className="btn btn-sm btn-primary rounded-pill"
                    >
                      {t('pupils.teacher.result')}{' '}
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

/**
 * Teacher-class, /teacher-class (docs/contract/product.md#school-screens, docs/contract/product.md#states):
 * first the teacher's classes, each with View; View shows that class's pupils with Profile, Result and Back.
 * The class in view sits in the address (`?class=N`), so a reload or the browser's Back keeps the teacher
 * where they expect.
 */
export function TeacherClassScreen() {
  const [params, setParams] = useSearchParams();
  const classId = parseId(params.get(VIEW_PARAM));
  const classes = useAssignedClasses();

  if (classId === undefined) {
    return <ClassList onView={(id) => setParams({ [VIEW_PARAM]: String(id) })} />;
  }
  return (
    <ClassPupils
      classId={classId}
      schoolClass={classes.data?.find((row) => row.classId === classId)}
      onBack={() => setParams({})}
    />
  );
}
