import { useRef, useState } from 'react';
import { USER_TYPE } from '../../../../shared/constants.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useClassAssignments } from '../api/get-class-assignments.js';
import { AddClassModal } from './AddClassModal.js';

/**
 * Student-class, /student-class (docs/contract/product.md#school-screens): who teaches which subject to which
 * class, and when. Only a Principle sees 'Add Class Details', which opens the modal
 * (docs/contract/fixes-and-gaps.md#fix-10).
 */
export function StudentClassScreen() {
  const assignments = useClassAssignments();
  const user = useCurrentUser();
  const [adding, setAdding] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const isPrinciple = user.data?.type === USER_TYPE.principal;

  const close = (): void => {
    setAdding(false);
    opener.current?.focus();
  };

  return (
    <SchoolPanel
      title="Class assignments"
      lead="Who teaches each subject to each class, and at what time."
      actions={
        isPrinciple ? (
          <button
            ref={opener}
            type="button"
            className="btn btn-primary rounded-pill px-4"
            onClick={() => setAdding(true)}
          >
            Add Class Details
          </button>
        ) : null
      }
    >
      <QueryState query={assignments}>
        {(rows) => (
          <TableWrap label="Assignments">
            <table className="table school-table">
              <thead>
                <tr>
                  <th scope="col">Sr.No.</th>
                  <th scope="col">Teacher Name</th>
                  <th scope="col">Class</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={row.id}>
                    <td>{index + 1}</td>
                    <td>{row.teacherName}</td>
                    <td>{row.className}</td>
                    <td>{row.subjectName}</td>
                    <td className="text-nowrap">{row.time}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </QueryState>
      {isPrinciple && adding ? <AddClassModal onClose={close} /> : null}
    </SchoolPanel>
  );
}
