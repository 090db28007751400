import { Link } from 'react-router';
import { mediaSrcSet } from '../../../../shared/media-files.js';
import { useSchool } from '../../../components/layout/school.js';
import { paths } from '../../../config/paths.js';
import { useContent } from '../../../lib/content.js';
import { useI18n } from '../../../lib/i18n.js';
import { uploadUrl } from '../../../lib/images.js';
import { HERO_PICTURE_SIZES } from '../lib/picture-sizes.js';

const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 480;

/**
 * The home page's banner (docs/contract/product.md#shared-elements): heading, heading2, description and the
 * learm_more button on the left, the first image on the right, all from the first home record. Until the
 * record arrives the fields are empty (docs/contract/product.md#states); a failed load says so and offers a
 * retry (docs/contract/fixes-and-gaps.md#fix-7).
 */
export function HomeHero() {
  const { t, parts } = useI18n();
  const { data, isPending, isError, refetch } = useContent('home');
  const record = data?.[0];
  const image = record?.images[0];
  const heroSrcSet = image ? mediaSrcSet(image.image, uploadUrl) : undefined;
  // The page's one heading while the title is empty or loading: the school's name, else Home.
  const fallbackTitle = useSchool().settings?.name || t('public-site.hero.home');

  return (
    <section className="home-hero" aria-busy={isPending}>
      <div className="container">
        <div className="row align-items-center gx-4 gx-lg-5 gy-5">
          <div className="col-lg-6">
            <p className="home-hero__label">{record?.heading}</p>
            <h1 className="home-hero__title">
              {record?.title || <span className="visually-hidden">{fallbackTitle}</span>}
            </h1>
            <p className="home-hero__text">{record?.description}</p>
            {record?.learnMoreLabel ? (
              <Link to={paths.about} className="btn btn-primary btn-lg rounded-pill px-4">
                {parts('public-site.hero.learnMore', {
                  label: record.learnMoreLabel,
                  hidden: (chunks) => (
                    <span key="hidden" className="visually-hidden">
                      {chunks}
                    </span>
                  ),
                })}
              </Link>
            ) : null}
            {/* Never in a server-rendered page, where no script would run it: a page whose content did
                not load is not rendered on the server (api/prefetch-content.ts) but by the app, where
                Retry works. So the hero needs no island. */}
            {isError ? (
              <div className="load-error" role="alert">
                <p className="mb-2">{t('public-site.section.loadError')}</p>
                <button
                  type="button"
                  className="btn btn-outline-primary rounded-pill"
                  onClick={() => void refetch()}
                >
                  {t('public-site.section.retry')}
                </button>
              </div>
            ) : null}
          </div>
          {/* No empty frame where a school has put no picture yet (docs/decisions/0053-a-starter-site-for-a-real-school.md). */}
          {image || isPending ? (
            <div className="col-lg-6">
              <div className="home-hero__media">
                {image ? (
                  <img
                    className="home-hero__image"
                    src={uploadUrl(image.image)}
                    srcSet={heroSrcSet}
                    sizes={heroSrcSet ? HERO_PICTURE_SIZES : undefined}
                    alt={image.alt}
                    width={IMAGE_WIDTH}
                    height={IMAGE_HEIGHT}
                    fetchPriority="high"
                  />
                ) : (
                  <div className="home-hero__image home-hero__image--empty" aria-hidden="true" />
                )}
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
