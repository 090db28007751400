import '../../../styles/calendar.css';
import { useState } from 'react';
import type { SchoolTerm, SchoolYear } from '../../../../shared/api/school-years.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { useSchoolYears } from '../../../lib/school/get-school-years.js';
import { longDate } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import {
  useCreateTerm,
  useCreateYear,
  useDeleteTerm,
  useDeleteYear,
  useMakeCurrent,
  useUpdateTerm,
  useUpdateYear,
} from '../api/school-years.js';
import { RangeForm } from './RangeForm.js';

/** What the principal is asked to confirm: deleting a year or a term. */
type Deleting = { kind: 'year'; year: SchoolYear } | { kind: 'term'; term: SchoolTerm };

function useDays() {
  const { locale } = useI18n();
  return (first: string, last: string) =>
    `${longDate(first, { weekday: false, locale })} – ${longDate(last, { weekday: false, locale })}`;
}

function TermRow({ term, onDelete }: { term: SchoolTerm; onDelete: (term: SchoolTerm) => void }) {
  const { t } = useI18n();
  const days = useDays();
  const update = useUpdateTerm();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="school-years__term school-years__term--editing">
        <RangeForm
          kind="term"
          initial={term}
          title={t('school-years.term.editTitle', { name: term.name })}
          submitLabel={t('school-years.save')}
          onSubmit={async (input) => {
            const saved = await update.mutateAsync({ termId: term.id, input });
            notify.success(t('school-years.term.saved', { name: saved.name }));
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="school-years__term">
      <div>
        <strong>
          <bdi>{term.name}</bdi>
        </strong>
        <div className="small">{days(term.firstDay, term.lastDay)}</div>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary rounded-pill"
          onClick={() => setEditing(true)}
        >
          {t('school-years.term.edit', { name: term.name })}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger rounded-pill"
          onClick={() => onDelete(term)}
        >
          {t('school-years.term.delete', { name: term.name })}
        </button>
      </div>
    </li>
  );
}

function YearCard({ year, onDelete }: { year: SchoolYear; onDelete: (deleting: Deleting) => void }) {
  const { t } = useI18n();
  const days = useDays();
  const update = useUpdateYear();
  const makeCurrent = useMakeCurrent();
  const createTerm = useCreateTerm();
  const [editing, setEditing] = useState(false);
  const [addingTerm, setAddingTerm] = useState(false);
  const headingId = `school-year-${year.id}`;

  return (
    <article className="school-years__year" aria-labelledby={headingId}>
      {editing ? (
        <RangeForm
          kind="year"
          initial={year}
          title={t('school-years.year.editTitle', { name: year.name })}
          submitLabel={t('school-years.save')}
          onSubmit={async (input) => {
            const saved = await update.mutateAsync({ yearId: year.id, input });
            notify.success(t('school-years.year.saved', { name: saved.name }));
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <header className="school-years__year-header">
          <div>
            <h3 id={headingId} className="h5 mb-1">
              <bdi>{year.name}</bdi>
              {year.current ? (
                <span className="badge rounded-pill text-bg-success ms-2">
                  {t('school-years.year.current')}
                </span>
              ) : null}
            </h3>
            <p className="mb-0 small">{days(year.firstDay, year.lastDay)}</p>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm btn-outline-primary rounded-pill"
              onClick={() => setEditing(true)}
            >
              {t('school-years.year.edit', { name: year.name })}
            </button>
            {year.current ? null : (
              <>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary rounded-pill"
                  disabled={makeCurrent.isPending}
                  onClick={() =>
                    makeCurrent.mutate(year.id, {
                      onSuccess: () => notify.success(t('school-years.year.nowCurrent', { name: year.name })),
                      onError: (error) =>
                        notify.error(isApiError(error) ? error.message : t('school-years.failed')),
                    })
                  }
                >
                  {t('school-years.year.setCurrent', { name: year.name })}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger rounded-pill"
                  onClick={() => onDelete({ kind: 'year', year })}
                >
                  {t('school-years.year.delete', { name: year.name })}
                </button>
              </>
            )}
          </div>
        </header>
      )}
      <h4 className="h6 mt-3">{t('school-years.terms')}</h4>
      {year.terms.length === 0 ? (
        <p className="small">{t('school-years.noTerms')}</p>
      ) : (
        <ul className="school-years__terms list-unstyled">
          {year.terms.map((term) => (
            <TermRow
              key={term.id}
              term={term}
              onDelete={(chosen) => onDelete({ kind: 'term', term: chosen })}
            />
          ))}
        </ul>
      )}
      {addingTerm ? (
        <RangeForm
          kind="term"
          title={t('school-years.term.newTitle', { name: year.name })}
          submitLabel={t('school-years.term.add')}
          onSubmit={async (input) => {
            const saved = await createTerm.mutateAsync({ yearId: year.id, input });
            notify.success(t('school-years.term.added', { name: saved.name }));
            setAddingTerm(false);
          }}
          onCancel={() => setAddingTerm(false)}
        />
      ) : (
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill"
          onClick={() => setAddingTerm(true)}
        >
          {t('school-years.term.addTo', { name: year.name })}
        </button>
      )}
    </article>
  );
}

/**
 * School years (docs/decisions/0089-screens-for-the-school-year-and-calendar.md): the principal's
 * years, latest first, each with its terms; a new year, a year's or a term's new name or days, the
 * current year, and deleting what the server allows (not the current year, nor what fee plans use).
 */
export function SchoolYearsScreen() {
  const { t } = useI18n();
  const years = useSchoolYears();
  const createYear = useCreateYear();
  const deleteYear = useDeleteYear();
  const deleteTerm = useDeleteTerm();
  const [deleting, setDeleting] = useState<Deleting | undefined>();
  const busy = deleteYear.isPending || deleteTerm.isPending;

  const confirmDelete = () => {
    if (!deleting) return;
    const done = {
      onSuccess: () => {
        notify.success(
          t(deleting.kind === 'year' ? 'school-years.year.deleted' : 'school-years.term.deleted', {
            name: deleting.kind === 'year' ? deleting.year.name : deleting.term.name,
          }),
        );
        setDeleting(undefined);
      },
      onError: (error: Error) => {
        notify.error(isApiError(error) ? error.message : t('school-years.failed'));
        setDeleting(undefined);
      },
    };
    if (deleting.kind === 'year') deleteYear.mutate(deleting.year.id, done);
    else deleteTerm.mutate(deleting.term.id, done);
  };

  return (
    <SchoolPanel title={t('school-years.place.title')} lead={t('school-years.lead')} className="school-years">
      <RangeForm
        kind="newYear"
        title={t('school-years.year.newTitle')}
        submitLabel={t('school-years.year.add')}
        onSubmit={async (input) => {
          const saved = await createYear.mutateAsync({ ...input, current: input.current === true });
          notify.success(t('school-years.year.added', { name: saved.name }));
        }}
      />
      <div className="school-years__list mt-4">
        {years.isError && years.data === undefined ? (
          <FailureState error={years.error} retry={years.refetch} />
        ) : years.data === undefined ? (
          <LoadingState />
        ) : years.data.length === 0 ? (
          <p>{t('school-years.none')}</p>
        ) : (
          years.data.map((year) => <YearCard key={year.id} year={year} onDelete={setDeleting} />)
        )}
      </div>
      {deleting ? (
        <ConfirmDialog
          title={t(
            deleting.kind === 'year' ? 'school-years.year.deleteTitle' : 'school-years.term.deleteTitle',
            {
              name: deleting.kind === 'year' ? deleting.year.name : deleting.term.name,
            },
          )}
          confirmLabel={t('school-years.delete')}
          busy={busy}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(undefined)}
        >
          <p className="mb-0">
            {t(deleting.kind === 'year' ? 'school-years.year.deleteBody' : 'school-years.term.deleteBody')}
          </p>
        </ConfirmDialog>
      ) : null}
    </SchoolPanel>
  );
}
