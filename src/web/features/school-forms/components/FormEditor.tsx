import { type FormEvent, useId, useState } from 'react';
import {
  QUESTION_KINDS,
  type QuestionKind,
  SCHOOL_FORM_LIMITS,
  type SchoolFormInput,
  SchoolFormInputSchema,
} from '../../../../shared/api/school-forms.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { SchoolField } from '../../../components/school/SchoolField.js';
import { useI18n } from '../../../lib/i18n.js';
import { useClasses } from '../../../lib/school/get-classes.js';
import { inPageWords } from './words.js';

/** A question while it is written: its options as the lines of one text box. */
interface QuestionDraft {
  key: number;
  kind: QuestionKind;
  prompt: string;
  required: boolean;
  options: string;
}

export interface FormEditorValues {
  title: string;
  description: string;
  wholeSchool: boolean;
  classIds: number[];
  dueOn: string;
  questions: { kind: QuestionKind; prompt: string; required: boolean; options: string[] }[];
  trip: boolean;
}

let nextKey = 1;
const blankQuestion = (kind: QuestionKind = 'yes-no'): QuestionDraft => ({
  key: nextKey++,
  kind,
  prompt: '',
  required: true,
  options: '',
});

/** The body the drafts send: a choice question's options from its lines, others none. */
export function formInputOf(values: {
  title: string;
  description: string;
  wholeSchool: boolean;
  classIds: readonly number[];
  dueOn: string;
  questions: readonly Omit<QuestionDraft, 'key'>[];
  trip: boolean;
}): SchoolFormInput {
  return {
    title: values.title,
    description: values.description,
    wholeSchool: values.wholeSchool,
    classIds: values.wholeSchool ? [] : [...values.classIds],
    dueOn: values.dueOn,
    questions: values.questions.map((question) => ({
      kind: question.kind,
      prompt: question.prompt,
      required: question.required,
      options:
        question.kind === 'choice'
          ? question.options
              .split('\n')
              .map((line) => line.trim())
              .filter((line) => line !== '')
          : [],
    })),
    trip: values.trip,
  };
}

/**
 * The principal's form editor (docs/decisions/0099-forms-and-permission-slips.md): title,
 * description, audience, due date and the questions. Checked here with the server's schema before
 * it is sent; `serverErrors` are what the server said of the last save.
 */
export function FormEditor({
  initial,
  saving,
  serverErrors,
  onSave,
}: {
  initial?: FormEditorValues;
  saving: boolean;
  serverErrors: readonly string[];
  onSave: (input: SchoolFormInput) => void;
}) {
  const translator = useI18n();
  const { t } = translator;
  const id = useId();
  const classes = useClasses();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [wholeSchool, setWholeSchool] = useState(initial?.wholeSchool ?? false);
  const [classIds, setClassIds] = useState<number[]>(initial?.classIds ?? []);
  const [dueOn, setDueOn] = useState(initial?.dueOn ?? '');
  const [trip, setTrip] = useState(initial?.trip ?? false);
  const [questions, setQuestions] = useState<QuestionDraft[]>(
    initial?.questions.map((question) => ({
      key: nextKey++,
      kind: question.kind,
      prompt: question.prompt,
      required: question.required,
      options: question.options.join('\n'),
    })) ?? [blankQuestion()],
  );
  const [errors, setErrors] = useState<string[]>([]);

  const change = (key: number, patch: Partial<QuestionDraft>) =>
    setQuestions((all) =>
      all.map((question) => (question.key === key ? { ...question, ...patch } : question)),
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = formInputOf({ title, description, wholeSchool, classIds, dueOn, questions, trip });
    const parsed = SchoolFormInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((issue) => inPageWords(translator, issue.message)))]);
      return;
    }
    setErrors([]);
    onSave(input);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="school-form-editor">
      <ErrorLines lines={[...errors, ...serverErrors]} />
      <SchoolField id={`${id}-title`} label={t('school-forms.editor.title')} className="mb-3">
        <input
          id={`${id}-title`}
          className="form-control"
          value={title}
          maxLength={SCHOOL_FORM_LIMITS.title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </SchoolField>
      <SchoolField id={`${id}-description`} label={t('school-forms.editor.description')} className="mb-3">
        <textarea
          id={`${id}-description`}
          className="form-control"
          rows={3}
          maxLength={SCHOOL_FORM_LIMITS.description}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </SchoolField>
      <fieldset className="mb-3">
        <legend className="school-field__label fs-6">{t('school-forms.editor.audience')}</legend>
        {[true, false].map((whole) => (
          <div key={String(whole)} className="form-check form-check-inline">
            <input
              id={`${id}-whole-${whole}`}
              className="form-check-input"
              type="radio"
              name={`${id}-audience`}
              checked={wholeSchool === whole}
              onChange={() => setWholeSchool(whole)}
            />
            <label className="form-check-label" htmlFor={`${id}-whole-${whole}`}>
              {whole ? t('school-forms.editor.wholeSchool') : t('school-forms.editor.classes')}
            </label>
          </div>
        ))}
      </fieldset>
      {wholeSchool ? null : (
        <fieldset className="mb-3">
          <legend className="school-field__label fs-6">{t('school-forms.editor.chooseClasses')}</legend>
          <div className="d-flex flex-wrap gap-3">
            {(classes.data ?? []).map((schoolClass) => (
              <div key={schoolClass.id} className="form-check">
                <input
                  id={`${id}-class-${schoolClass.id}`}
                  className="form-check-input"
                  type="checkbox"
                  checked={classIds.includes(schoolClass.id)}
                  onChange={(event) =>
                    setClassIds((chosen) =>
                      event.target.checked
                        ? [...chosen, schoolClass.id]
                        : chosen.filter((classId) => classId !== schoolClass.id),
                    )
                  }
                />
                <label className="form-check-label" htmlFor={`${id}-class-${schoolClass.id}`}>
                  {schoolClass.name}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      )}
      <SchoolField id={`${id}-due`} label={t('school-forms.editor.dueOn')} className="mb-3">
        <input
          id={`${id}-due`}
          type="date"
          className="form-control school-form-editor__date"
          value={dueOn}
          onChange={(event) => setDueOn(event.target.value)}
        />
      </SchoolField>
      <div className="form-check mb-3">
        <input
          id={`${id}-trip`}
          className="form-check-input"
          type="checkbox"
          checked={trip}
          aria-describedby={`${id}-trip-help`}
          onChange={(event) => {
            setTrip(event.target.checked);
            // A trip's first question is its permission: a required yes or no.
            if (event.target.checked)
              setQuestions((all) =>
                all.map((question, index) =>
                  index === 0 ? { ...question, kind: 'yes-no', required: true, options: '' } : question,
                ),
              );
          }}
        />
        <label className="form-check-label" htmlFor={`${id}-trip`}>
          {t('school-forms.editor.trip')}
        </label>
        <div id={`${id}-trip-help`} className="form-text">
          {t('school-forms.editor.tripHelp')}
        </div>
      </div>
      <h3 className="h5 mt-4">{t('school-forms.editor.questions')}</h3>
      <ol className="list-unstyled d-grid gap-3">
        {questions.map((question, index) => {
          const number = index + 1;
          const qid = `${id}-q${question.key}`;
          return (
            <li key={question.key} className="card">
              <fieldset className="card-body">
                <legend className="h6">{t('school-forms.editor.question', { number })}</legend>
                <SchoolField id={`${qid}-kind`} label={t('school-forms.editor.kind')} className="mb-2">
                  <select
                    id={`${qid}-kind`}
                    className="form-select"
                    value={question.kind}
                    disabled={trip && index === 0}
                    onChange={(event) => change(question.key, { kind: event.target.value as QuestionKind })}
                  >
                    {QUESTION_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`school-forms.editor.kind.${kind}`)}
                      </option>
                    ))}
                  </select>
                </SchoolField>
                <SchoolField id={`${qid}-prompt`} label={t('school-forms.editor.prompt')} className="mb-2">
                  <input
                    id={`${qid}-prompt`}
                    className="form-control"
                    maxLength={SCHOOL_FORM_LIMITS.prompt}
                    value={question.prompt}
                    onChange={(event) => change(question.key, { prompt: event.target.value })}
                  />
                </SchoolField>
                {question.kind === 'choice' ? (
                  <SchoolField
                    id={`${qid}-options`}
                    label={t('school-forms.editor.options')}
                    className="mb-2"
                  >
                    <textarea
                      id={`${qid}-options`}
                      className="form-control"
                      rows={3}
                      value={question.options}
                      onChange={(event) => change(question.key, { options: event.target.value })}
                    />
                  </SchoolField>
                ) : null}
                <div className="d-flex flex-wrap gap-3 align-items-center justify-content-between">
                  <div className="form-check">
                    <input
                      id={`${qid}-required`}
                      className="form-check-input"
                      type="checkbox"
                      checked={question.required}
                      disabled={trip && index === 0}
                      onChange={(event) => change(question.key, { required: event.target.checked })}
                    />
                    <label className="form-check-label" htmlFor={`${qid}-required`}>
                      {t('school-forms.editor.required')}
                    </label>
                  </div>
                  {questions.length > 1 && !(trip && index === 0) ? (
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm rounded-pill"
                      onClick={() => setQuestions((all) => all.filter((q) => q.key !== question.key))}
                    >
                      {t('school-forms.editor.removeQuestion', { number })}
                    </button>
                  ) : null}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        {questions.length < SCHOOL_FORM_LIMITS.questions ? (
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill"
            onClick={() => setQuestions((all) => [...all, blankQuestion()])}
          >
            {t('school-forms.editor.addQuestion')}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary rounded-pill" disabled={saving}>
          {saving ? t('school-forms.editor.saving') : t('school-forms.editor.save')}
        </button>
      </div>
    </form>
  );
}
