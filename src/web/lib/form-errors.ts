import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldError } from '../../shared/api/errors.js';
import { isApiError } from './api-client.js';
import { readEnglishSentence } from './english-sentence-reader.js';
import type { MessageKey, Translator } from './i18n.js';

/**
 * A message to show: a catalog key (`validation.enterName`) in the page's language, any other text as
 * it is (the server's answers come in the request's language already), a shared schema's English
 * sentence in the page's language once the sentences have loaded (lib/english-sentences.ts). Every form field's message goes through this, so a screen may hand it
 * either (docs/decisions/0061-server-messages-in-the-request-language.md).
 */
export function messageText(translator: Pick<Translator, 't' | 'has'>, message: string): string {
  if (translator.has(message)) return translator.t(message as MessageKey);
  return readEnglishSentence(translator, message) ?? message;
}

/**
 * A detail of a failed call as `FieldErrorSchema` (shared/api/errors.ts) describes it, checked by hand:
 * every public form shows the server's reasons, and a public page's first JavaScript holds no zod
 * (docs/decisions/0035-lean-public-pages.md). form-errors.test.ts holds the two to the same answers.
 */
export const isFieldError = (detail: unknown): detail is FieldError =>
  typeof detail === 'object' &&
  detail !== null &&
  typeof (detail as Partial<FieldError>).field === 'string' &&
  typeof (detail as Partial<FieldError>).message === 'string';

/** The `[{ field, message }]` of a failed call (400, 409, 413, ...); empty for anything else. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isApiError(error)) return [];
  const { details } = error;
  return Array.isArray(details) && details.every(isFieldError)
    ? details.map(({ field, message }) => ({ field, message }))
    : [];
}

/** A detail's form field by the first segment of its name (`images.0` is `images`), if the form has it. */
export const topLevelField =
  <T extends FieldValues>(fields: readonly Path<T>[]) =>
  (field: string): Path<T> | undefined => {
    const top = field.split('.')[0] ?? '';
    return (fields as readonly string[]).includes(top) ? (top as Path<T>) : undefined;
  };

/**
 * Shows the server's reasons where they belong: each detail at the form field `fieldOf` names
 * (details naming no field are skipped, and a field shows its first reason), the first one focused unless `focus` is false. Answers
 * how many were shown, so that the form can say the rest as a whole.
 */
export function showFieldErrors<T extends FieldValues>(
  details: readonly FieldError[],
  setError: UseFormSetError<T>,
  fieldOf: (field: string) => Path<T> | undefined,
  { focus = true }: { focus?: boolean } = {},
): number {
  const shownAt = new Set<string>();
  let shown = 0;
  for (const detail of details) {
    const field = fieldOf(detail.field);
    // One reason per field: the first, as the server orders them.
    if (field === undefined || shownAt.has(field)) continue;
    shownAt.add(field);
    setError(field, { type: 'server', message: detail.message }, { shouldFocus: focus && shown === 0 });
    shown += 1;
  }
  return shown;
}
