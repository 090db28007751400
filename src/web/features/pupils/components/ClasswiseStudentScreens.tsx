import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../../components/school/QueryState.js';
import { HiddenText, SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { schoolPaths } from '../../../config/school-paths.js';
import { useAssignedClasses } from '../../../lib/school/get-assigned-classes.js';
import { useClassStudents } from '../../../lib/school/get-class-students.js';
import { AssignedClassList } from './AssignedClassList.js';

/**
 * Classwise-student, /classwise-student (docs/contract/product.md#school-screens): the teacher's classes with
 * View Student List.
 */
export function ClasswiseStudentScreen() {
  return (
    <AssignedClassList
      lead="Open a class to see its pupils."
      action={(row) => (
        <Link
          to={schoolPaths.studentList(row.id)}
          className="btn btn-sm btn-primary rounded-pill text-nowrap"
        >
          View Student List <HiddenText>of {row.name}</HiddenText>
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
  const navigate = useNavigate();
  const pupils = useClassStudents(classId);
  const schoolClass = useAssignedClasses().data?.find((row) => row.classId === classId);
  return (
    <SchoolPanel
      title={schoolClass ? `Pupils of ${schoolClass.className}` : 'Pupils of the class'}
      lead="Attendance details shows a pupil's attendance; Details view their profile."
    >
      <QueryState query={pupils}>
        {(rows) => (
          <SchoolTable
            label="Pupils"
            rows={rows}
            rowKey={(row) => row.studentId}
            columns={[
              { header: 'Sr.No.', cell: (_row, index) => index + 1 },
              { header: 'Student Name', cell: (row) => row.studentName },
              {
                header: <HiddenText>Attendance and profile</HiddenText>,
                cell: (row) => (
                  <div className="school-row-actions">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary rounded-pill"
                      onClick={() => void navigate(schoolPaths.attendanceHistory(row.studentId))}
                    >
                      Attendance details <HiddenText>of {row.studentName}</HiddenText>
                    </button>
                    <Link
                      to={schoolPaths.studentProfile(row.studentId)}
                      className="btn btn-sm btn-primary rounded-pill"
                    >
                      Details view <HiddenText>of {row.studentName}</HiddenText>
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
