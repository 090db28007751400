import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TableWrap } from './SchoolPanel.js';

function Results() {
  const [rows, setRows] = useState([['KG', 'Aisha Rahman', '74']]);
  return (
    <>
      <button type="button" onClick={() => setRows((r) => [...r, ['Class 1', 'Leo Park', '58']])}>
        More
      </button>
      <TableWrap label="Results">
        <table className="table school-table">
          <thead>
            <tr>
              <th scope="col">Class</th>
              <th scope="col">Student Name</th>
              <th scope="col" className="text-end">
                Marks
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([className, name, marks]) => (
              <tr key={name}>
                <td>{className}</td>
                <th scope="row">{name}</th>
                <td className="text-end">{marks}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2}>Total</td>
              <td>132</td>
            </tr>
          </tfoot>
        </table>
      </TableWrap>
    </>
  );
}

describe('TableWrap on a phone', () => {
  it('names every cell after its column, keeps the table’s roles, and labels rows that arrive later', async () => {
    render(<Results />);
    const cell = screen.getByRole('cell', { name: '74' });
    expect(cell).toHaveAttribute('data-label', 'Marks');
    expect(screen.getByRole('cell', { name: 'KG' })).toHaveAttribute('data-label', 'Class');
    expect(screen.getByRole('rowheader', { name: 'Aisha Rahman' })).toHaveAttribute(
      'data-label',
      'Student Name',
    );
    expect(screen.getByRole('columnheader', { name: 'Marks' })).not.toHaveAttribute('data-label');
    // A cell spanning two columns names neither; the one after it names the third column.
    expect(screen.getByRole('cell', { name: 'Total' })).toHaveAttribute('data-label', '');
    expect(screen.getByRole('cell', { name: '132' })).toHaveAttribute('data-label', 'Marks');

    await userEvent.setup().click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByRole('cell', { name: '58' })).toHaveAttribute('data-label', 'Marks');
    expect(screen.getByRole('table')).toHaveAttribute('role', 'table');
  });
});
