import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SaveAttendanceBody, SavedCountAnswerSchema } from '../../../../shared/api/school.js';
import type { AttendanceCode } from '../../../../shared/constants.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';
import type { ClassDay } from './get-class-attendance.js';

export interface AttendanceMark {
  studentId: number;
  status: AttendanceCode;
  description: string;
}

export interface SaveAttendanceInput {
  classId: number;
  date: string;
  marks: AttendanceMark[];
}

/**
 * `POST studentattenance` with `[ { att_date, userid, att_status, discription } ]` -> `{ data: { saved } }`.
 * All rows are saved or none; saving a date again updates it (docs/contract/fixes-and-gaps.md#fix-11).
 */
export async function saveAttendance({ date, marks }: SaveAttendanceInput): Promise<number> {
  const body: SaveAttendanceBody = marks.map((mark) => ({
    att_date: date,
    userid: mark.studentId,
    att_status: mark.status,
    discription: mark.description.trim(),
  }));
  const answer = await apiClient.post('studentattenance', body, { schema: SavedCountAnswerSchema });
  return answer.data.saved;
}

/** Saves a class's day; the screen then shows what is stored, and every report loads again. */
export function useSaveAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAttendance,
    onSuccess: async (_saved, { classId, date, marks }) => {
      const byStudent = new Map(marks.map((mark) => [mark.studentId, mark]));
      queryClient.setQueryData<ClassDay>(schoolKeys.classAttendance(classId, date), (day) =>
        day
          ? {
              ...day,
              rows: day.rows.map((row) => {
                const mark = byStudent.get(row.studentId);
                return mark ? { ...row, status: mark.status, description: mark.description.trim() } : row;
              }),
            }
          : day,
      );
      await queryClient.invalidateQueries({ queryKey: schoolKeys.attendance() });
    },
  });
}
