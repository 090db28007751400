import { type FormEvent, type ReactNode, useState } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import { type FormPost, formPostOutcome } from '../../../shared/api/form-posts.js';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../shared/api/public-form-fields.js';
import { apiCall, isApiError } from '../../lib/api-client.js';
import { fieldErrorsOf, messageText, showFieldErrors, topLevelField } from '../../lib/form-errors.js';
import { inPageLanguage, type MessageKey, type Translator, useI18n } from '../../lib/i18n.js';
import { notify } from '../../lib/toast.js';
import { FieldMessage } from './FieldMessage.js';

/** The English of `forms.tooMany`, for the tests that read it. */
export const TOO_MANY_MESSAGES = 'Too many messages, try again later';

/**
 * Sends a public form (`POST enquiries`, `bookings`, `newsletter`) and answers the status (the
 * newsletter tells 201 from 200). No session token: these forms are anyone's.
 */
export async function sendPublicForm(path: string, body: unknown): Promise<number> {
  return (await apiCall(path, { method: 'POST', body, withSession: false })).status;
}

/** What a visitor reads when a send failed and no field can say why, in the page's language. */
function sendErrorText(error: unknown, translator: Translator | undefined): string {
  const say = (key: MessageKey, english: string) =>
    translator ? translator.t(key) : inPageLanguage(key, english);
  if (!isApiError(error)) return say('forms.failed', 'Something went wrong.');
  if (error.status === 429) return say('forms.tooMany', TOO_MANY_MESSAGES);
  if (error.code === 'NETWORK_ERROR') {
    return say(
      'forms.unreachable',
      'We could not reach the school. Please check your connection and try again.',
    );
  }
  // An answer without the API's error body (a proxy's page, say) has no message of ours.
  return error.code === `HTTP_${error.status}`
    ? say('forms.failedTryAgain', 'Something went wrong. Please try again.')
    : error.message;
}

/**
 * Puts a failed send's reasons at the fields; what matches no field is a toast, in the language of
 * `translator` (the page's, when none is given). The form keeps its content.
 */
export function showSendError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  translator?: Translator,
): void {
  const details = isApiError(error) && error.status !== 429 ? fieldErrorsOf(error) : [];
  if (showFieldErrors(details, setError, topLevelField(fields)) === 0) {
    notify.error(sendErrorText(error, translator));
  }
}

/**
 * The honeypot (HONEYPOT_FIELD): a text input people never see and leave empty; robots fill it.
 * Hidden with CSS, out of the tab order and of the accessibility tree.
 */
export function HoneypotField({ registration }: { registration: UseFormRegisterReturn }) {
  const { t } = useI18n();
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        {t('forms.honeypot')}
        <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" {...registration} />
      </label>
    </div>
  );
}

/**
 * A public form's react-hook-form, with the send all three forms make: `submit` checks the fields with
 * `resolver`, sends them to `path`, puts a failure's reasons at `fields` (keeping what the visitor wrote),
 * and on success says `sentMessage(status)` (a catalog key in the page's language, or a text as it is)
 * and empties the form.
 */
export function usePublicForm<Input extends FieldValues, Output extends FieldValues>({
  resolver,
  defaultValues,
  path,
  fields,
  sentMessage,
}: {
  resolver: Resolver<Input, unknown, Output>;
  defaultValues: DefaultValues<Input>;
  path: string;
  fields: readonly Path<Input>[];
  sentMessage: (status: number) => string;
}) {
  const translator = useI18n();
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues });
  // Once sent with the script, what the URL said about a send without it is old news.
  const [sentWithScript, setSentWithScript] = useState(false);
  const onSubmit = async (values: Output): Promise<void> => {
    let status: number;
    try {
      status = await sendPublicForm(path, values);
    } catch (error) {
      showSendError(error, form.setError, fields, translator);
      return;
    }
    notify.success(messageText(translator, sentMessage(status)));
    form.reset();
  };
  const handleSubmit = form.handleSubmit(onSubmit);
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    setSentWithScript(true);
    return handleSubmit(event);
  };
  return { ...form, submit, sentWithScript };
}

/**
 * What a send of `post` without JavaScript came to, read from the page's URL, where the server's
 * answer put it (shared/api/form-posts.ts): rendered from the URL's `search`, so a page rendered on the
 * server says it too. Nothing when the URL says nothing, or once the form was sent with the script
 * (`hidden`).
 */
export function FormPostOutcomeNote({
  post,
  search,
  hidden = false,
}: {
  post: FormPost;
  search: string;
  hidden?: boolean;
}) {
  const translator = useI18n();
  const outcome = hidden ? undefined : formPostOutcome(post, search);
  if (!outcome) return null;
  const say = (text: string) => outcomeText(translator, post, text);
  if (outcome.kind === 'done') {
    return (
      <p className="alert alert-success" role="status">
        {say(outcome.text)}
      </p>
    );
  }
  return (
    <div className="alert alert-danger" role="alert">
      <p className="mb-1">{say(post.notDone)}</p>
      <ul className="mb-0">
        {outcome.texts.map((text) => (
          <li key={text}>{say(text)}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A plain send's outcome text (shared/api/form-posts.ts keeps the English, by code) in the page's
 * language: a field's reason is the `validation` catalog's message of its code, a failure or a thank
 * you the `forms` catalog's; a text no catalog has stays as it is.
 */
function outcomeText({ t, has }: Translator, post: FormPost, text: string): string {
  if (text === post.notDone) {
    return t(post.param === 'comment' ? 'forms.notDone.comment' : 'forms.notDone.message');
  }
  const doneCode = Object.entries(post.done).find(([, english]) => english === text)?.[0];
  if (doneCode !== undefined) {
    const key = `forms.done.${post.param}.${doneCode}`;
    return has(key) ? t(key as MessageKey) : text;
  }
  const code = Object.entries(post.errors).find(([, english]) => english === text)?.[0];
  if (code === undefined) return text;
  for (const key of [`forms.failure.${code}`, `validation.${code}`])
    if (has(key)) return t(key as MessageKey);
  return text;
}

/** What a floating field's control (an input or a select) carries: its id, classes and aria state. */
export interface FloatingControl {
  id: string;
  className: string;
  'aria-required': true;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A required field of the footer's and Book A Seat's forms, its label floating over the control: the
 * message under it is linked to the control (aria-describedby) and the control marked invalid. The
 * control is `children`'s, given the props it needs (`form-control`; a select swaps in `form-select`).
 */
export function FloatingField({
  id,
  label,
  error,
  className = 'mb-3',
  children,
}: {
  id: string;
  label: string;
  error: FieldError | undefined;
  className?: string;
  children: (control: FloatingControl) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={`form-floating ${className}`}>
      {children({
        id,
        className: `form-control${error ? ' is-invalid' : ''}`,
        'aria-required': true,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      <label htmlFor={id}>{label}</label>
      <FieldMessage id={errorId} message={error?.message} />
    </div>
  );
}

/**
 * The browser's own checks of a required field of at most `maxLength` characters, for a page whose
 * script has not run (docs/decisions/0029-forms-without-javascript.md): without them a mistake is
 * found only by the server, and the answer's page cannot give back what was typed.
 */
export function browserChecks(on: boolean, maxLength: number) {
  return on ? { required: true, maxLength } : {};
}

/** A FloatingField with a text or email input, the label as its placeholder. */
function FloatingInput({
  id,
  label,
  error,
  registration,
  type,
  autoComplete,
  checks,
}: {
  id: string;
  label: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
  type: 'text' | 'email';
  autoComplete: string;
  checks: ReturnType<typeof browserChecks>;
}) {
  return (
    <FloatingField id={id} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type={type}
          placeholder={label}
          autoComplete={autoComplete}
          inputMode={type === 'email' ? 'email' : undefined}
          {...checks}
          {...registration}
        />
      )}
    </FloatingField>
  );
}

/** Your Name and Your Email, as the footer's and Book A Seat's forms show them. */
const NAME_AND_EMAIL = [
  { name: 'name', label: 'forms.yourName', type: 'text', maxLength: NAME_MAX_LENGTH },
  { name: 'email', label: 'forms.yourEmail', type: 'email', maxLength: EMAIL_MAX_LENGTH },
] as const;

/** Your Name and Your Email, the fields the footer's and Book A Seat's forms open with. */
export function NameAndEmailFields({
  id,
  register,
  errors,
  withBrowserChecks = false,
}: {
  /** The form's id; the fields' ids are `${id}-name` and `${id}-email`. */
  id: string;
  register: (field: 'name' | 'email') => UseFormRegisterReturn;
  errors: { name?: FieldError; email?: FieldError };
  /** The browser's own checks (browserChecks), for a form that may be sent without the script. */
  withBrowserChecks?: boolean;
}) {
  const { t } = useI18n();
  return NAME_AND_EMAIL.map(({ name, label, type, maxLength }) => (
    <FloatingInput
      key={name}
      id={`${id}-${name}`}
      label={t(label)}
      type={type}
      autoComplete={name}
      error={errors[name]}
      registration={register(name)}
      checks={browserChecks(withBrowserChecks, maxLength)}
    />
  ));
}
