import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { z } from 'zod';
import { CreateExamBodySchema, EnrolBodySchema } from '../../../../shared/api/school-admin.js';
import { SchoolField, SchoolSelect } from '../../../components/school/SchoolField.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { classesQueryOptions } from '../../../lib/school/get-classes.js';
import { subjectsQueryOptions } from '../../../lib/school/get-subjects.js';
import { useTimeSlots } from '../../../lib/school/get-time-slots.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';
import { useCreateExam } from '../api/create-exam.js';
import { useEnrolPupil } from '../api/enrol-pupil.js';
import { activePupilsQueryOptions } from '../api/get-pupils.js';
import { LookupList } from './LookupList.js';

const labelled = (rows: { id: number; name: string }[]) =>
  rows.map((row) => ({ id: row.id, label: row.name }));

function Errors({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {lines.map((line) => (
        <p key={line} className="mb-0">
          {line}
        </p>
      ))}
    </div>
  );
}

const issuesOf = (error: { issues: { message: string }[] }) => [
  ...new Set(error.issues.map((i) => i.message)),
];

interface Save<T> {
  mutate: (body: T, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

/**
 * A set-up form's submit: the values are checked with the contract's schema first, then saved;
 * the problems of either show above the form, a save says `savedText`.
 */
function useCheckedSubmit<T>(schema: z.ZodType<T>, save: Save<T>, savedText: string) {
  const [errors, setErrors] = useState<string[]>([]);
  const submit = (values: unknown) => (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error));
      return;
    }
    setErrors([]);
    save.mutate(parsed.data, {
      onSuccess: () => notify.success(savedText),
      onError: (error) => setErrors(saveErrorLines(error)),
    });
  };
  return { errors, submit };
}

/** /school-setup: the principal's classes, subjects and time slots, enrolments and exams. */
export function SchoolSetupScreen() {
  const classes = useQuery({ ...classesQueryOptions(), select: labelled });
  const subjects = useQuery({ ...subjectsQueryOptions(), select: labelled });
  const slots = useTimeSlots();
  return (
    <SchoolPanel
      title="School set-up"
      lead="Classes, subjects and time slots; put pupils in classes; plan exams."
    >
      <div className="row g-4">
        <div className="col-lg-4">
          <LookupList kind="classes" title="Classes" noun="class" query={classes} />
        </div>
        <div className="col-lg-4">
          <LookupList kind="subjects" title="Subjects" noun="subject" query={subjects} />
        </div>
        <div className="col-lg-4">
          <LookupList kind="time-slots" title="Time slots" noun="time slot" query={slots} />
        </div>
      </div>
      <div className="row g-4">
        <div className="col-lg-6">
          <EnrolForm />
        </div>
        <div className="col-lg-6">
          <ExamForm />
        </div>
      </div>
    </SchoolPanel>
  );
}

function EnrolForm() {
  const id = useId();
  const pupils = useQuery({
    ...activePupilsQueryOptions(),
    select: (rows) =>
      rows.map((row) => ({ id: row.id, label: row.className ? `${row.name} (${row.className})` : row.name })),
  });
  const classes = useQuery({ ...classesQueryOptions(), select: labelled });
  const enrol = useEnrolPupil();
  const [values, setValues] = useState({ studentId: '', classId: '' });
  const set = (key: keyof typeof values) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const { errors, submit } = useCheckedSubmit(EnrolBodySchema, enrol, 'The pupil is in the class now.');

  return (
    <form onSubmit={submit(values)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        Enrol a pupil
      </h3>
      <Errors lines={errors} />
      <div className="attendance-toolbar mb-2">
        <SchoolSelect
          id={`${id}-pupil`}
          label="Pupil"
          placeholder="Choose a pupil"
          value={values.studentId}
          onChange={set('studentId')}
          options={pupils.data}
        />
        <SchoolSelect
          id={`${id}-class`}
          label="Class"
          placeholder="Choose a class"
          value={values.classId}
          onChange={set('classId')}
          options={classes.data}
        />
      </div>
      <button type="submit" className="btn btn-primary rounded-pill" disabled={enrol.isPending}>
        Enrol
      </button>
    </form>
  );
}

function ExamForm() {
  const id = useId();
  const classes = useQuery({ ...classesQueryOptions(), select: labelled });
  const subjects = useQuery({ ...subjectsQueryOptions(), select: labelled });
  const create = useCreateExam();
  const [values, setValues] = useState({ classId: '', subjectId: '', date: '', time: '' });
  const set = (key: keyof typeof values) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const { errors, submit } = useCheckedSubmit(CreateExamBodySchema, create, 'Exam added.');

  return (
    <form onSubmit={submit(values)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        Add an exam
      </h3>
      <Errors lines={errors} />
      <div className="attendance-toolbar mb-2">
        <SchoolSelect
          id={`${id}-class`}
          label="Exam class"
          placeholder="Choose a class"
          value={values.classId}
          onChange={set('classId')}
          options={classes.data}
        />
        <SchoolSelect
          id={`${id}-subject`}
          label="Exam subject"
          placeholder="Choose a subject"
          value={values.subjectId}
          onChange={set('subjectId')}
          options={subjects.data}
        />
        <SchoolField id={`${id}-date`} label="Date">
          <input
            id={`${id}-date`}
            type="date"
            className="form-control"
            value={values.date}
            onChange={(event) => set('date')(event.target.value)}
          />
        </SchoolField>
        <SchoolField id={`${id}-time`} label="Time">
          <input
            id={`${id}-time`}
            className="form-control"
            placeholder="09:00 - 11:00"
            value={values.time}
            onChange={(event) => set('time')(event.target.value)}
          />
        </SchoolField>
      </div>
      <button type="submit" className="btn btn-primary rounded-pill" disabled={create.isPending}>
        Add exam
      </button>
    </form>
  );
}
