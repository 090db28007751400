import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { type MessageKey, useI18n } from '../../../lib/i18n.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';
import { type LookupKind, useChangeLookup } from '../api/manage-lookups.js';

export interface LookupRow {
  id: number;
  label: string;
}

/** Each list's own words: its title, its field and button, and what an empty name asks for. */
const LIST_TEXTS: Readonly<
  Record<LookupKind, { title: MessageKey; new: MessageKey; add: MessageKey; enterName: MessageKey }>
> = {
  classes: {
    title: 'school-setup.classes.title',
    new: 'school-setup.classes.new',
    add: 'school-setup.classes.add',
    enterName: 'school-setup.classes.enterName',
  },
  subjects: {
    title: 'school-setup.subjects.title',
    new: 'school-setup.subjects.new',
    add: 'school-setup.subjects.add',
    enterName: 'school-setup.subjects.enterName',
  },
  'time-slots': {
    title: 'school-setup.timeSlots.title',
    new: 'school-setup.timeSlots.new',
    add: 'school-setup.timeSlots.add',
    enterName: 'school-setup.timeSlots.enterName',
  },
};

export interface LookupListProps {
  kind: LookupKind;
  query: Pick<UseQueryResult<LookupRow[]>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch'>;
}

/** One of the principal's lists with add, rename and delete (asks first); a 409 shows its message. */
export function LookupList({ kind, query }: LookupListProps) {
  const id = useId();
  const { t } = useI18n();
  const texts = LIST_TEXTS[kind];
  const change = useChangeLookup(kind);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<LookupRow | undefined>();
  const [errors, setErrors] = useState<string[]>([]);

  const run = (action: Parameters<typeof change.mutate>[0], done: string, after?: () => void) => {
    setErrors([]);
    change.mutate(action, {
      onSuccess: () => {
        notify.success(done);
        after?.();
      },
      onError: (error) => setErrors(saveErrorLines(error)),
    });
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const label = draft.trim();
    if (label === '') {
      setErrors([t(texts.enterName)]);
      return;
    }
    run({ action: 'create', label }, t('school-setup.list.added', { label }), () => setDraft(''));
  };

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const label = editing.label.trim();
    if (label === '') {
      setErrors([t(texts.enterName)]);
      return;
    }
    run({ action: 'rename', id: editing.id, label }, t('school-setup.list.renamed', { label }), () =>
      setEditing(undefined),
    );
  };

  const onDelete = (row: LookupRow) => {
    if (!window.confirm(t('school-setup.list.deleteConfirm', { label: row.label }))) return;
    run({ action: 'delete', id: row.id }, t('school-setup.list.deleted', { label: row.label }));
  };

  return (
    <section className="mb-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        {t(texts.title)}
      </h3>
      <ErrorLines lines={errors} />
      <form className="d-flex gap-2 mb-2" onSubmit={onAdd} noValidate>
        <label className="visually-hidden" htmlFor={`${id}-new`}>
          {t(texts.new)}
        </label>
        <input
          id={`${id}-new`}
          className="form-control"
          placeholder={t(texts.new)}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button
          type="submit"
          className="btn btn-primary rounded-pill text-nowrap flex-shrink-0"
          disabled={change.isPending}
        >
          {t(texts.add)}
        </button>
      </form>
      <QueryState query={query}>
        {(rows) => (
          <ul className="list-group">
            {rows.map((row) => (
              <li key={row.id} className="list-group-item d-flex gap-2 align-items-center">
                {editing?.id === row.id ? (
                  <form className="d-flex gap-2 flex-grow-1" onSubmit={onRename} noValidate>
                    <label className="visually-hidden" htmlFor={`${id}-edit`}>
                      {t('school-setup.list.newName', { label: row.label })}
                    </label>
                    <input
                      id={`${id}-edit`}
                      className="form-control"
                      value={editing.label}
                      onChange={(event) => setEditing({ id: row.id, label: event.target.value })}
                    />
                    <button type="submit" className="btn btn-primary btn-sm" disabled={change.isPending}>
                      {t('school-setup.list.save')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      onClick={() => setEditing(undefined)}
                    >
                      {t('school-setup.list.cancel')}
                    </button>
                  </form>
                ) : (
                  <>
                    <span className="flex-grow-1">{row.label}</span>
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      aria-label={t('school-setup.list.renameLabel', { label: row.label })}
                      onClick={() => setEditing(row)}
                    >
                      {t('school-setup.list.rename')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      aria-label={t('school-setup.list.deleteLabel', { label: row.label })}
                      disabled={change.isPending}
                      onClick={() => onDelete(row)}
                    >
                      {t('school-setup.list.delete')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
