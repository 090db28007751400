import { BLOG_DEFAULTS, GALLERY_CATEGORIES, type GalleryCategory } from '../../../../shared/constants.js';
import { type ContentImage, type ContentRecord, splitChecklist } from '../../../../shared/content-records.js';
import type { Translator } from '../../../lib/i18n.js';

/**
 * The data rules of the public sections (docs/contract/product.md#public-pages,
 * docs/contract/product.md#records and docs/contract/fixes-and-gaps.md#fix-1,
 * docs/contract/fixes-and-gaps.md#fix-2, docs/contract/fixes-and-gaps.md#fix-14), as pure functions so each
 * rule is tested once and the components only draw.
 */

/**
 * What the blog detail page says in English when `?post=` names no post (its body and its head show
 * the page's language's, public-site.blog.postNotFound).
 */
export const POST_NOT_FOUND = 'This post could not be found. It may have been taken down.';

/** `?post=<id>` of a Read More link: the id when it is one (decimal digits), else undefined. */
export function chosenPostId(value: string | null): number | undefined {
  return value !== null && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined;
}

export interface SectionHeadingText {
  label: string;
  title: string;
}

/** Classes, teachers, blog, gallery and contact take their section heading from record 0. */
export function headingOf(
  records: readonly { label: string; title: string }[] | undefined,
): SectionHeadingText {
  const first = records?.[0];
  return { label: first?.label ?? '', title: first?.title ?? '' };
}

export interface AboutContent {
  label: string;
  title: string;
  description: string;
  learnMoreLabel: string;
  mainImage: ContentImage | undefined;
  secondImage: ContentImage | undefined;
  checklist: string[];
}

/** About: record 1 gives the text and both images, record 0 the `#`-separated check-list. */
export function aboutContent(records: readonly ContentRecord<'about'>[] | undefined): AboutContent {
  const main = records?.[1];
  return {
    label: main?.label ?? '',
    title: main?.title ?? '',
    description: main?.description ?? '',
    learnMoreLabel: main?.learnMoreLabel ?? '',
    mainImage: main?.images[0],
    secondImage: main?.images[1],
    checklist: splitChecklist(records?.[0]?.checklist),
  };
}

export interface BlogCardContent {
  id: number;
  title: string;
  description: string;
  author: string;
  category: string;
  commentCount: number;
  image: ContentImage | undefined;
}

/** The author and category of a post that names none, in the page's language. */
export interface BlogDefaults {
  author: string;
  category: string;
}

/** The default author and category (BLOG_DEFAULTS' in English) in the language of `t`. */
export const blogDefaults = (t: Translator['t']): BlogDefaults => ({
  author: t('public-site.blog.defaultAuthor'),
  category: t('public-site.blog.defaultCategory'),
});

/**
 * A blog card shows its own post's text; author and category default (docs/contract/fixes-and-gaps.md#fix-2).
 */
export function blogCard(
  post: ContentRecord<'blog'>,
  defaults: BlogDefaults = BLOG_DEFAULTS,
): BlogCardContent {
  return {
    id: post.id,
    title: post.heading,
    description: post.description,
    author: post.author.trim() || defaults.author,
    category: post.category.trim() || defaults.category,
    // Comments on posts do not exist yet; the original fixed count stands in
    // (docs/contract/product.md#constants).
    commentCount: BLOG_DEFAULTS.commentCount,
    image: post.images[0],
  };
}

/** Categories of the posts with how many posts each has, in order of first appearance. */
export function blogCategories(
  posts: readonly ContentRecord<'blog'>[],
  defaults: BlogDefaults = BLOG_DEFAULTS,
): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const post of posts) {
    const { category } = blogCard(post, defaults);
    counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => ({ name, count }));
}

export type GalleryFilter = 'All' | GalleryCategory;
export const GALLERY_FILTERS: readonly GalleryFilter[] = ['All', ...GALLERY_CATEGORIES];

/**
 * The images a gallery filter shows (docs/contract/fixes-and-gaps.md#fix-14: each image has its own
 * category).
 */
export function filterGallery(images: readonly ContentImage[], filter: GalleryFilter): ContentImage[] {
  return filter === 'All' ? [...images] : images.filter((image) => image.category === filter);
}

/** A text field's paragraphs: blank lines separate them. */
export function paragraphs(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export const BLOG_DETAIL_AUTHOR_INDEX = 4;

export interface BlogDetailContent {
  /** Entry 0: the post's category label, title and lead paragraph. */
  intro: ContentRecord<'blogdetails'> | undefined;
  /** The first picture of the first three entries, shown under the title. */
  leadImage: ContentImage | undefined;
  /** Every further entry but the author card, in order: subheading, text and own pictures. */
  sections: { entry: ContentRecord<'blogdetails'>; images: ContentImage[] }[];
  /** Entry 4: the author card of the sidebar. */
  author: ContentRecord<'blogdetails'> | undefined;
}

/**
 * The blog detail page's parts (docs/contract/product.md#public-pages): title, lead image and text from the
 * first three entries, the author card from the fifth. Other entries (the fourth, a sixth, ...) continue the
 * article, so nothing an editor writes is lost.
 */
export function blogDetailContent(
  entries: readonly ContentRecord<'blogdetails'>[] | undefined,
): BlogDetailContent {
  const list = entries ?? [];
  const leadImage = list.slice(0, 3).flatMap((entry) => entry.images)[0];
  const sections = list
    .map((entry, index) => ({ entry, index }))
    .filter(({ index }) => index !== 0 && index !== BLOG_DETAIL_AUTHOR_INDEX)
    .map(({ entry }) => ({ entry, images: entry.images.filter((image) => image !== leadImage) }));
  return { intro: list[0], leadImage, sections, author: list[BLOG_DETAIL_AUTHOR_INDEX] };
}

/**
 * A public section with nothing to show is left out of the page, heading and frame included
 * (docs/decisions/0053-a-starter-site-for-a-real-school.md): a new school's site grows section by
 * section as its records are added. While its content loads a section keeps its placeholders, and
 * when the content could not load it stays to say so and offer Retry.
 */
export function isSectionHidden(status: { pending: boolean; failed: boolean }, hasContent: boolean): boolean {
  return !status.pending && !status.failed && !hasContent;
}

/** Whether the about section has anything of its own to show (its button alone is not content). */
export function aboutHasContent(about: AboutContent): boolean {
  return Boolean(
    about.title || about.description || about.mainImage || about.secondImage || about.checklist.length > 0,
  );
}

/** The collections whose records fill a public page's sections, and when they have content. */
export const SECTION_CONTENT = {
  kidsclasses: (records: readonly unknown[]) => records.length > 0,
  teacher: (records: readonly unknown[]) => records.length > 0,
  comments: (records: readonly unknown[]) => records.length > 0,
  blog: (records: readonly unknown[]) => records.length > 0,
  facilities: (records: readonly unknown[]) => records.length > 0,
  gallery: (records: readonly { images: readonly ContentImage[] }[]) => (records[0]?.images.length ?? 0) > 0,
} as const;

export type SectionCollection = keyof typeof SECTION_CONTENT;
