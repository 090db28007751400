import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateStudentClassBodySchema } from '../../../../shared/api/school.js';
import { SCHOOL_DAYS } from '../../../../shared/constants.js';
import { FieldMessage } from '../../../components/forms/FieldMessage.js';
import { Modal } from '../../../components/ui/Modal.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { useClasses } from '../../../lib/school/get-classes.js';
import { useSubjects } from '../../../lib/school/get-subjects.js';
import { useTimeSlots } from '../../../lib/school/get-time-slots.js';
import { useCreateClassAssignment } from '../api/create-class-assignment.js';
import { useTeachers } from '../api/get-teachers.js';

/** The modal's form: the selects hold ids as text, the shared body schema turns them into numbers. */
const AddClassFormSchema = CreateStudentClassBodySchema.required({ days: true });
type AddClassFormInput = z.input<typeof AddClassFormSchema>;
type AddClassForm = z.output<typeof AddClassFormSchema>;

const EMPTY_FORM: AddClassFormInput = {
  teacherid: '',
  classesid: '',
  subjectid: '',
  timeid: '',
  days: [...SCHOOL_DAYS],
};

export interface AddClassModalProps {
  onClose: () => void;
}

/**
 * The Add Class Details modal (docs/contract/product.md#school-screens,
 * docs/contract/fixes-and-gaps.md#fix-10): teacher, class, subject, time and the days of the week, then Save
 * changes or Close. Success (200) alerts and closes; any failure alerts 'Failed to add class details', and a
 * timetable clash (409) also says what clashed.
 */
export function AddClassModal({ onClose }: AddClassModalProps) {
  const { t } = useI18n();
  const id = useId();
  const [clash, setClash] = useState<string | undefined>();
  const teachers = useTeachers();
  const classes = useClasses();
  const subjects = useSubjects();
  const timeSlots = useTimeSlots();
  const create = useCreateClassAssignment();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddClassFormInput, unknown, AddClassForm>({
    resolver: zodResolver(AddClassFormSchema),
    defaultValues: EMPTY_FORM,
  });

  const onSubmit = (values: AddClassForm): void => {
    setClash(undefined);
    create.mutate(
      {
        teacherId: values.teacherid,
        classId: values.classesid,
        subjectId: values.subjectid,
        timeSlotId: values.timeid,
        days: values.days,
      },
      {
        onSuccess: () => {
          window.alert(t('common.toast.classAdded'));
          onClose();
        },
        onError: (error) => {
          console.error('Could not add the class details:', error);
          if (isApiError(error) && error.status === 409) setClash(error.message);
          window.alert(t('common.toast.classAddFailed'));
        },
      },
    );
  };

  const field = (name: 'teacherid' | 'classesid' | 'subjectid' | 'timeid') => ({
    id: `${id}-${name}`,
    className: `form-select${errors[name] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...register(name),
  });
  const fieldError = (name: 'teacherid' | 'classesid' | 'subjectid' | 'timeid') => (
    <FieldMessage id={`${id}-${name}-error`} message={errors[name]?.message} />
  );
  const optionsFailed = [teachers, classes, subjects, timeSlots].some((q) => q.isError);

  return (
    <Modal
      labelledBy={`${id}-title`}
      busy={create.isPending}
      onClose={onClose}
      className="school-modal"
      dialogClassName="modal-dialog-scrollable"
    >
      <form className="modal-content" noValidate onSubmit={handleSubmit(onSubmit)}>
        <div className="modal-header">
          <h2 id={`${id}-title`} className="modal-title h3">
            {t('timetable.add.title')}
          </h2>
        </div>
        <div className="modal-body">
          {optionsFailed ? (
            <p className="school-state school-state--notice" role="alert">
              {t('timetable.add.optionsFailed')}
            </p>
          ) : null}
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-teacherid`}>
              {t('timetable.add.teacher')}
            </label>
            <select {...field('teacherid')}>
              <option value="">{t('timetable.add.teacherName')}</option>
              {teachers.data?.map((teacher) => (
                <option key={teacher.id} value={teacher.id}>
                  {teacher.name}
                </option>
              ))}
            </select>
            {fieldError('teacherid')}
          </div>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-classesid`}>
              {t('timetable.add.class')}
            </label>
            <select {...field('classesid')}>
              <option value="">{t('timetable.add.className')}</option>
              {classes.data?.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.name}
                </option>
              ))}
            </select>
            {fieldError('classesid')}
          </div>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-subjectid`}>
              {t('timetable.add.subject')}
            </label>
            <select {...field('subjectid')}>
              <option value="">{t('timetable.add.subjectName')}</option>
              {subjects.data?.map((subject) => (
                <option key={subject.id} value={subject.id}>
                  {subject.name}
                </option>
              ))}
            </select>
            {fieldError('subjectid')}
          </div>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-timeid`}>
              {t('timetable.add.time')}
            </label>
            <select {...field('timeid')}>
              <option value="">{t('timetable.add.selectTime')}</option>
              {timeSlots.data?.map((slot) => (
                <option key={slot.id} value={slot.id}>
                  {slot.label}
                </option>
              ))}
            </select>
            {fieldError('timeid')}
          </div>
          <fieldset className="school-days" aria-describedby={errors.days ? `${id}-days-error` : undefined}>
            <legend className="form-label">{t('timetable.add.days')}</legend>
            <div className="school-days__list">
              {SCHOOL_DAYS.map((day) => (
                <label key={day} className="school-days__day">
                  <input type="checkbox" className="form-check-input" value={day} {...register('days')} />
                  <span>{t(`common.day.${day}`)}</span>
                </label>
              ))}
            </div>
            {errors.days ? (
              <div id={`${id}-days-error`} className="invalid-feedback d-block">
                {errors.days.message}
              </div>
            ) : null}
          </fieldset>
          {clash ? (
            <p className="school-modal__clash" role="alert">
              {clash}
            </p>
          ) : null}
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-outline-primary rounded-pill px-4" onClick={onClose}>
            {t('timetable.add.close')}
          </button>
          <button type="submit" className="btn btn-primary rounded-pill px-4" disabled={create.isPending}>
            {create.isPending ? t('timetable.add.saving') : t('timetable.add.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
