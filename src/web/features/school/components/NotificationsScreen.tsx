import { useNotifications } from '../api/get-notifications.js';
import { QueryState } from './QueryState.js';
import { SchoolPanel, TableWrap } from './SchoolPanel.js';

/** Notification, /notification (spec 2.5): Student Name, Class, notification (`GET notification`). */
export function NotificationsScreen() {
  const notifications = useNotifications();
  return (
    <SchoolPanel title="Notices" lead="Messages from the school to pupils and their classes.">
      <QueryState query={notifications}>
        {(rows) => (
          <TableWrap label="Notifications">
            <table className="table school-table">
              <thead>
                <tr>
                  <th scope="col">Student Name</th>
                  <th scope="col">Class</th>
                  <th scope="col">notification</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className="text-nowrap">{row.studentName}</td>
                    <td className="text-nowrap">{row.className}</td>
                    <td className="school-table__text">{row.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </QueryState>
    </SchoolPanel>
  );
}
