import { useRef, useState } from 'react';
import { USER_TYPE } from '../../../../shared/constants.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
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
  const isPrincipal = user.data?.type === USER_TYPE.principal;

  const close = (): void => {
    setAdding(false);
    opener.current?.focus();
  };

  return (
    <SchoolPanel
      title="Class assignments"
      lead="Who teaches each subject to each class, and at what time."
      actions={
        isPrincipal ? (
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
          <SchoolTable
            label="Assignments"
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Sr.No.', cell: (_row, index) => index + 1 },
              { header: 'Teacher Name', cell: (row) => row.teacherName },
              { header: 'Class', cell: (row) => row.className },
              { header: 'Subject', cell: (row) => row.subjectName },
              { header: 'Time', cellClassName: 'text-nowrap', cell: (row) => row.time },
            ]}
          />
        )}
      </QueryState>
      {isPrincipal && adding ? <AddClassModal onClose={close} /> : null}
    </SchoolPanel>
  );
}
