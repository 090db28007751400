import type { ContentCollection } from '../../../../shared/api/content.js';
import { type AnyLocale, intlLocale, type Locale } from '../../../../shared/i18n/locales.js';
import type { ContentIconName } from '../../../components/ui/icons.js';
import type { MessageKey, Translator } from '../../../lib/i18n.js';

/**
 * The editor's names of what CONTENT_COLLECTIONS defines (src/shared/content-records.ts keeps the
 * English, which the server's messages use): a collection's title, a field's label by its wire
 * name, an icon's name. Keys of the cms catalog; cms-labels.test.ts checks that each one exists.
 */
export const collectionTitleKey = (collection: ContentCollection): MessageKey =>
  `cms.collectionTitle.${collection}`;

export const fieldLabelKey = (collection: ContentCollection, wire: string): MessageKey =>
  `cms.field.${collection}.${wire}` as MessageKey;

/** A language's name in the editor's language ("French" in English, "Français" in French). */
export const languageNameKey = (locale: Locale): MessageKey => `cms.languageName.${locale}`;

export const iconLabelKey = (icon: ContentIconName): MessageKey => `cms.icon.${icon}`;

/**
 * A number with `digits` decimals in the page's language; English as `toFixed` wrote it before
 * (no grouping), so its texts stay as they were.
 */
export function decimal(locale: AnyLocale, value: number, digits: number): string {
  if (intlLocale(locale) === 'en') return value.toFixed(digits);
  return new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A file size as the media library shows it ("340 KB", "1.4 MB"). */
export function formatBytesIn(t: Translator['t'], locale: AnyLocale, bytes: number): string {
  if (bytes < 1024) return t('cms.bytes.b', { size: String(bytes) });
  if (bytes < 1024 * 1024) return t('cms.bytes.kb', { size: String(Math.round(bytes / 1024)) });
  return t('cms.bytes.mb', { size: decimal(locale, bytes / 1024 / 1024, 1) });
}
