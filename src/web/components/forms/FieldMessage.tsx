/**
 * A field's message under it, with the id its control's aria-describedby names, so screen readers say
 * what to fix. Nothing when there is no message.
 */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <div id={id} className="invalid-feedback">
      {message}
    </div>
  ) : null;
}
