import { useState } from 'react';
import { useI18n } from '../../../lib/i18n.js';
import { checklistItems, joinChecklist } from '../lib/checklist.js';

export interface ChecklistEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A check-list field: one input per item; stored as the items joined with '#'. */
export function ChecklistEditor({ id, label, value, onChange, error }: ChecklistEditorProps) {
  const { t } = useI18n();
  // The items keep empty rows while typing; the stored value leaves them out.
  const [items, setItems] = useState<string[]>(() => checklistItems(value));
  const update = (next: string[]) => {
    setItems(next);
    onChange(joinChecklist(next));
  };
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item ?? '');
    update(next);
  };

  return (
    <fieldset className="mb-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-label fs-6">{label.replace(/\s*\(.*\)$/, '')}</legend>
      <ol className="checklist-editor list-unstyled">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions; their text changes while typing.
          <li key={index} className="checklist-editor__item">
            <input
              className="form-control"
              aria-label={t('cms.checklist.item', { number: index + 1 })}
              value={item}
              onChange={(event) => update(items.map((old, i) => (i === index ? event.target.value : old)))}
            />
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              aria-label={t('cms.checklist.moveUp', { number: index + 1 })}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              aria-label={t('cms.checklist.moveDown', { number: index + 1 })}
              disabled={index === items.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              aria-label={t('cms.checklist.remove', { number: index + 1 })}
              onClick={() => update(items.filter((_, i) => i !== index))}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={() => setItems([...items, ''])}
      >
        {t('cms.checklist.add')}
      </button>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
