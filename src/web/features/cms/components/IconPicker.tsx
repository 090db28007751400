import { CONTENT_ICON_OPTIONS, contentIconPaths } from '../../../components/ui/icons.js';
import { useI18n } from '../../../lib/i18n.js';
import { iconLabelKey } from '../lib/labels.js';

/**
 * Drawn here rather than with ContentIcon: one icon of the set repeats a path, and SvgPaths keys
 * paths by their `d`, which React reports as a duplicate key.
 */
function PickerIcon({ name }: { name: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="1.5rem"
      height="1.5rem"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {contentIconPaths(name).map((path, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paths never move; two may be equal.
        <path key={index} d={path.d} fillRule={path.fillRule} />
      ))}
    </svg>
  );
}

export interface IconPickerProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A facility's icon: a grid over the curated icon set, the chosen one pressed. */
export function IconPicker({ id, label, value, onChange, error }: IconPickerProps) {
  const { t } = useI18n();
  return (
    <fieldset className="mb-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-label fs-6">{label}</legend>
      <div className="icon-picker">
        {CONTENT_ICON_OPTIONS.map((option) => (
          <button
            key={option.name}
            type="button"
            className="icon-picker__option"
            aria-pressed={value === option.name}
            aria-label={t(iconLabelKey(option.name))}
            title={t(iconLabelKey(option.name))}
            onClick={() => onChange(option.name)}
          >
            <PickerIcon name={option.name} />
          </button>
        ))}
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
