import type { ReactNode } from 'react';
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
  return (
    <SchoolTable
      label="Classes"
      rows={classes}
      rowKey={(row) => row.id}
      columns={[
        { header: 'Sr.No.', cell: (_row, index) => index + 1 },
        { header: 'Class', cell: (row) => row.name },
        { header: <HiddenText>{actionHeader}</HiddenText>, cellClassName: 'text-end', cell: action },
      ]}
    />
  );
}
