import { z } from 'zod';
import { SchoolSettingsSchema } from './settings.js';
import { emailField, nameField, passwordField } from './users.js';

/**
 * The first start of a real school (docs/decisions/0041-first-start-of-a-real-school.md): until the
 * one-time link the server printed is used, the set-up page is the only page the server offers;
 * using it makes the principal's account and names the school. Server and set-up form validate
 * with these schemas, so each message is written once.
 */

export { SETUP_ERROR_CODES } from './error-codes.js';

export const SETUP_MESSAGES = {
  required:
    'This school is being set up. Its principal opens the set-up link the server printed when it started.',
  linkInvalid:
    'This set-up link does not work: it was used already, or the server printed a newer one when it started again. Use the link the server printed last.',
  noLink: 'Open the set-up link the server printed when it started; it ends in /setup?token=…',
  done: 'The school is set up. Log in with the email and password you chose.',
  setUpAlready: 'Is the school set up already?',
  enterSchoolName: "Please enter the school's name",
  passwordsDiffer: 'The two passwords are not the same',
} as const;

/** The token of the printed link: a bounded line, checked against the stored hash. */
const setupToken = z.string({ error: SETUP_MESSAGES.linkInvalid }).trim().min(1).max(200);

const schoolName = z
  .string({ error: SETUP_MESSAGES.enterSchoolName })
  .trim()
  .min(1, { error: SETUP_MESSAGES.enterSchoolName, abort: true })
  .pipe(SchoolSettingsSchema.shape.name);

/** The set-up's fields: the school's name and the principal's name, email and password. */
export const SetupFieldsSchema = z.object({
  schoolName,
  name: nameField,
  email: emailField,
  password: passwordField,
});

/** `POST setup`: the link's token and the fields. */
export const SetupRequestSchema = SetupFieldsSchema.extend({ token: setupToken });
export type SetupRequest = z.infer<typeof SetupRequestSchema>;

/** The set-up form in the browser: the password twice. */
export const SetupFormSchema = SetupFieldsSchema.extend({ repeat: z.string() }).refine(
  (v) => v.password === v.repeat,
  { path: ['repeat'], message: SETUP_MESSAGES.passwordsDiffer },
);
export type SetupFormInput = z.input<typeof SetupFormSchema>;

/** `GET setup`: whether the school still waits for its set-up. */
export const SetupStatusSchema = z.object({ data: z.object({ required: z.boolean() }) });
export type SetupStatus = z.infer<typeof SetupStatusSchema>['data'];

/** `POST setup` answers 201 with the new principal. */
export const SetupDoneSchema = z.object({
  data: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    schoolName: z.string(),
    message: z.literal(SETUP_MESSAGES.done),
  }),
});
export type SetupDone = z.infer<typeof SetupDoneSchema>['data'];
