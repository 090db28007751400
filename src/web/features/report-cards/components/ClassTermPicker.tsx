import { useId } from 'react';
import { AssignedClassSelect } from '../../../components/school/AssignedClassSelect.js';
import { SchoolSelect } from '../../../components/school/SchoolField.js';
import { useI18n } from '../../../lib/i18n.js';
import { useSchoolYear } from '../../../lib/school/get-school-year.js';

export interface ClassTerm {
  classId: number | undefined;
  termId: number | undefined;
}

/**
 * The choice of one of the caller's classes and a term of the current year; the term starts at
 * today's (or the year's first) until another is chosen.
 */
export function ClassTermPicker({
  value,
  onChange,
}: {
  value: ClassTerm;
  onChange: (next: ClassTerm) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const year = useSchoolYear();
  const terms = year.data?.year?.terms ?? [];
  const defaultTerm = year.data?.termId ?? terms[0]?.id;
  const termId = value.termId ?? defaultTerm;
  return (
    <>
      <div className="attendance-toolbar">
        <AssignedClassSelect
          id={`${id}-class`}
          value={value.classId}
          onChange={(classId) => onChange({ classId, termId })}
        />
        <SchoolSelect
          id={`${id}-term`}
          label={t('report-cards.pick.term')}
          value={termId}
          onChange={(chosen) =>
            onChange({ classId: value.classId, termId: chosen === '' ? undefined : Number(chosen) })
          }
          options={terms.map((term) => ({ id: term.id, label: term.name }))}
        />
      </div>
      {year.data && terms.length === 0 ? (
        <p className="school-state school-state--empty">{t('report-cards.pick.noTerms')}</p>
      ) : null}
    </>
  );
}

/** The term the picker shows: the chosen one, else today's, else the year's first. */
export function useChosenTerm(chosen: number | undefined): number | undefined {
  const year = useSchoolYear();
  return chosen ?? year.data?.termId ?? year.data?.year?.terms[0]?.id;
}
