import { type FormEvent, useId, useState } from 'react';
import {
  answerProblems,
  type FamilyForm,
  type FamilyFormChild,
  type Question,
  type QuestionAnswer,
  SCHOOL_FORM_LIMITS,
  SCHOOL_FORM_MESSAGES,
} from '../../../../shared/api/school-forms.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { formatWhen, longDate, useSchoolTimeZone } from '../../../lib/school-time.js';
import { useAnswerSchoolForm, useFamilyForm } from '../api/school-forms.js';
import { inPageWords } from './words.js';

type Values = Record<number, string | boolean | undefined>;

function QuestionField({
  question,
  value,
  onChange,
  idPrefix,
}: {
  question: Question;
  value: string | boolean | undefined;
  onChange: (value: string | boolean) => void;
  idPrefix: string;
}) {
  const { t } = useI18n();
  const id = `${idPrefix}-q${question.id}`;
  const label = (
    <>
      {question.prompt}
      {question.required ? null : <span className="text-muted"> {t('school-forms.family.optional')}</span>}
    </>
  );
  if (question.kind === 'text') {
    return (
      <div className="school-field mb-3">
        <label className="school-field__label" htmlFor={id}>
          {label}
        </label>
        <textarea
          id={id}
          className="form-control"
          rows={3}
          maxLength={SCHOOL_FORM_LIMITS.textAnswer}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    );
  }
  const choices: [string, string | boolean][] =
    question.kind === 'yes-no'
      ? [
          [t('school-forms.yes'), true],
          [t('school-forms.no'), false],
        ]
      : question.options.map((option) => [option, option]);
  return (
    <fieldset className="mb-3">
      <legend className="school-field__label fs-6">{label}</legend>
      {choices.map(([text, choice], index) => (
        <div key={String(choice)} className="form-check school-form__choice">
          <input
            id={`${id}-${index}`}
            className="form-check-input"
            type="radio"
            name={id}
            checked={value === choice}
            onChange={() => onChange(choice)}
          />
          <label className="form-check-label" htmlFor={`${id}-${index}`}>
            {text}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** The answers as sent: one per question with a value. */
const answersOf = (questions: readonly Question[], values: Values): QuestionAnswer[] =>
  questions.flatMap((question) => {
    const value = values[question.id];
    return value === undefined ? [] : [{ questionId: question.id, value }];
  });

/** One child's part of the form: what was answered, and the form to answer and sign while it is open. */
function ChildAnswer({ form, child }: { form: FamilyForm; child: FamilyFormChild }) {
  const translator = useI18n();
  const { t, locale } = translator;
  const timeZone = useSchoolTimeZone();
  const id = useId();
  const answer = useAnswerSchoolForm(form.id);
  const mine = child.answer?.byMe ? child.answer : undefined;
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries((mine?.answers ?? []).map((a) => [a.questionId, a.value])),
  );
  const [signedName, setSignedName] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const answers = answersOf(form.questions, values);
    const problems = [
      ...(signedName.trim() === '' ? [{ message: SCHOOL_FORM_MESSAGES.signedName }] : []),
      ...answerProblems(form.questions, answers).map((problem) => {
        const question = form.questions.find((q) => `answers.${q.id}` === problem.field);
        return { message: `${question?.prompt ?? ''}: ${inPageWords(translator, problem.message)}` };
      }),
    ];
    if (problems.length > 0) {
      setErrors(problems.map((problem) => inPageWords(translator, problem.message)));
      return;
    }
    setErrors([]);
    answer.mutate(
      { studentId: child.studentId, input: { signedName: signedName.trim(), answers } },
      {
        onSuccess: () => {
          setSaved(true);
          setSignedName('');
        },
        onError: (error) => setErrors(saveErrorLines(error)),
      },
    );
  };

  const when = child.answer ? formatWhen(child.answer.answeredAt, timeZone, locale) : '';
  return (
    <section className="card mb-3" aria-labelledby={`${id}-child`}>
      <div className="card-body">
        <h3 id={`${id}-child`} className="h5">
          {t('school-forms.family.forChild', { child: child.studentName })}
        </h3>
        {saved ? (
          <div className="alert alert-success" role="status">
            {t('school-forms.family.saved')}
          </div>
        ) : null}
        {mine ? (
          <p className="fw-bold">
            {t('school-forms.family.yourAnswer', { name: mine.signedName ?? '', when })}
          </p>
        ) : child.answer ? (
          <p className="fw-bold">
            {t('school-forms.family.otherAnswer', { name: child.answer.parentName, when })}
          </p>
        ) : null}
        {form.open ? (
          <form onSubmit={onSubmit} noValidate>
            <ErrorLines lines={errors} />
            {form.questions.map((question) => (
              <QuestionField
                key={question.id}
                idPrefix={id}
                question={question}
                value={values[question.id]}
                onChange={(value) => setValues((all) => ({ ...all, [question.id]: value }))}
              />
            ))}
            <div className="school-field mb-3">
              <label className="school-field__label" htmlFor={`${id}-sign`}>
                {t('school-forms.family.signature')}
              </label>
              <input
                id={`${id}-sign`}
                className="form-control"
                autoComplete="name"
                maxLength={SCHOOL_FORM_LIMITS.signedName}
                value={signedName}
                aria-describedby={`${id}-sign-help`}
                onChange={(event) => setSignedName(event.target.value)}
              />
              <div id={`${id}-sign-help`} className="form-text">
                {t('school-forms.family.signatureHelp')}
              </div>
            </div>
            <button type="submit" className="btn btn-primary rounded-pill" disabled={answer.isPending}>
              {answer.isPending ? t('school-forms.family.submitting') : t('school-forms.family.submit')}
            </button>
          </form>
        ) : (
          <p className="mb-0">
            {child.answer ? t('school-forms.family.closedAnswer') : t('school-forms.family.closedNoAnswer')}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * A form for a parent (docs/decisions/0099-forms-and-permission-slips.md): its description and due
 * date, then each of their children it goes to, answered or not; while it is open, the questions
 * and the typed name that signs the answer.
 */
export function FamilyFormScreen({ id }: { id: number }) {
  const { t, locale } = useI18n();
  const query = useFamilyForm(id);
  if (query.isPending) return <LoadingState text={t('school-forms.loading')} />;
  if (query.isError) return <FailureState error={query.error} retry={() => query.refetch()} />;
  const form = query.data.data;
  return (
    <SchoolPanel
      title={form.title}
      lead={
        form.open
          ? t('school-forms.due', { date: longDate(form.dueOn, { locale }) })
          : t('school-forms.status.closed')
      }
    >
      {form.description ? <p className="school-form__description">{form.description}</p> : null}
      {form.trip ? <p className="alert alert-info">{t('school-forms.family.tripNote')}</p> : null}
      {form.children.map((child) => (
        <ChildAnswer key={child.studentId} form={form} child={child} />
      ))}
    </SchoolPanel>
  );
}
