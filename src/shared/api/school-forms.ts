import { z } from 'zod';
import { chosenIdSchema, pathIdSchema } from './ids.js';
import { IsoDateSchema } from './school.js';

/**
 * Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md): the principal
 * drafts a form for the families of some classes or of the whole school (a trip permission, a
 * consent, a questionnaire), sends it, reminds and closes it; one of each pupil's guardians answers
 * and signs with their typed name until the due date. Named "school form" to keep apart from the
 * public site's forms (enquiry, booking, registration).
 */

export const SCHOOL_FORM_STATUSES = ['draft', 'sent', 'closed'] as const;
export type SchoolFormStatus = (typeof SCHOOL_FORM_STATUSES)[number];

/** Yes or no; one of the question's options; a free text. */
export const QUESTION_KINDS = ['yes-no', 'choice', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const SCHOOL_FORM_LIMITS = {
  title: 200,
  description: 4000,
  questions: 30,
  prompt: 300,
  /** A choice question has from 2 to this many options. */
  options: 10,
  option: 100,
  classes: 50,
  textAnswer: 2000,
  signedName: 200,
} as const;

const L = SCHOOL_FORM_LIMITS;

/** The English sentences of the checks (validation catalog, `schoolForms.*`). */
export const SCHOOL_FORM_MESSAGES = {
  title: 'Enter the form’s title',
  titleTooLong: `Keep the title to ${L.title} characters`,
  descriptionTooLong: `Keep the description to ${L.description} characters`,
  dueOn: 'Enter the due date',
  audience: 'Choose the whole school or at least one class',
  chooseClass: 'Choose a class',
  classTwice: 'Each class can be chosen only once.',
  unknownClass: 'That class does not exist.',
  questions: 'Add at least one question',
  tooManyQuestions: `A form has at most ${L.questions} questions`,
  prompt: 'Enter the question',
  promptTooLong: `Keep a question to ${L.prompt} characters`,
  options: `A choice question needs from 2 to ${L.options} options`,
  option: 'Enter the option',
  optionTooLong: `Keep an option to ${L.option} characters`,
  optionTwice: 'Each option can be given only once.',
  noOptions: 'Only a choice question has options',
  signedName: 'Type your full name to sign',
  signedNameTooLong: `Keep the name to ${L.signedName} characters`,
  answerRequired: 'Answer this question',
  answerYesNo: 'Answer yes or no',
  answerChoice: 'Choose one of the options',
  answerText: `Keep the answer to ${L.textAnswer} characters`,
  unknownQuestion: 'That question is not on the form.',
  questionTwice: 'Each question can be answered only once.',
  notDraft: 'Only a draft can be changed, sent or deleted.',
  notSent: 'Only a sent form can be closed or reminded of.',
  notOpen: 'This form is closed for answers: its due date has passed or the school closed it.',
  tripQuestion:
    'A trip’s permission slip asks first, as a required yes or no question, whether the child may go',
} as const;

/**
 * A trip permission slip's first question asks whether the child may go: its yes or no is the
 * child's consent to the trip, kept in the consent ledger
 * (docs/decisions/0115-trips-in-the-consent-ledger.md).
 */
export const TRIP_QUESTION_ID = 1;

/** The yes or no a trip slip's answers give to its first question; undefined when there is none. */
export const tripAnswerOf = (
  answers: readonly { questionId: number; value: unknown }[],
): boolean | undefined => {
  const value = answers.find((answer) => answer.questionId === TRIP_QUESTION_ID)?.value;
  return typeof value === 'boolean' ? value : undefined;
};

const M = SCHOOL_FORM_MESSAGES;

const trimmedText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const QuestionInputSchema = z
  .object({
    kind: z.enum(QUESTION_KINDS),
    prompt: trimmedText(M.prompt, L.prompt, M.promptTooLong),
    required: z.boolean().default(true),
    /** Only a choice question's; empty otherwise. */
    options: z
      .array(trimmedText(M.option, L.option, M.optionTooLong))
      .max(L.options, M.options)
      .default([]),
  })
  .superRefine((question, ctx) => {
    if (question.kind === 'choice') {
      if (question.options.length < 2)
        ctx.addIssue({ code: 'custom', path: ['options'], message: M.options });
      if (new Set(question.options).size !== question.options.length)
        ctx.addIssue({ code: 'custom', path: ['options'], message: M.optionTwice });
    } else if (question.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: M.noOptions });
    }
  });
export type QuestionInput = z.input<typeof QuestionInputSchema>;

/** A question as stored and answered: numbered 1, 2, ... in the form's order. */
export const QuestionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
});
export type Question = z.infer<typeof QuestionSchema>;

/** `POST school-forms`, `PUT school-forms/:id` (a draft only): the whole form. */
export const SchoolFormInputSchema = z
  .object({
    title: trimmedText(M.title, L.title, M.titleTooLong),
    description: z.string().trim().max(L.description, M.descriptionTooLong).default(''),
    /** Every pupil of the school; else the pupils of `classIds`. */
    wholeSchool: z.boolean().default(false),
    classIds: z.array(chosenIdSchema(M.chooseClass)).max(L.classes, M.classTwice).default([]),
    dueOn: IsoDateSchema,
    questions: z.array(QuestionInputSchema).min(1, M.questions).max(L.questions, M.tooManyQuestions),
    /**
     * A trip permission slip: its first question, a required yes or no, asks whether the child may
     * go, and each answer's yes or no is kept as the child's consent to this trip.
     */
    trip: z.boolean().default(false),
  })
  .superRefine((form, ctx) => {
    const [first] = form.questions;
    if (form.trip && first && (first.kind !== 'yes-no' || first.required === false))
      ctx.addIssue({ code: 'custom', path: ['questions', 0, 'kind'], message: M.tripQuestion });
    if (!form.wholeSchool && form.classIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['classIds'], message: M.audience });
    if (new Set(form.classIds).size !== form.classIds.length)
      ctx.addIssue({ code: 'custom', path: ['classIds'], message: M.classTwice });
  });
export type SchoolFormInput = z.input<typeof SchoolFormInputSchema>;

export const FormClassSchema = z.object({ id: z.number().int(), name: z.string() });

/** What every view of a form shows. */
const FormFieldsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(SCHOOL_FORM_STATUSES),
  wholeSchool: z.boolean(),
  classes: z.array(FormClassSchema),
  dueOn: z.string(),
  /** Whether guardians may answer now: sent, and the school's today is not after the due date. */
  open: z.boolean(),
  /** A trip permission slip: question 1's yes or no is the child's consent to the trip. */
  trip: z.boolean(),
  questions: z.array(QuestionSchema),
});

/** One answer's value: yes/no a boolean, a choice the option's text, a text question the text. */
export const AnswerValueSchema = z.union([z.boolean(), z.string().max(L.textAnswer, M.answerText)]);
export const QuestionAnswerSchema = z.object({
  questionId: z.number().int().positive(),
  value: AnswerValueSchema,
});
export type QuestionAnswer = z.infer<typeof QuestionAnswerSchema>;

/** A pupil's answer as the school sees it. */
export const PupilAnswerSchema = z.object({
  parentName: z.string(),
  signedName: z.string(),
  answeredAt: z.string(),
  answers: z.array(QuestionAnswerSchema),
});
export type PupilAnswer = z.infer<typeof PupilAnswerSchema>;

/** The school's list: `GET school-forms`. */
export const SchoolFormSummarySchema = FormFieldsSchema.omit({ questions: true, description: true }).extend({
  pupils: z.number().int(),
  answered: z.number().int(),
  sentAt: z.string().nullable(),
});
export type SchoolFormSummary = z.infer<typeof SchoolFormSummarySchema>;
export const SchoolFormListSchema = z.object({ data: z.array(SchoolFormSummarySchema) });

export const FormPupilSchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
  answer: PupilAnswerSchema.nullable(),
  /**
   * A trip slip: whether the child may go, as the consent ledger has it (the latest trip entry of the
   * child for this form: true given, false refused); null when there is none (not answered: the
   * child may not go), and for any other form.
   */
  mayGo: z.boolean().nullable(),
});
export type FormPupil = z.infer<typeof FormPupilSchema>;

/** `GET school-forms/:id`: the form and each pupil of its audience (a teacher: of the classes they teach). */
export const SchoolFormDetailSchema = FormFieldsSchema.extend({
  sentAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  remindedAt: z.string().nullable(),
  /** The principal may change it (a teacher reads). */
  mayManage: z.boolean(),
  pupils: z.array(FormPupilSchema),
});
export type SchoolFormDetail = z.infer<typeof SchoolFormDetailSchema>;
export const SchoolFormAnswerSchema = z.object({ data: SchoolFormDetailSchema });

/** `POST school-forms/:id/send` and `.../reminders`: how many mails were queued. */
export const FormMailsSentSchema = z.object({
  data: z.object({
    emailed: z.number().int(),
    /** Reminders only: a reminder had been sent already on the school's today. */
    remindedToday: z.boolean(),
  }),
});

/**
 * A child's answer as a guardian sees it: who answered and when; what was answered and signed only
 * when it was this guardian (docs/decisions/0099-forms-and-permission-slips.md).
 */
export const FamilyAnswerSchema = z.object({
  byMe: z.boolean(),
  parentName: z.string(),
  answeredAt: z.string(),
  signedName: z.string().nullable(),
  answers: z.array(QuestionAnswerSchema).nullable(),
});
export type FamilyAnswer = z.infer<typeof FamilyAnswerSchema>;

export const FamilyFormChildSchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  answer: FamilyAnswerSchema.nullable(),
});
export type FamilyFormChild = z.infer<typeof FamilyFormChildSchema>;

/** A form for the family: `GET family/school-forms`, `GET family/school-forms/:id`. */
export const FamilyFormSchema = FormFieldsSchema.extend({ children: z.array(FamilyFormChildSchema) });
export type FamilyForm = z.infer<typeof FamilyFormSchema>;
export const FamilyFormListSchema = z.object({ data: z.array(FamilyFormSchema) });
export const FamilyFormAnswerSchema = z.object({ data: FamilyFormSchema });

/** `PUT family/school-forms/:id/children/:studentId`: the answers and the typed name that signs them. */
export const FormAnswerInputSchema = z.object({
  signedName: trimmedText(M.signedName, L.signedName, M.signedNameTooLong),
  answers: z.array(QuestionAnswerSchema).max(L.questions, M.tooManyQuestions),
});
export type FormAnswerInput = z.infer<typeof FormAnswerInputSchema>;

export const FormChildParamsSchema = z.object({ id: pathIdSchema(), studentId: pathIdSchema() });

/** Whether a form takes answers on the school's `today` (YYYY-MM-DD). */
export const formIsOpen = (form: { status: SchoolFormStatus; dueOn: string }, today: string): boolean =>
  form.status === 'sent' && today <= form.dueOn;

/** Each problem of answers to questions, as `{ field, message }` (field `answers.<question id>`). */
export function answerProblems(
  questions: readonly Question[],
  answers: readonly QuestionAnswer[],
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const byId = new Map<number, QuestionAnswer>();
  for (const answer of answers) {
    if (!questions.some((question) => question.id === answer.questionId))
      problems.push({ field: `answers.${answer.questionId}`, message: M.unknownQuestion });
    else if (byId.has(answer.questionId))
      problems.push({ field: `answers.${answer.questionId}`, message: M.questionTwice });
    byId.set(answer.questionId, answer);
  }
  for (const question of questions) {
    const path = `answers.${question.id}`;
    const value = byId.get(question.id)?.value;
    const empty = value === undefined || (typeof value === 'string' && value.trim() === '');
    if (empty) {
      if (question.required) problems.push({ field: path, message: M.answerRequired });
      continue;
    }
    if (question.kind === 'yes-no' && typeof value !== 'boolean')
      problems.push({ field: path, message: M.answerYesNo });
    if (question.kind === 'choice' && (typeof value !== 'string' || !question.options.includes(value)))
      problems.push({ field: path, message: M.answerChoice });
    if (question.kind === 'text' && typeof value !== 'string')
      problems.push({ field: path, message: M.answerText });
  }
  return problems;
}

/** The answers kept: the questions' order, empty optional answers left out, texts trimmed. */
export function keptAnswers(
  questions: readonly Question[],
  answers: readonly QuestionAnswer[],
): QuestionAnswer[] {
  return questions.flatMap((question): QuestionAnswer[] => {
    const value = answers.find((answer) => answer.questionId === question.id)?.value;
    if (value === undefined) return [];
    if (typeof value === 'string')
      return value.trim() === '' ? [] : [{ questionId: question.id, value: value.trim() }];
    return [{ questionId: question.id, value }];
  });
}
