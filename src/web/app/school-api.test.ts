import { describe, expect, it } from 'vitest';
import { getClassAttendance } from '../features/attendance/api/get-class-attendance.js';
import { saveAttendance } from '../features/attendance/api/save-attendance.js';
import { getTeacherExams } from '../features/exams/api/get-exams.js';
import { createClassAssignment } from '../features/timetable/api/create-class-assignment.js';
import { ApiError } from '../lib/api-client.js';
import { getAssignedStudents } from '../lib/school/get-assigned-classes.js';
import { getClasses } from '../lib/school/get-classes.js';
import { mockApi } from '../test/school-test-utils.js';

describe('school fetchers', () => {
  it('map the contract’s spellings to correct names once', async () => {
    mockApi({
      'GET classes': { result: [{ id: 1, classes: 'Nursery' }] },
      'GET teacher/assign_class/2': {
        data: [{ StudentId: 5, StudentName: 'Ada', subject_name: 'English', time: '08:00 - 08:45' }],
      },
      'GET studentattendace/2?date=2025-01-06': {
        data: [
          {
            id: 5,
            name: 'Ada',
            att_status: 3,
            discription: 'Dentist',
            checkedInAt: '2025-01-06T13:12:00.000Z',
          },
        ],
        closed: null,
        term: { id: 4, name: 'Spring 2025' },
      },
    });
    await expect(getClasses()).resolves.toEqual([{ id: 1, name: 'Nursery' }]);
    await expect(getAssignedStudents(2)).resolves.toEqual([
      { studentId: 5, studentName: 'Ada', subjectName: 'English', time: '08:00 - 08:45' },
    ]);
    await expect(getClassAttendance(2, '2025-01-06')).resolves.toEqual({
      rows: [
        {
          studentId: 5,
          studentName: 'Ada',
          status: 3,
          description: 'Dentist',
          checkedInAt: '2025-01-06T13:12:00.000Z',
        },
      ],
      closedFor: null,
      term: 'Spring 2025',
    });
  });

  it('send bodies under the contract’s names', async () => {
    const api = mockApi({
      'POST studentclass': {
        data: { id: 9, Teacher: 'Amara', class_name: 'KG', subject_name: 'English', time: '08:00 - 08:45' },
      },
      'POST studentattenance': { data: { saved: 1 } },
    });
    await expect(
      createClassAssignment({ teacherId: 1, classId: 2, subjectId: 3, timeSlotId: 4, days: ['Monday'] }),
    ).resolves.toEqual({
      id: 9,
      teacherName: 'Amara',
      className: 'KG',
      subjectName: 'English',
      time: '08:00 - 08:45',
    });
    await expect(
      saveAttendance({
        classId: 2,
        date: '2025-01-06',
        marks: [{ studentId: 5, status: 2, description: ' Fever ' }],
      }),
    ).resolves.toBe(1);
    expect(api.requests.map((r) => r.body)).toEqual([
      { teacherid: 1, classesid: 2, subjectid: 3, timeid: 4, days: ['Monday'] },
      [{ att_date: '2025-01-06', userid: 5, att_status: 2, discription: 'Fever' }],
    ]);
  });

  it('ask exam/{teacherid} with the id given', async () => {
    const api = mockApi({ 'GET exam/7': { data: [] } });
    await getTeacherExams(7);
    expect(api.calls()).toEqual(['GET exam/7']);
  });

  it('reject an answer that breaks the contract', async () => {
    mockApi({ 'GET classes': { data: [{ id: 1, classes: 'Nursery' }] } });
    await expect(getClasses()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    await expect(getClasses()).rejects.toBeInstanceOf(ApiError);
  });
});
