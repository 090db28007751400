import type { ReactNode } from 'react';
import { type ClassListRow, ClassListTable } from '../../../components/school/ClassListTable.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { useAssignedClasses } from '../../../lib/school/get-assigned-classes.js';

/** "Your classes": the caller's classes (every class for a principal), each with one action that opens it. */
export function AssignedClassList({
  lead,
  action,
}: {
  lead: string;
  action: (row: ClassListRow) => ReactNode;
}) {
  const { t } = useI18n();
  const classes = useAssignedClasses();
  return (
    <SchoolPanel title={t('pupils.classes.title')} lead={lead}>
      <QueryState query={classes}>
        {(rows) => (
          <ClassListTable
            classes={rows.map((row) => ({ id: row.classId, name: row.className }))}
            actionHeader={t('pupils.classes.column')}
            action={action}
          />
        )}
      </QueryState>
    </SchoolPanel>
  );
}
