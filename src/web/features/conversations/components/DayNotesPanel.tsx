import '../../../styles/conversations.css';
import { Link } from 'react-router';
import type { DayNote } from '../../../../shared/api/conversations.js';
import { linkTo } from '../../../../shared/screens.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { useClassDayNotes } from '../../../lib/school/get-day-notes.js';

function noteLine(t: Translator['t'], note: DayNote): string {
  switch (note.type) {
    case 'absent':
      return t('conversations.today.absent', { child: note.studentName, reason: note.reason ?? '' });
    case 'late-pickup':
      return t('conversations.today.late', { child: note.studentName, time: note.time ?? '' });
    default:
      return t('conversations.today.collector', {
        child: note.studentName,
        name: note.name ?? '',
        phone: note.phone ?? '',
      });
  }
}

/**
 * Today's part of the conversations (docs/decisions/0080-conversations.md): the families' typed
 * messages about the day for the class on screen (expected absent, late pick-ups, someone else
 * collecting), each leading to its conversation. Mounted by Today; nothing while loading.
 */
export function DayNotesPanel({ classId, date }: { classId: number; date: string }) {
  const { t } = useI18n();
  const notes = useClassDayNotes(classId, date);
  if (!notes.data) return null;
  return (
    <SchoolPanel title={t('conversations.today.title')} className="day-notes-panel">
      {notes.data.length === 0 ? (
        <p className="school-state">{t('conversations.today.none')}</p>
      ) : (
        <ul className="day-notes">
          {notes.data.map((note) => (
            <li key={note.messageId} className={`day-notes__item day-notes__item--${note.type}`}>
              <Link to={linkTo('/conversations/:id', note.studentId)} className="day-notes__link">
                {noteLine(t, note)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SchoolPanel>
  );
}
