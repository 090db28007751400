import type { Key, ReactNode } from 'react';
import { TableWrap } from './SchoolPanel.js';

export interface SchoolTableColumn<Row> {
  /** The header cell's content (a `HiddenText` for an action column). */
  header: ReactNode;
  /** Class of the header cell, written out whole (e.g. `text-end`). */
  headerClassName?: string;
  /** Class of each body cell, written out whole (e.g. `text-end`, `text-nowrap`). */
  cellClassName?: string;
  cell: (row: Row, index: number) => ReactNode;
}

export interface SchoolTableProps<Row> {
  /** Names the scrollable region for screen readers (the table's subject). */
  label: string;
  columns: readonly SchoolTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
}

/**
 * The school screens' plain table: one header row, then one body row per record, inside a
 * TableWrap. Tables with a footer or grouped rows write their markup themselves.
 */
export function SchoolTable<Row>({ label, columns, rows, rowKey }: SchoolTableProps<Row>) {
  return (
    <TableWrap label={label}>
      <table className="table school-table">
        <thead>
          <tr>
            {columns.map((column, columnIndex) => (
              // Columns are fixed per screen, so their position is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <th key={columnIndex} scope="col" className={column.headerClassName}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)}>
              {columns.map((column, columnIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per screen.
                <td key={columnIndex} className={column.cellClassName}>
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
