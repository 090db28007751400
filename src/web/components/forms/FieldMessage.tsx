import { messageText } from '../../lib/form-errors.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * A field's message under it (a catalog key or a text, see `messageText`), with the id its control's aria-describedby names, so screen readers say
 * what to fix. Nothing when there is no message.
 */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  const translator = useI18n();
  return message ? (
    <div id={id} className="invalid-feedback">
      {messageText(translator, message)}
    </div>
  ) : null;
}

/** A message as text: a catalog key in the page's language, any other text as it is (`messageText`). */
export function MessageText({ message }: { message: string | undefined }) {
  const translator = useI18n();
  return message ? messageText(translator, message) : null;
}
