import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import { type AdmissionMoveInput, AdmissionMoveInputSchema } from '../../../../shared/api/admissions.js';
import { ADMISSIONS_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import type { AdmissionStage } from '../../../../shared/rules/admission-stages.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, showFieldErrors, topLevelField } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { useMoveCase } from '../api/admissions.js';
import { Field, withoutEmpty } from './fields.js';

interface MoveValues {
  to: AdmissionStage;
  visitDate: string;
  visitTime: string;
  offerDeadline: string;
  closeReason: string;
  note: string;
}

const FIELDS = [
  'visitDate',
  'visitTime',
  'offerDeadline',
  'closeReason',
  'note',
] as const satisfies readonly Path<MoveValues>[];

/** The shared schema of a move, over the form's text boxes (an empty one is left out). */
const MoveFormSchema = z.preprocess(withoutEmpty, AdmissionMoveInputSchema);

/**
 * One move of a case (docs/decisions/0102-the-admissions-pipeline.md): a visit needs its date and
 * time, an offer its last day to reply, a close its reason; any move may carry a note. Checked by
 * the shared schema here and again by the server; a 409 MOVE_NOT_ALLOWED (the case moved meanwhile)
 * is said under the form.
 */
export function MoveForm({
  caseId,
  to,
  onMoved,
  onCancel,
}: {
  caseId: number;
  to: AdmissionStage;
  onMoved: (stage: AdmissionStage) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { t } = useI18n();
  const move = useMoveCase(caseId);
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<MoveValues, unknown, AdmissionMoveInput>({
    resolver: zodResolver(MoveFormSchema as unknown as typeof AdmissionMoveInputSchema) as never,
    defaultValues: { to, visitDate: '', visitTime: '', offerDeadline: '', closeReason: '', note: '' },
  });

  // The form opens where its button was: the keyboard goes on into its first field.
  useEffect(() => {
    setFocus(
      to === 'visit'
        ? 'visitDate'
        : to === 'offered'
          ? 'offerDeadline'
          : to === 'closed'
            ? 'closeReason'
            : 'note',
    );
  }, [setFocus, to]);

  const submit = async (input: AdmissionMoveInput) => {
    setProblems([]);
    try {
      const answer = await move.mutateAsync(input);
      onMoved(answer.data.stage);
    } catch (error) {
      if (isApiError(error) && error.code === ADMISSIONS_ERROR_CODES.moveNotAllowed) {
        setProblems([t('admissions.moves.notAllowed')]);
        return;
      }
      const shown = showFieldErrors(fieldErrorsOf(error), setError, topLevelField<MoveValues>(FIELDS));
      if (shown === 0) setProblems(saveErrorLines(error));
    }
  };

  const field = (name: (typeof FIELDS)[number], label: string, type = 'text') => (
    <Field
      id={`${id}-${name}`}
      label={label}
      type={type}
      error={errors[name]}
      registration={register(name)}
      as={name === 'note' ? 'textarea' : 'input'}
      className={name === 'note' || name === 'closeReason' ? 'admissions-form__wide' : undefined}
    />
  );

  return (
    <form
      className="admissions-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit(submit)}
    >
      <h4 id={`${id}-title`} className="h6">
        {t(`admissions.moves.to.${to as Exclude<AdmissionStage, 'enrolled'>}`)}
      </h4>
      <input type="hidden" {...register('to')} />
      <div className="admissions-form__grid">
        {to === 'visit' ? (
          <>
            {field('visitDate', t('admissions.moves.visitDate'), 'date')}
            {field('visitTime', t('admissions.moves.visitTime'), 'time')}
          </>
        ) : null}
        {to === 'offered' ? field('offerDeadline', t('admissions.moves.offerDeadline'), 'date') : null}
        {to === 'closed' ? field('closeReason', t('admissions.moves.closeReason')) : null}
        {field('note', t('admissions.moves.note'))}
      </div>
      <ErrorLines lines={problems} />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary rounded-pill" disabled={isSubmitting}>
          {isSubmitting ? t('admissions.moves.saving') : t('admissions.moves.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary rounded-pill" onClick={onCancel}>
          {t('admissions.moves.cancel')}
        </button>
      </div>
    </form>
  );
}
