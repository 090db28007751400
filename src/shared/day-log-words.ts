import type { LogEntry, TimelineItem } from './api/day-log.js';
import type { Translator } from './i18n/translator.js';

/**
 * A log entry or a timeline item in the reader's words: a headline and the lines under it. The
 * timeline on screen and the end-of-day summary mail say an entry the same way.
 */
export interface EntryWords {
  headline: string;
  lines: string[];
}

type T = Pick<Translator, 't'>;

export function entryWords({ t }: T, entry: LogEntry): EntryWords {
  const detail = entry.detail;
  switch (detail.kind) {
    case 'meal':
      return {
        headline: t('day-log.item.meal', { what: detail.what }),
        lines: [t(`day-log.item.amount.${detail.amount}`)],
      };
    case 'nap':
      return {
        headline:
          detail.to === null
            ? t('day-log.item.nap', { from: detail.from })
            : t('day-log.item.napTo', { from: detail.from, to: detail.to }),
        lines: [],
      };
    case 'toilet':
      return { headline: t(`day-log.item.toilet.${detail.toilet}`), lines: [] };
    case 'mood':
      return { headline: t(`day-log.item.mood.${detail.mood}`), lines: detail.note ? [detail.note] : [] };
    case 'activity':
      return { headline: t('day-log.item.activity', { text: detail.text }), lines: [] };
    case 'note':
      return { headline: t('day-log.item.note', { text: detail.text }), lines: [] };
    case 'medication':
      return {
        headline: t('day-log.item.medication', { name: detail.name, dose: detail.dose }),
        lines: [
          t('day-log.item.givenBy', { name: detail.givenBy }),
          ...(detail.reason ? [t('day-log.item.reason', { reason: detail.reason })] : []),
        ],
      };
    case 'incident':
      return {
        headline: t('day-log.item.incident', { what: detail.what }),
        lines: [
          ...(detail.firstAid ? [t('day-log.item.firstAid', { text: detail.firstAid })] : []),
          ...(detail.witnessedBy ? [t('day-log.item.witnessedBy', { name: detail.witnessedBy })] : []),
        ],
      };
  }
}

/** A timeline item's words (the register's items, the log's and the photos'). */
export function timelineWords(translator: T, item: TimelineItem): EntryWords {
  switch (item.type) {
    case 'arrival':
      return { headline: translator.t('day-log.item.arrival'), lines: [] };
    case 'collection':
      return {
        headline: translator.t('day-log.item.collection'),
        lines: item.collectedBy ? [translator.t('day-log.item.collectedBy', { name: item.collectedBy })] : [],
      };
    case 'log':
      return entryWords(translator, item.entry);
    case 'photo':
      return {
        headline: translator.t('day-log.item.photos', {
          count: item.moment.photos.length,
          caption: item.moment.caption,
        }),
        lines: [translator.t('day-log.item.photosBy', { name: item.moment.postedBy })],
      };
  }
}
