import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  type EnrolmentAnswer,
  type EnrolmentInput,
  EnrolmentInputSchema,
} from '../../../../shared/api/admission-enrolment.js';
import { GENDERS } from '../../../../shared/constants.js';
import { formatMoney } from '../../../../shared/rules/money.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { fieldErrorsOf, showFieldErrors, topLevelField } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { useClassSeats } from '../../../lib/school/get-class-seats.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { useEnrol } from '../api/admissions.js';
import { Field, withoutEmpty } from './fields.js';

interface EnrolValues {
  classId: string;
  startDate: string;
  pupilEmail: string;
  gender: string;
}

const FIELDS = [
  'classId',
  'startDate',
  'pupilEmail',
  'gender',
] as const satisfies readonly Path<EnrolValues>[];

/** The shared schema of an enrolment, over the form's boxes (an empty one is left out: the default holds). */
const EnrolFormSchema = z.preprocess(withoutEmpty, EnrolmentInputSchema);

/** What the enrolment made, said once it is done. */
export function EnrolmentDone({ done }: { done: EnrolmentAnswer }) {
  const { t, locale } = useI18n();
  return (
    <div className="alert alert-success" role="status">
      <p className="fw-bold mb-1">
        {t('admissions.enrol.done', {
          name: done.pupilName,
          className: done.className,
          date: done.startDate,
        })}
      </p>
      <ul className="mb-1">
        {done.guardians.map((guardian) => (
          <li key={guardian.parentId}>
            {t(
              guardian.account === 'new' ? 'admissions.enrol.guardianNew' : 'admissions.enrol.guardianLinked',
              {
                name: guardian.name,
                email: guardian.email,
              },
            )}
          </li>
        ))}
      </ul>
      <p className="mb-0">
        {done.fees.invoices.length > 0
          ? t('admissions.enrol.fees', {
              term: done.fees.term?.name ?? '',
              amounts: done.fees.invoices
                .map(
                  (invoice) => `${invoice.planName}: ${formatMoney(invoice.total, invoice.currency, locale)}`,
                )
                .join(', '),
            })
          : t(done.fees.noFeesReason === 'no-term' ? 'admissions.enrol.noTerm' : 'admissions.enrol.noPlan')}
      </p>
    </div>
  );
}

/**
 * Enrols an accepted case in one step (docs/decisions/0104-enrolment-in-one-step.md): everything
 * comes from the family's application; the principal may change the class and start date, and give
 * the pupil a sign-in email. A refusal (a full class, an email of a staff account) is said under the
 * form and nothing is made.
 */
export function EnrolForm({
  caseId,
  classId,
  yearId,
  startDate,
  onDone,
  onCancel,
}: {
  caseId: number;
  classId: number | null;
  yearId: number | null;
  startDate: string | undefined;
  onDone: (answer: EnrolmentAnswer) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { t } = useI18n();
  const enrol = useEnrol(caseId);
  const classes = useClassSeats(yearId ?? undefined).data?.data.classes ?? [];
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<EnrolValues, unknown, EnrolmentInput>({
    resolver: zodResolver(EnrolFormSchema as unknown as typeof EnrolmentInputSchema) as never,
    defaultValues: {
      classId: classId === null ? '' : String(classId),
      startDate: startDate ?? '',
      pupilEmail: '',
      gender: '',
    },
  });

  useEffect(() => setFocus('startDate'), [setFocus]);

  const submit = async (input: EnrolmentInput) => {
    setProblems([]);
    try {
      onDone((await enrol.mutateAsync(input)).data);
    } catch (error) {
      const shown = showFieldErrors(fieldErrorsOf(error), setError, topLevelField<EnrolValues>(FIELDS));
      if (shown === 0) setProblems(saveErrorLines(error));
    }
  };

  return (
    <form
      className="admissions-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit(submit)}
    >
      <h4 id={`${id}-title`} className="h6">
        {t('admissions.enrol.title')}
      </h4>
      <p>{t('admissions.enrol.lead')}</p>
      <div className="admissions-form__grid">
        <Field
          id={`${id}-classId`}
          label={t('admissions.enrol.class')}
          as="select"
          error={errors.classId}
          registration={register('classId')}
        >
          {classId === null ? <option value="">{t('admissions.enrol.chooseClass')}</option> : null}
          {classes.map((row) => (
            <option key={row.classId} value={row.classId}>
              {row.free === null
                ? row.className
                : t('admissions.enrol.classFree', { name: row.className, count: row.free })}
            </option>
          ))}
          {classId !== null && !classes.some((row) => row.classId === classId) ? (
            <option value={classId}>{t('admissions.enrol.caseClass')}</option>
          ) : null}
        </Field>
        <Field
          id={`${id}-startDate`}
          label={t('admissions.enrol.startDate')}
          type="date"
          error={errors.startDate}
          registration={register('startDate')}
        />
        <Field
          id={`${id}-pupilEmail`}
          label={t('admissions.enrol.pupilEmail')}
          type="email"
          autoComplete="off"
          error={errors.pupilEmail}
          registration={register('pupilEmail')}
        />
        <Field
          id={`${id}-gender`}
          label={t('admissions.enrol.gender')}
          as="select"
          error={errors.gender}
          registration={register('gender')}
        >
          <option value="">{t('admissions.enrol.genderNotSaid')}</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(`common.gender.${gender}`)}
            </option>
          ))}
        </Field>
      </div>
      <ErrorLines lines={problems} />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary rounded-pill" disabled={isSubmitting}>
          {isSubmitting ? t('admissions.enrol.saving') : t('admissions.enrol.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary rounded-pill" onClick={onCancel}>
          {t('admissions.moves.cancel')}
        </button>
      </div>
    </form>
  );
}
