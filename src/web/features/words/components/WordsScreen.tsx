import { type FormEvent, useId, useState } from 'react';
import type { CatalogMessage, SchoolWord } from '../../../../shared/api/words.js';
import {
  isLocale,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  textDirection,
} from '../../../../shared/i18n/locales.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolField } from '../../../components/school/SchoolField.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { isApiError } from '../../../lib/api-client.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import { useResetWord, useSaveWord, useSchoolWords, useWordSearch } from '../api/words.js';

/** One text of the product as the screen shows it: the catalog's, and the school's if it has one. */
interface Entry {
  key: string;
  original: string;
  english: string;
  replacement: string | null;
  /** False for a stored text that no longer fits its message (pages show the original). */
  applies: boolean;
}

const fromSearch = (message: CatalogMessage): Entry => ({ ...message, applies: true });
const fromList = (word: SchoolWord): Entry => ({
  key: word.key,
  original: word.original,
  english: word.english,
  replacement: word.text,
  applies: word.applies,
});

/** The field reasons of a refused text (400), else its message. */
function problemsOf(error: unknown, fallback: string): string[] {
  if (!isApiError(error)) return [fallback];
  const details = Array.isArray(error.details) ? (error.details as { message?: unknown }[]) : [];
  const reasons = details.flatMap((d) => (typeof d.message === 'string' ? [d.message] : []));
  return reasons.length > 0 ? reasons : [error.message];
}

function WordEntry({ entry, locale }: { entry: Entry; locale: Locale }) {
  const { t } = useI18n();
  const id = useId();
  const save = useSaveWord();
  const reset = useResetWord();
  const [text, setText] = useState(entry.replacement ?? entry.original);
  const [problems, setProblems] = useState<string[]>([]);
  const direction = textDirection(locale);
  const busy = save.isPending || reset.isPending;

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    save.mutate(
      { locale, key: entry.key, text },
      {
        onSuccess: () => notify.success(t('words.toast.saved')),
        onError: (error) => setProblems(problemsOf(error, t('words.toast.failed'))),
      },
    );
  };
  const onReset = () => {
    setProblems([]);
    reset.mutate(
      { locale, key: entry.key },
      {
        onSuccess: () => {
          setText(entry.original);
          notify.success(t('words.toast.reset'));
        },
        onError: (error) => setProblems(problemsOf(error, t('words.toast.failed'))),
      },
    );
  };

  return (
    <li className="words-entry" aria-labelledby={`${id}-key`}>
      <form onSubmit={onSave} className="d-grid gap-2">
        <p className="mb-0 d-flex flex-wrap gap-2 align-items-center">
          <span className="visually-hidden">{t('words.entry.key')}: </span>
          <code id={`${id}-key`} className="text-break">
            {entry.key}
          </code>
          {entry.replacement !== null ? (
            <span className="badge text-bg-primary">{t('words.entry.replaced')}</span>
          ) : null}
        </p>
        <dl className="mb-0 small">
          <dt>{t('words.entry.original')}</dt>
          <dd lang={locale} dir={direction} className="text-break">
            {entry.original}
          </dd>
          {locale !== 'en' ? (
            <>
              <dt>{t('words.entry.english')}</dt>
              <dd lang="en" dir="ltr" className="text-break">
                {entry.english}
              </dd>
            </>
          ) : null}
        </dl>
        {entry.applies ? null : (
          <p className="small mb-0 text-danger-emphasis">{t('words.entry.notApplied')}</p>
        )}
        <SchoolField id={`${id}-text`} label={t('words.entry.yours')}>
          <textarea
            id={`${id}-text`}
            className="form-control"
            rows={2}
            lang={locale}
            dir={direction}
            value={text}
            aria-describedby={`${id}-keep`}
            aria-invalid={problems.length > 0 || undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </SchoolField>
        <p id={`${id}-keep`} className="small mb-0">
          {t('words.entry.keep')}
        </p>
        <ErrorLines lines={problems} />
        <div className="d-flex flex-wrap gap-2">
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={busy}
            aria-label={t('words.entry.saveLabel', { key: entry.key })}
          >
            {t('words.entry.save')}
          </button>
          {entry.replacement !== null ? (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={busy}
              aria-label={t('words.entry.resetLabel', { key: entry.key })}
              onClick={onReset}
            >
              {t('words.entry.reset')}
            </button>
          ) : null}
        </div>
      </form>
    </li>
  );
}

function EntryList({ entries, locale, label }: { entries: Entry[]; locale: Locale; label: string }) {
  return (
    <ul className="list-unstyled d-grid gap-3 mb-0" aria-label={label}>
      {entries.map((entry) => (
        // Keyed by what it shows, so that a saved or reset text starts from the new one.
        <WordEntry key={`${locale}:${entry.key}:${entry.replacement ?? ''}`} entry={entry} locale={locale} />
      ))}
    </ul>
  );
}

function ReplacedTexts({ locale }: { locale: Locale }) {
  const { t } = useI18n();
  const words = useSchoolWords(locale);
  const heading = t('words.replaced.heading');
  return (
    <section aria-label={heading}>
      <h3 className="h5">{heading}</h3>
      {words.isPending ? <LoadingState text={t('words.loading')} /> : null}
      {words.isError ? <FailureState error={words.error} retry={() => words.refetch()} /> : null}
      {words.data?.data.length === 0 ? <p>{t('words.replaced.none')}</p> : null}
      {words.data && words.data.data.length > 0 ? (
        <EntryList entries={words.data.data.map(fromList)} locale={locale} label={heading} />
      ) : null}
    </section>
  );
}

function SearchResults({ locale, q }: { locale: Locale; q: string }) {
  const { t } = useI18n();
  const found = useWordSearch(locale, q);
  const heading = t('words.results.heading');
  return (
    <section aria-label={heading}>
      <h3 className="h5">{heading}</h3>
      {found.isPending ? <LoadingState text={t('words.loading')} /> : null}
      {found.isError ? <FailureState error={found.error} retry={() => found.refetch()} /> : null}
      {found.data ? (
        <div role="status">
          <p className="mb-2">{t('words.results.count', { count: found.data.total })}</p>
          {found.data.total > found.data.data.length ? (
            <p className="mb-2">{t('words.results.more', { shown: found.data.data.length })}</p>
          ) : null}
        </div>
      ) : null}
      {found.data && found.data.data.length > 0 ? (
        <EntryList entries={found.data.data.map(fromSearch)} locale={locale} label={heading} />
      ) : null}
    </section>
  );
}

/**
 * The school's own words (docs/decisions/0065-the-schools-own-words.md): the principal finds any
 * text of the product in a language, by a word of it or its key, and replaces it with the school's;
 * the catalog's wording stays beside it as the original, and a reset brings it back. Without a
 * search, the texts the school already replaced in that language.
 */
export function WordsScreen() {
  const { t, locale: pageLocale } = useI18n();
  const id = useId();
  const [locale, setLocale] = useState<Locale>(isLocale(pageLocale) ? pageLocale : 'en');
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearched(query.trim());
  };

  return (
    <SchoolPanel title={t('words.title')} lead={t('words.intro')}>
      <form className="d-flex flex-wrap gap-3 align-items-end mb-4" onSubmit={onSearch}>
        <SchoolField id={`${id}-locale`} label={t('words.language')}>
          <select
            id={`${id}-locale`}
            className="form-select"
            value={locale}
            onChange={(event) => setLocale(event.target.value as Locale)}
          >
            {LOCALES.map((option) => (
              <option key={option} value={option} lang={option}>
                {LOCALE_NAMES[option]}
              </option>
            ))}
          </select>
        </SchoolField>
        <SchoolField id={`${id}-q`} label={t('words.search.label')} className="flex-grow-1">
          <input
            id={`${id}-q`}
            type="search"
            className="form-control"
            value={query}
            maxLength={200}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setQuery(event.target.value)}
          />
        </SchoolField>
        <button type="submit" className="btn btn-primary">
          {t('words.search.submit')}
        </button>
        <p id={`${id}-hint`} className="small mb-0 w-100">
          {t('words.search.hint')}
        </p>
      </form>
      {searched === '' ? <ReplacedTexts locale={locale} /> : <SearchResults locale={locale} q={searched} />}
    </SchoolPanel>
  );
}
