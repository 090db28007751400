import { bannerTitleFor, bannerTitleKeyFor, firstSegment } from '../../shared/screens.js';
import type { MessageKey, Translator } from './i18n.js';

/**
 * The public pages' titles by their path's first segment (the banner, the browser's title, the
 * head): the public site's own catalog keys, whose English is BANNER_TITLES' letter for letter.
 */
const PUBLIC_PAGE_TITLES: Readonly<Record<string, MessageKey>> = {
  about: 'public-site.title.about',
  class: 'public-site.title.class',
  teacher: 'public-site.title.teacher',
  gallery: 'public-site.title.gallery',
  blog: 'public-site.title.blog',
  blogdetail: 'public-site.title.blogdetail',
  contact: 'public-site.title.contact',
  registation: 'public-site.title.registation',
  login: 'public-site.title.login',
  'forgot-password': 'public-site.title.forgotPassword',
  'reset-password': 'public-site.title.resetPassword',
  newsletter: 'public-site.title.newsletter',
  setup: 'public-site.title.setup',
};

/**
 * A path's page title in the page's language: a public page's from its catalog, any other path's
 * banner title (shared/screens.ts) from the navigation's, undefined for a path that has none.
 */
export function pageTitleFor(pathname: string, t: Translator['t']): string | undefined {
  const segment = firstSegment(pathname);
  const key = segment === undefined ? undefined : PUBLIC_PAGE_TITLES[segment];
  if (key) return t(key);
  // A school screen's banner title in the page's language; as the contract writes it where the
  // page has no navigation messages (a key comes back as itself).
  const bannerKey = bannerTitleKeyFor(pathname);
  const translated = bannerKey ? t(bannerKey) : undefined;
  return translated && translated !== bannerKey ? translated : bannerTitleFor(pathname);
}

/** The title of a page that does not exist. */
export const notFoundTitle = (t: Translator['t']): string => t('public-site.title.notFound');
