import { useI18n } from '../../../lib/i18n.js';
import { useClasses } from '../../../lib/school/get-classes.js';

export interface ClassPickerProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * The school class a class card describes (docs/decisions/0101-seats-that-mean-something.md): a
 * select over the school's classes, or none. A card that names a class shows its free seats.
 */
export function ClassPicker({ id, label, value, onChange, error }: ClassPickerProps) {
  const { t } = useI18n();
  const classes = useClasses().data ?? [];
  // A class that was removed stays shown as chosen until the principal picks another.
  const known = value === '' || classes.some((row) => String(row.id) === value);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
      >
        <option value="">{t('cms.classPicker.none')}</option>
        {classes.map((row) => (
          <option key={row.id} value={String(row.id)}>
            {row.name}
          </option>
        ))}
        {known ? null : <option value={value}>{t('cms.classPicker.unknown')}</option>}
      </select>
      <div id={`${id}-help`} className="form-text">
        {t('cms.classPicker.help')}
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}
