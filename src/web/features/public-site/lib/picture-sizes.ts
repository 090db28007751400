import { pictureSizes } from '../../../lib/images.js';

/**
 * The `sizes` of the public pages' pictures: how wide each is drawn, from the boxes of the page's
 * layout it sits in (Bootstrap's columns and gutters, our grids in styles/public.css). When a layout
 * changes there, its sizes change here; the e2e picture test compares both at 375 and 1280 px.
 */

/** A Bootstrap row's default gutter, and the wider one of `gx-lg-5` from the lg breakpoint. */
const GUTTER = { xs: 24 };
const WIDE_GUTTER = { xs: 24, lg: 48 };

/** `.gallery__grid`: two columns, three from md, four from xl. */
export const GALLERY_PICTURE_SIZES = pictureSizes([
  { share: { xs: 1 / 2, md: 1 / 3, xl: 1 / 4 }, gap: { xs: 12, md: 20 } },
]);

/** Class and blog cards (CardsSection, `col-md-6 col-lg-4` in a `row g-4`). */
export const CARD_PICTURE_SIZES = pictureSizes([{ share: { xs: 1, md: 1 / 2, lg: 1 / 3 }, gap: GUTTER }]);

/** A teacher's round photo: `col-6 col-lg-3`, at most 15rem (`.teacher-card__media`). */
export const TEACHER_PICTURE_SIZES = pictureSizes([{ share: { xs: 1 / 2, lg: 1 / 4 }, gap: GUTTER }], 240);

/** The about section's main picture (`col-lg-5` in a `row gx-lg-5`, in `.about__media`'s 1rem right padding). */
export const ABOUT_PICTURE_SIZES = pictureSizes([
  { share: { xs: 1, lg: 5 / 12 }, gap: WIDE_GUTTER, inset: 16 },
]);

/** Its small picture: `col-sm-5` of a `row g-4` inside the text's `col-lg-7`. */
export const ABOUT_SMALL_PICTURE_SIZES = pictureSizes([
  { share: { xs: 1, lg: 7 / 12 }, gap: WIDE_GUTTER },
  { share: { xs: 1, sm: 5 / 12 }, gap: GUTTER },
]);

/** The home page's hero picture: `col-lg-6` of a `row gx-4 gx-lg-5`, in `.home-hero__media`'s 1rem padding. */
export const HERO_PICTURE_SIZES = pictureSizes([
  { share: { xs: 1, lg: 1 / 2 }, gap: WIDE_GUTTER, inset: 32 },
]);

/** A blog post's pictures, in the article's `col-lg-8` of a `row gx-lg-5`. */
export const ARTICLE_PICTURE_SIZES = pictureSizes([{ share: { xs: 1, lg: 8 / 12 }, gap: WIDE_GUTTER }]);

/** Pictures of a fixed CSS width: the same on every screen. */
export const RELATED_POST_PICTURE_SIZES = '6.5rem';
export const RECENT_POST_PICTURE_SIZES = '5rem';
export const AUTHOR_PICTURE_SIZES = '8.5rem';
export const AVATAR_PICTURE_SIZES = '70px';
