import { useRef, useState } from 'react';
import { USER_TYPE } from '../../../../shared/constants.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useI18n } from '../../../lib/i18n.js';
import { useClassAssignments } from '../api/get-class-assignments.js';
import { AddClassModal } from './AddClassModal.js';

/**
 * Student-class, /student-class (docs/contract/product.md#school-screens): who teaches which subject to which
 * class, and when. Only a Principle sees 'Add Class Details', which opens the modal
 * (docs/contract/fixes-and-gaps.md#fix-10).
 */
export function StudentClassScreen() {
  const { t } = useI18n();
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
      title={t('timetable.assignments.title')}
      lead={t('timetable.assignments.lead')}
      actions={
        isPrincipal ? (
          <button
            ref={opener}
            type="button"
            className="btn btn-primary rounded-pill px-4"
            onClick={() => setAdding(true)}
          >
            {t('timetable.assignments.add')}
          </button>
        ) : null
      }
    >
      <QueryState query={assignments}>
        {(rows) => (
          <SchoolTable
            label={t('timetable.assignments.label')}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { header: t('timetable.assignments.srNo'), cell: (_row, index) => index + 1 },
              { header: t('timetable.assignments.teacherName'), cell: (row) => row.teacherName },
              { header: t('timetable.assignments.class'), cell: (row) => row.className },
              { header: t('timetable.assignments.subject'), cell: (row) => row.subjectName },
              {
                header: t('timetable.assignments.time'),
                cellClassName: 'text-nowrap',
                cell: (row) => row.time,
              },
            ]}
          />
        )}
      </QueryState>
      {isPrincipal && adding ? <AddClassModal onClose={close} /> : null}
    </SchoolPanel>
  );
}
