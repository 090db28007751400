import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { TERM_PARAM } from '../../../config/school-paths.js';
import { useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import { type SchoolTerms, useSchoolTerms } from '../../../lib/school/get-school-terms.js';

/**
 * The term a screen of marks shows (docs/decisions/0094-last-years-mark-sheets.md): the URL's
 * `?term=` when it names one of the school's terms, else the one the server shows first (today's,
 * else the latest begun); null for a school without terms (every mark then).
 */
export function termIdFrom(search: URLSearchParams, terms: SchoolTerms): number | null {
  const asked = parseId(search.get(TERM_PARAM));
  const known = terms.years.some((year) => year.terms.some((term) => term.id === asked));
  return known && asked !== undefined ? asked : terms.termId;
}

/**
 * The chosen term and the way to choose another, kept in the URL so a link (from Past years) opens
 * that term and the back button returns to the one before. `termId` is undefined while the school's
 * terms load.
 */
export function useChosenTerm() {
  const terms = useSchoolTerms();
  const [search, setSearch] = useSearchParams();
  const termId = terms.data ? termIdFrom(search, terms.data) : undefined;
  const choose = (id: number) =>
    setSearch((before) => {
      const next = new URLSearchParams(before);
      next.set(TERM_PARAM, String(id));
      return next;
    });
  return { terms, termId, choose };
}

/** The term picker: the school's terms grouped by school year, each named "<term> – <year>". */
export function TermPicker({ chosen }: { chosen: ReturnType<typeof useChosenTerm> }) {
  const { t } = useI18n();
  const id = useId();
  const data = chosen.terms.data;
  if (chosen.terms.isError) return <p className="text-danger mb-0">{t('marks.term.failed')}</p>;
  if (!data || chosen.termId === null || chosen.termId === undefined) return null;
  return (
    <div className="school-field school-field--inline">
      <label className="school-field__label" htmlFor={id}>
        {t('marks.term.label')}
      </label>
      <select
        id={id}
        className="form-select"
        value={String(chosen.termId)}
        onChange={(event) => chosen.choose(Number(event.target.value))}
      >
        {data.years
          .filter((year) => year.terms.length > 0)
          .map((year) => (
            <optgroup key={year.id} label={year.name}>
              {year.terms.map((term) => (
                <option key={term.id} value={term.id}>
                  {t('marks.term.option', { term: term.name, year: year.name })}
                </option>
              ))}
            </optgroup>
          ))}
      </select>
    </div>
  );
}
