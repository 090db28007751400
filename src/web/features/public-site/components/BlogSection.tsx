import { Link } from 'react-router';
import { PageIcon } from '../../../components/ui/PageIcon.js';
import { sectionStatus } from '../../../components/ui/SectionState.js';
import { paths } from '../../../config/paths.js';
import { useContent } from '../../../lib/content.js';
import { useI18n } from '../../../lib/i18n.js';
import { type BlogCardContent, blogCard, blogDefaults, headingOf } from '../lib/content-rules.js';
import { CARD_PICTURE_SIZES } from '../lib/picture-sizes.js';
import { CardsSection } from './CardsSection.js';
import { ContentImg } from './ContentImg.js';
import { SKELETON_CARDS, SkeletonLines } from './Skeleton.js';

function BlogCard({ card, eager = false }: { card: BlogCardContent; eager?: boolean }) {
  const { t, parts } = useI18n();
  return (
    <article className="blog-card">
      <ContentImg
        image={card.image}
        width={600}
        height={400}
        sizes={CARD_PICTURE_SIZES}
        className="blog-card__image"
        eager={eager}
      />
      <div className="blog-card__body">
        <ul className="blog-card__meta">
          <li>
            <PageIcon name="person" />
            <span className="visually-hidden">{t('public-site.blog.author')}</span>
            <span>{card.author}</span>
          </li>
          <li>
            <PageIcon name="folder2-open" />
            <span className="visually-hidden">{t('public-site.blog.category')}</span>
            <span>{card.category}</span>
          </li>
          <li>
            <PageIcon name="chat-dots" />
            {parts('public-site.blog.commentCount', {
              count: card.commentCount,
              hidden: (chunks) => (
                <span key="hidden" className="visually-hidden">
                  {chunks}
                </span>
              ),
            })}
          </li>
        </ul>
        <h3 className="blog-card__title">{card.title}</h3>
        <p className="blog-card__text">{card.description}</p>
        <Link to={paths.blogPost(card.id)} className="btn btn-primary rounded-pill px-4 blog-card__action">
          {parts('public-site.blog.readMore', {
            title: card.title,
            hidden: (chunks) => (
              <span key="hidden" className="visually-hidden">
                {chunks}
              </span>
            ),
          })}
        </Link>
      </div>
    </article>
  );
}

export interface BlogSectionProps {
  /** Show at most this many posts (home shows the latest three). */
  limit?: number;
  /** The blog page's first picture is its largest above the fold: loaded at once (not on home). */
  eagerFirstImage?: boolean;
}

/**
 * Blog (docs/contract/product.md#public-pages): heading1/heading2 from record 0; a card per post with its
 * image, author and category (defaults Admin / Web Design), the comment count, its own description
 * (docs/contract/fixes-and-gaps.md#fix-2, clamped to a few lines) and Read More.
 */
export function BlogSection({ limit, eagerFirstImage = false }: BlogSectionProps) {
  const { t } = useI18n();
  const query = useContent('blog');
  const status = sectionStatus(query);
  return (
    <CardsSection
      className="blog section-pad"
      status={status}
      heading={headingOf(query.data)}
      cardClassName="col-md-6 col-lg-4"
      skeletonCount={SKELETON_CARDS}
      skeleton={
        <div className="blog-card" aria-hidden="true">
          <span
            className="content-img content-img--empty blog-card__image"
            style={{ aspectRatio: '3 / 2' }}
          />
          <div className="blog-card__body">
            <SkeletonLines lines={4} />
          </div>
        </div>
      }
      cards={(query.data ?? []).slice(0, limit)}
      renderCard={(post) => (
        <BlogCard
          card={blogCard(post, blogDefaults(t))}
          eager={eagerFirstImage && post === query.data?.[0]}
        />
      )}
    />
  );
}
