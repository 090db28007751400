import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { z } from 'zod';
import { CreateExamBodySchema, EnrolBodySchema } from '../../../../shared/api/school-admin.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { SchoolDateField, SchoolField, SchoolSelect } from '../../../components/school/SchoolField.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { activePupilsQueryOptions } from '../../../lib/school/get-active-pupils.js';
import { classesQueryOptions } from '../../../lib/school/get-classes.js';
import { subjectsQueryOptions } from '../../../lib/school/get-subjects.js';
import { useTimeSlots } from '../../../lib/school/get-time-slots.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';
import { useCreateExam } from '../api/create-exam.js';
import { useEnrolPupil } from '../api/enrol-pupil.js';
import { LookupList } from './LookupList.js';
import { SeatsForm } from './SeatsForm.js';

const labelled = (rows: { id: number; name: string }[]) =>
  rows.map((row) => ({ id: row.id, label: row.name }));

/** The schema's problems, once each; a message that is a catalog key in the page's language. */
const issuesOf = ({ t, has }: Translator, error: { issues: { message: string }[] }) => [
  ...new Set(error.issues.map((i) => (has(i.message) ? t(i.message as Parameters<typeof t>[0]) : i.message))),
];

interface Save<T> {
  mutate: (body: T, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

/**
 * A set-up form's values and submit: the values are checked with the contract's schema first, then
 * saved; the problems of either show above the form, a save says `savedText`.
 */
function useSetupForm<T, V extends Record<string, string>>(
  initial: V,
  schema: z.ZodType<T>,
  save: Save<T>,
  savedText: string,
) {
  const translator = useI18n();
  const [values, setValues] = useState(initial);
  const set = (key: keyof V) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const [errors, setErrors] = useState<string[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesOf(translator, parsed.error));
      return;
    }
    setErrors([]);
    save.mutate(parsed.data, {
      onSuccess: () => notify.success(savedText),
      onError: (error) => setErrors(saveErrorLines(error)),
    });
  };
  return { values, set, errors, submit };
}

interface SetupFormProps {
  id: string;
  title: string;
  errors: string[];
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  submitText: string;
  /** The form's fields, in one toolbar row. */
  children: ReactNode;
}

/** One set-up form: its title, the problems, the fields, then the submit button. */
function SetupForm({ id, title, errors, onSubmit, pending, submitText, children }: SetupFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        {title}
      </h3>
      <ErrorLines lines={errors} />
      <div className="attendance-toolbar mb-2">{children}</div>
      <button type="submit" className="btn btn-primary rounded-pill" disabled={pending}>
        {submitText}
      </button>
    </form>
  );
}

/** /school-setup: the principal's classes, subjects and time slots, enrolments, exams and seats. */
export function SchoolSetupScreen() {
  const { t } = useI18n();
  const classes = useQuery({ ...classesQueryOptions(), select: labelled });
  const subjects = useQuery({ ...subjectsQueryOptions(), select: labelled });
  const slots = useTimeSlots();
  return (
    <SchoolPanel title={t('school-setup.title')} lead={t('school-setup.lead')}>
      <div className="row g-4">
        <div className="col-lg-4">
          <LookupList kind="classes" query={classes} />
        </div>
        <div className="col-lg-4">
          <LookupList kind="subjects" query={subjects} />
        </div>
        <div className="col-lg-4">
          <LookupList kind="time-slots" query={slots} />
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
      <div className="row g-4">
        <div className="col-12">
          <SeatsForm />
        </div>
      </div>
    </SchoolPanel>
  );
}

function EnrolForm() {
  const id = useId();
  const { t } = useI18n();
  const pupils = useQuery({
    ...activePupilsQueryOptions(),
    select: (rows) =>
      rows.map((row) => ({
        id: row.id,
        label: row.className
          ? t('school-setup.enrol.pupilInClass', { name: row.name, className: row.className })
          : row.name,
      })),
  });
  const classes = useQuery({ ...classesQueryOptions(), select: labelled });
  const enrol = useEnrolPupil();
  const { values, set, errors, submit } = useSetupForm(
    { studentId: '', classId: '' },
    EnrolBodySchema,
    enrol,
    t('school-setup.enrol.saved'),
  );

  return (
    <SetupForm
      id={id}
      title={t('school-setup.enrol.title')}
      errors={errors}
      onSubmit={submit}
      pending={enrol.isPending}
      submitText={t('school-setup.enrol.submit')}
    >
      <SchoolSelect
        id={`${id}-pupil`}
        label={t('school-setup.enrol.pupil')}
        placeholder={t('school-setup.enrol.pupilPlaceholder')}
        value={values.studentId}
        onChange={set('studentId')}
        options={pupils.data}
      />
      <SchoolSelect
        id={`${id}-class`}
        label={t('school-setup.enrol.class')}
        placeholder={t('school-setup.enrol.classPlaceholder')}
        value={values.classId}
        onChange={set('classId')}
        options={classes.data}
      />
    </SetupForm>
  );
}

function ExamForm() {
  const id = useId();
  const { t } = useI18n();
  const classes = useQuery({ ...classesQueryOptions(), select: labelled });
  const subjects = useQuery({ ...subjectsQueryOptions(), select: labelled });
  const create = useCreateExam();
  const { values, set, errors, submit } = useSetupForm(
    { classId: '', subjectId: '', date: '', time: '' },
    CreateExamBodySchema,
    create,
    t('school-setup.exam.saved'),
  );

  return (
    <SetupForm
      id={id}
      title={t('school-setup.exam.title')}
      errors={errors}
      onSubmit={submit}
      pending={create.isPending}
      submitText={t('school-setup.exam.submit')}
    >
      <SchoolSelect
        id={`${id}-class`}
        label={t('school-setup.exam.class')}
        placeholder={t('school-setup.exam.classPlaceholder')}
        value={values.classId}
        onChange={set('classId')}
        options={classes.data}
      />
      <SchoolSelect
        id={`${id}-subject`}
        label={t('school-setup.exam.subject')}
        placeholder={t('school-setup.exam.subjectPlaceholder')}
        value={values.subjectId}
        onChange={set('subjectId')}
        options={subjects.data}
      />
      <SchoolDateField
        id={`${id}-date`}
        label={t('school-setup.exam.date')}
        value={values.date}
        onChange={set('date')}
      />
      <SchoolField id={`${id}-time`} label={t('school-setup.exam.time')}>
        <input
          id={`${id}-time`}
          className="form-control"
          placeholder="09:00 - 11:00"
          value={values.time}
          onChange={(event) => set('time')(event.target.value)}
        />
      </SchoolField>
    </SetupForm>
  );
}
