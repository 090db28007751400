import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';
import { type LookupKind, useChangeLookup } from '../api/manage-lookups.js';

export interface LookupRow {
  id: number;
  label: string;
}

export interface LookupListProps {
  kind: LookupKind;
  title: string;
  /** The singular noun: "class", "subject", "time slot". */
  noun: string;
  query: Pick<UseQueryResult<LookupRow[]>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch'>;
}

/** One of the principal's lists with add, rename and delete (asks first); a 409 shows its message. */
export function LookupList({ kind, title, noun, query }: LookupListProps) {
  const id = useId();
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
      setErrors([`Enter the ${noun}'s name`]);
      return;
    }
    run({ action: 'create', label }, `Added ${label}.`, () => setDraft(''));
  };

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const label = editing.label.trim();
    if (label === '') {
      setErrors([`Enter the ${noun}'s name`]);
      return;
    }
    run({ action: 'rename', id: editing.id, label }, `Renamed to ${label}.`, () => setEditing(undefined));
  };

  const onDelete = (row: LookupRow) => {
    if (!window.confirm(`Delete ${row.label}?`)) return;
    run({ action: 'delete', id: row.id }, `Deleted ${row.label}.`);
  };

  return (
    <section className="mb-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        {title}
      </h3>
      <ErrorLines lines={errors} />
      <form className="d-flex gap-2 mb-2" onSubmit={onAdd} noValidate>
        <label className="visually-hidden" htmlFor={`${id}-new`}>
          {`New ${noun}`}
        </label>
        <input
          id={`${id}-new`}
          className="form-control"
          placeholder={`New ${noun}`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button
          type="submit"
          className="btn btn-primary rounded-pill text-nowrap flex-shrink-0"
          disabled={change.isPending}
        >
          {`Add ${noun}`}
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
                      {`New name of ${row.label}`}
                    </label>
                    <input
                      id={`${id}-edit`}
                      className="form-control"
                      value={editing.label}
                      onChange={(event) => setEditing({ id: row.id, label: event.target.value })}
                    />
                    <button type="submit" className="btn btn-primary btn-sm" disabled={change.isPending}>
                      Save
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      onClick={() => setEditing(undefined)}
                    >
                      Cancel
                    </button>
                  </form>
                ) : (
                  <>
                    <span className="flex-grow-1">{row.label}</span>
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      aria-label={`Rename ${row.label}`}
                      onClick={() => setEditing(row)}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      aria-label={`Delete ${row.label}`}
                      disabled={change.isPending}
                      onClick={() => onDelete(row)}
                    >
                      Delete
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
