import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n.js';
import { HiddenText } from './SchoolPanel.js';
import { SchoolTable } from './SchoolTable.js';

export interface ClassListRow {
  id: number;
  name: string;
}

export interface ClassListTableProps {
  classes: readonly ClassListRow[];
  /** The hidden header of the action column: what the action opens (`Pupils`, `Timetable`). */
  actionHeader: string;
  /** The link or button that opens the class. */
  action: (row: ClassListRow) => ReactNode;
}

/** The school screens' list of classes: Sr.No., the class, and one action that opens it. */
export function ClassListTable({ classes, actionHeader, action }: ClassListTableProps) {
  const { t } = useI18n();
  return (
    <SchoolTable
      label={t('navigation.school.classes')}
      rows={classes}
      rowKey={(row) => row.id}
      columns={[
        { header: t('navigation.school.srNo'), cell: (_row, index) => index + 1 },
        { header: t('navigation.school.class'), cell: (row) => row.name },
        { header: <HiddenText>{actionHeader}</HiddenText>, cellClassName: 'text-end', cell: action },
      ]}
    />
  );
}
