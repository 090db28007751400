import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import type { TextDirection } from '../../../../shared/i18n/locales.js';
import { FieldMessage } from '../../../components/forms/FieldMessage.js';
import type { editableFieldsOf } from '../lib/form-values.js';
import { ChecklistEditor } from './ChecklistEditor.js';
import { ClassPicker } from './ClassPicker.js';
import { IconPicker } from './IconPicker.js';

type EditableField = ReturnType<typeof editableFieldsOf>[number];

interface ContentFieldProps<V extends FieldValues> {
  id: string;
  field: EditableField;
  label: string;
  error: string | undefined;
  control: Control<V>;
  register: UseFormRegister<V>;
  /** What a translation's input adds: the text's language and direction, the default's text as placeholder. */
  input?: { lang: string; dir: TextDirection; placeholder: string; maxLength: number };
  /** A note under the field (a translation's "Not translated" mark) and its id, which describes the input. */
  note?: { id: string; content: ReactNode };
}

/**
 * One text field of a content record in the website editor, by its kind (a line, a text, a checklist,
 * an icon, a school class): the record's form and a translation's form show their fields alike.
 */
export function ContentField<V extends FieldValues>({
  id,
  field,
  label,
  error,
  control,
  register,
  input,
  note,
}: ContentFieldProps<V>) {
  const name = `fields.${field.wire}` as Path<V>;
  if (field.kind === 'icon' || field.kind === 'checklist' || field.kind === 'class') {
    const Editor =
      field.kind === 'icon' ? IconPicker : field.kind === 'class' ? ClassPicker : ChecklistEditor;
    const editor = (
      <Controller
        control={control}
        name={name}
        render={({ field: value }) => (
          <Editor id={id} label={label} value={value.value ?? ''} onChange={value.onChange} error={error} />
        )}
      />
    );
    return note ? (
      <div>
        {editor}
        {note.content}
      </div>
    ) : (
      editor
    );
  }
  const describedBy = [note?.id, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  const common = {
    id,
    className: `form-control${error ? ' is-invalid' : ''}`,
    ...input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    ...register(name),
  };
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {field.kind === 'text' ? <textarea rows={5} {...common} /> : <input type="text" {...common} />}
      {note?.content}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}
