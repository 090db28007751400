import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import { type NewAdmissionCase, NewAdmissionCaseSchema } from '../../../../shared/api/admissions.js';
import { LOCALE_NAMES, LOCALES } from '../../../../shared/i18n/locales.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { fieldErrorsOf, showFieldErrors, topLevelField } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { useOpenCase } from '../api/admissions.js';
import { Field, withoutEmpty } from './fields.js';

interface NewCaseValues {
  childName: string;
  classId: string;
  yearId: string;
  familyName: string;
  email: string;
  phone: string;
  language: string;
  message: string;
}

const FIELDS = [
  'childName',
  'classId',
  'yearId',
  'familyName',
  'email',
  'phone',
  'language',
  'message',
] as const satisfies readonly Path<NewCaseValues>[];

export interface NewCaseChoices {
  classes: readonly { id: number; name: string }[];
  years: readonly { id: number; name: string }[];
  classId: number | undefined;
  yearId: number | undefined;
  /** The school's language, the mails' by default. */
  language: string;
}

/**
 * A new case (`POST admin/admissions/cases`): typed in by the principal, or opened from a contact
 * message (`enquiryId`: the server takes the family's name, email and message from it unless typed).
 * Checked by the shared schema here (ids from the selects as numbers, empty boxes left out) and again
 * by the server.
 */
export function NewCaseForm({
  choices,
  enquiryId,
  onOpened,
  onCancel,
}: {
  choices: NewCaseChoices;
  enquiryId: number | undefined;
  onOpened: (caseId: number, childName: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { t } = useI18n();
  const open = useOpenCase();
  const [problems, setProblems] = useState<string[]>([]);
  const schema = z.preprocess((values) => {
    const kept = withoutEmpty(values) as Record<string, unknown>;
    return {
      ...kept,
      ...(kept.classId === undefined ? {} : { classId: Number(kept.classId) }),
      ...(kept.yearId === undefined ? {} : { yearId: Number(kept.yearId) }),
      ...(enquiryId === undefined ? {} : { enquiryId }),
    };
  }, NewAdmissionCaseSchema);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewCaseValues, unknown, NewAdmissionCase>({
    resolver: zodResolver(schema as unknown as typeof NewAdmissionCaseSchema) as never,
    defaultValues: {
      childName: '',
      classId: choices.classId === undefined ? '' : String(choices.classId),
      yearId: choices.yearId === undefined ? '' : String(choices.yearId),
      familyName: '',
      email: '',
      phone: '',
      language: choices.language,
      message: '',
    },
  });

  const submit = async (input: NewAdmissionCase) => {
    setProblems([]);
    try {
      const answer = await open.mutateAsync(input);
      onOpened(answer.data.id, answer.data.childName);
    } catch (error) {
      const shown = showFieldErrors(fieldErrorsOf(error), setError, topLevelField<NewCaseValues>(FIELDS));
      if (shown === 0) setProblems(saveErrorLines(error));
    }
  };

  const optional = (label: string) =>
    enquiryId === undefined ? label : t('admissions.new.optional', { label });
  const text = (
    name: 'childName' | 'familyName' | 'email' | 'phone',
    label: string,
    type = 'text',
    autoComplete?: string,
  ) => (
    <Field
      id={`${id}-${name}`}
      label={label}
      type={type}
      autoComplete={autoComplete}
      error={errors[name]}
      registration={register(name)}
    />
  );

  return (
    <form
      className="admissions-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit(submit)}
    >
      <h3 id={`${id}-title`} className="h5">
        {t('admissions.new.heading')}
      </h3>
      <p>{enquiryId === undefined ? t('admissions.new.lead') : t('admissions.new.fromEnquiry')}</p>
      <div className="admissions-form__grid">
        {text('childName', t('admissions.new.childName'), 'text', 'off')}
        <Field
          id={`${id}-classId`}
          label={t('admissions.board.class')}
          as="select"
          error={errors.classId}
          registration={register('classId')}
        >
          <option value="">{t('validation.admissions.chooseClass')}</option>
          {choices.classes.map((row) => (
            <option key={row.id} value={row.id}>
              {row.name}
            </option>
          ))}
        </Field>
        <Field
          id={`${id}-yearId`}
          label={t('admissions.board.year')}
          as="select"
          error={errors.yearId}
          registration={register('yearId')}
        >
          <option value="">{t('validation.admissions.chooseYear')}</option>
          {choices.years.map((row) => (
            <option key={row.id} value={row.id}>
              {row.name}
            </option>
          ))}
        </Field>
        {text('familyName', optional(t('admissions.new.familyName')), 'text', 'off')}
        {text('email', optional(t('admissions.new.email')), 'email', 'off')}
        {text('phone', t('admissions.new.phone'), 'tel', 'off')}
        <Field
          id={`${id}-language`}
          label={t('admissions.new.language')}
          as="select"
          error={errors.language}
          registration={register('language')}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </Field>
        <Field
          id={`${id}-message`}
          label={t('admissions.new.message')}
          as="textarea"
          className="admissions-form__wide"
          error={errors.message}
          registration={register('message')}
        />
      </div>
      <ErrorLines lines={problems} />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary rounded-pill" disabled={isSubmitting}>
          {isSubmitting ? t('admissions.new.saving') : t('admissions.new.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary rounded-pill" onClick={onCancel}>
          {t('admissions.new.cancel')}
        </button>
      </div>
    </form>
  );
}
