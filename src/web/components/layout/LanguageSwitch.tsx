import '../../styles/language-switch.css';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { isLocale, LOCALE_NAMES, type Locale, localePath } from '../../../shared/i18n/locales.js';
import { useI18n } from '../../lib/i18n.js';
import { useChangeLanguage } from '../../lib/user-language.js';
import { useSchool } from './school.js';

/**
 * The public site's languages (docs/decisions/0067-language-switchers.md): this page's address in each
 * language the school offers, each named in its own language and marked with it, so that a reader
 * who knows only that language finds it. Plain links: they work before (and without) any script, and
 * search engines follow them. Nothing when the school offers one language.
 */
export function LanguageLinks() {
  const { t, locale } = useI18n();
  const { settings } = useSchool();
  const { pathname, search } = useLocation();
  if (!settings || settings.languages.length < 2) return null;
  return (
    <nav className="language-links" aria-label={t('layout.language.label')}>
      <ul className="language-links__list">
        {settings.languages.map((language) => (
          <li key={language}>
            <a
              href={`${localePath(pathname, language, settings.language)}${search}`}
              lang={language}
              hrefLang={language}
              className="language-links__link"
              aria-current={language === locale ? 'true' : undefined}
            >
              {LOCALE_NAMES[language]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface LanguagePickerProps {
  /** What happens once the choice is saved: the page loads again in the new language. */
  reload?: () => void;
}

/**
 * The school area's language, kept on the signed-in user's account (`PUT users/language`): their
 * screens, mails and documents follow it. Among the languages the school offers; nothing when it
 * offers one.
 */
export function LanguagePicker({ reload }: LanguagePickerProps) {
  const { t, locale } = useI18n();
  const { settings } = useSchool();
  const { state, change } = useChangeLanguage(reload);
  const id = useId();
  if (!settings || settings.languages.length < 2) return null;
  const current = isLocale(locale) && settings.languages.includes(locale) ? locale : settings.language;
  return (
    <div className="language-picker">
      <label htmlFor={id} className="language-picker__label">
        {t('navigation.shell.language')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm language-picker__select"
        value={current}
        disabled={state === 'saving'}
        onChange={(event) => {
          const language = event.target.value;
          if (isLocale(language) && language !== current) void change({ language });
        }}
      >
        {settings.languages.map((language: Locale) => (
          <option key={language} value={language} lang={language}>
            {LOCALE_NAMES[language]}
          </option>
        ))}
      </select>
      {state === 'failed' ? (
        <p className="language-picker__error" role="alert">
          {t('navigation.shell.languageNotSaved')}
        </p>
      ) : null}
    </div>
  );
}
