import type { ReactNode } from 'react';
import { TableWrap } from './SchoolPanel.js';

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
    <TableWrap label="Classes">
      <table className="table school-table">
        <thead>
          <tr>
            <th scope="col">Sr.No.</th>
            <th scope="col">Class</th>
            <th scope="col">
              <span className="visually-hidden">{actionHeader}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {classes.map((row, index) => (
            <tr key={row.id}>
              <td>{index + 1}</td>
              <td>{row.name}</td>
              <td className="text-end">{action(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
