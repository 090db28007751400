import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { CreateExamBodySchema, EnrolBodySchema } from '../../../../shared/api/school-admin.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { classesQueryOptions, useClasses } from '../../../lib/school/get-classes.js';
import { subjectsQueryOptions, useSubjects } from '../../../lib/school/get-subjects.js';
import { useTimeSlots } from '../../../lib/school/get-time-slots.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';
import { useCreateExam } from '../api/create-exam.js';
import { useEnrolPupil } from '../api/enrol-pupil.js';
import { useActivePupils } from '../api/get-pupils.js';
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

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="school-field">
      <label className="school-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

const issuesOf = (error: { issues: { message: string }[] }) => [
  ...new Set(error.issues.map((i) => i.message)),
];

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
  const pupils = useActivePupils();
  const classes = useClasses();
  const enrol = useEnrolPupil();
  const [studentId, setStudentId] = useState('');
  const [classId, setClassId] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = EnrolBodySchema.safeParse({ studentId, classId });
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error));
      return;
    }
    setErrors([]);
    enrol.mutate(parsed.data, {
      onSuccess: () => notify.success('The pupil is in the class now.'),
      onError: (error) => setErrors(saveErrorLines(error)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        Enrol a pupil
      </h3>
      <Errors lines={errors} />
      <div className="attendance-toolbar mb-2">
        <Field id={`${id}-pupil`} label="Pupil">
          <select
            id={`${id}-pupil`}
            className="form-select"
            value={studentId}
            onChange={(event) => setStudentId(event.target.value)}
          >
            <option value="">Choose a pupil</option>
            {(pupils.data ?? []).map((row) => (
              <option key={row.id} value={row.id}>
                {row.className ? `${row.name} (${row.className})` : row.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-class`} label="Class">
          <select
            id={`${id}-class`}
            className="form-select"
            value={classId}
            onChange={(event) => setClassId(event.target.value)}
          >
            <option value="">Choose a class</option>
            {(classes.data ?? []).map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <button type="submit" className="btn btn-primary rounded-pill" disabled={enrol.isPending}>
        Enrol
      </button>
    </form>
  );
}

function ExamForm() {
  const id = useId();
  const classes = useClasses();
  const subjects = useSubjects();
  const create = useCreateExam();
  const [values, setValues] = useState({ classId: '', subjectId: '', date: '', time: '' });
  const [errors, setErrors] = useState<string[]>([]);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateExamBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error));
      return;
    }
    setErrors([]);
    create.mutate(parsed.data, {
      onSuccess: () => notify.success('Exam added.'),
      onError: (error) => setErrors(saveErrorLines(error)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        Add an exam
      </h3>
      <Errors lines={errors} />
      <div className="attendance-toolbar mb-2">
        <Field id={`${id}-class`} label="Exam class">
          <select id={`${id}-class`} className="form-select" value={values.classId} onChange={set('classId')}>
            <option value="">Choose a class</option>
            {(classes.data ?? []).map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-subject`} label="Exam subject">
          <select
            id={`${id}-subject`}
            className="form-select"
            value={values.subjectId}
            onChange={set('subjectId')}
          >
            <option value="">Choose a subject</option>
            {(subjects.data ?? []).map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-date`} label="Date">
          <input
            id={`${id}-date`}
            type="date"
            className="form-control"
            value={values.date}
            onChange={set('date')}
          />
        </Field>
        <Field id={`${id}-time`} label="Time">
          <input
            id={`${id}-time`}
            className="form-control"
            placeholder="09:00 - 11:00"
            value={values.time}
            onChange={set('time')}
          />
        </Field>
      </div>
      <button type="submit" className="btn btn-primary rounded-pill" disabled={create.isPending}>
        Add exam
      </button>
    </form>
  );
}
