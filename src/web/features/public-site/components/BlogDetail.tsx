import { type ReactNode, useId } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { ContentRecord } from '../../../../shared/api/content.js';
import { SectionState, type SectionStatus, sectionStatus } from '../../../components/ui/SectionState.js';
import { paths } from '../../../config/paths.js';
import { Island } from '../../../islands/island.js';
import { useContent } from '../../../lib/content.js';
import { useI18n } from '../../../lib/i18n.js';
import { useBlogComments } from '../api/blog-comments.js';
import { TAGS } from '../lib/blog-placeholders.js';
import {
  blogCard,
  blogCategories,
  blogDefaults,
  blogDetailContent,
  chosenPostId,
  POST_NOT_FOUND,
  paragraphs,
} from '../lib/content-rules.js';
import {
  ARTICLE_PICTURE_SIZES,
  AUTHOR_PICTURE_SIZES,
  RECENT_POST_PICTURE_SIZES,
  RELATED_POST_PICTURE_SIZES,
} from '../lib/picture-sizes.js';
import { BlogComments } from './BlogComments.js';
import { BlogSearch } from './BlogSearch.js';
import { ContentImg } from './ContentImg.js';
import { PersonSocialLinks } from './PersonSocialLinks.js';
import { SkeletonLines } from './Skeleton.js';

export { chosenPostId, POST_NOT_FOUND };

function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {paragraphs(text).map((paragraph) => (
        <p key={paragraph} className={className}>
          {paragraph}
        </p>
      ))}
    </>
  );
}

function RelatedPosts({ posts }: { posts: ContentRecord<'blog'>[] }) {
  const { t } = useI18n();
  const headingId = useId();
  if (posts.length === 0) return null;
  return (
    <section className="related-posts" aria-labelledby={headingId}>
      <h2 id={headingId} className="blog-detail__heading">
        {t('public-site.blog.relatedPosts')}
      </h2>
      <ul className="row g-3 list-unstyled mb-0">
        {posts.map((post) => {
          const card = blogCard(post, blogDefaults(t));
          return (
            <li key={post.id} className="col-sm-6">
              <Link to={paths.blogPost(post.id)} className="related-post">
                <ContentImg
                  image={card.image}
                  width={600}
                  height={400}
                  sizes={RELATED_POST_PICTURE_SIZES}
                  className="related-post__image"
                />
                <span className="related-post__body">
                  <span className="related-post__category">{card.category}</span>
                  <span className="related-post__title">{card.title}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function SidebarWidget({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="sidebar-widget" aria-labelledby={headingId}>
      <h2 id={headingId} className="sidebar-widget__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function AuthorCard({ author }: { author: ContentRecord<'blogdetails'> | undefined }) {
  const { t } = useI18n();
  if (!author) return null;
  return (
    <section className="author-card" aria-label={t('public-site.blog.aboutAuthor')}>
      <ContentImg
        image={author.images[0]}
        width={300}
        height={300}
        sizes={AUTHOR_PICTURE_SIZES}
        className="author-card__photo"
      />
      <h2 className="author-card__name">{author.label}</h2>
      <p className="author-card__role">{author.title}</p>
      <Paragraphs text={author.description} className="author-card__bio" />
      <PersonSocialLinks name={author.label} block="author-card" />
    </section>
  );
}

/** One blog post as the article: its category and title, picture, author and text. */
function PostArticle({ post, status }: { post: ContentRecord<'blog'> | undefined; status: SectionStatus }) {
  const { t } = useI18n();
  const card = post ? blogCard(post, blogDefaults(t)) : undefined;
  return (
    <article className="blog-article" aria-busy={status.pending} aria-labelledby="blog-article-title">
      <header className="blog-article__header">
        <p className="section-heading__label">{card?.category}</p>
        <h2 id="blog-article-title" className="blog-article__title">
          {card?.title}
        </h2>
        {card ? (
          <p className="blog-article__byline">{t('public-site.blog.byline', { author: card.author })}</p>
        ) : null}
      </header>
      <SectionState status={status} />
      {status.pending ? <SkeletonLines lines={4} /> : null}
      {!status.pending && !status.failed && !card ? (
        <div className="blog-article__missing" role="status">
          <p>{t('public-site.blog.postNotFound')}</p>
          <Link to={paths.blog} className="btn btn-primary rounded-pill px-4">
            {t('public-site.blog.allPosts')}
          </Link>
        </div>
      ) : null}
      {card?.image ? (
        <ContentImg
          image={card.image}
          width={800}
          height={500}
          sizes={ARTICLE_PICTURE_SIZES}
          className="blog-article__image"
          eager
        />
      ) : null}
      {card ? <Paragraphs text={card.description} /> : null}
    </article>
  );
}

/**
 * Blog detail, /blogdetail (docs/contract/product.md#public-pages): the post (title, lead image and text from
 * the blog detail entries), related posts, the comments and their form; beside it the author card (fifth
 * entry), a search box, the categories with their counts, recent posts and a tag cloud. With `?post=<id>` (a
 * blog card's Read More) the article is that blog post instead.
 */
export function BlogDetail() {
  const { t, parts } = useI18n();
  const defaults = blogDefaults(t);
  const detailQuery = useContent('blogdetails');
  const blogQuery = useContent('blog');
  const [searchParams] = useSearchParams();
  const { search } = useLocation();
  const postParam = searchParams.get('post');
  const postId = chosenPostId(postParam);
  const posts = blogQuery.data ?? [];
  const post = postId === undefined ? undefined : posts.find((p) => p.id === postId);
  // The article the loader read the comments of (the same key, so a server-rendered page has them).
  const commentsQuery = useBlogComments(postId ?? null);
  const showsPost = postParam !== null;
  const status = sectionStatus(showsPost ? blogQuery : detailQuery);
  const detail = blogDetailContent(detailQuery.data);
  const title = showsPost ? (post?.heading ?? '') : (detail.intro?.title ?? '');
  const related = posts
    .filter((other) => (showsPost ? other.id !== post?.id : other.heading !== title))
    .slice(0, 2);

  return (
    <div className="blog-detail section-pad">
      <div className="container">
        <div className="row gx-lg-5 gy-5">
          <div className="col-lg-8">
            {showsPost ? (
              <PostArticle post={post} status={status} />
            ) : (
              <article
                className="blog-article"
                aria-busy={status.pending}
                aria-labelledby="blog-article-title"
              >
                <header className="blog-article__header">
                  <p className="section-heading__label">{detail.intro?.label}</p>
                  <h2 id="blog-article-title" className="blog-article__title">
                    {title}
                  </h2>
                </header>
                <SectionState status={status} />
                {status.pending ? <SkeletonLines lines={4} /> : null}
                {detail.intro ? (
                  <Paragraphs text={detail.intro.description} className="blog-article__lead" />
                ) : null}
                {detail.leadImage ? (
                  <ContentImg
                    image={detail.leadImage}
                    width={800}
                    height={500}
                    sizes={ARTICLE_PICTURE_SIZES}
                    className="blog-article__image"
                    eager
                  />
                ) : null}
                {detail.sections.map(({ entry, images }) => (
                  <section key={entry.id} className="blog-article__section">
                    {entry.label ? <p className="blog-article__kicker">{entry.label}</p> : null}
                    {entry.title ? <h3 className="blog-article__subtitle">{entry.title}</h3> : null}
                    {images.map((image) => (
                      <ContentImg
                        key={image.image}
                        image={image}
                        width={800}
                        height={500}
                        sizes={ARTICLE_PICTURE_SIZES}
                        className="blog-article__image"
                      />
                    ))}
                    <Paragraphs text={entry.description} />
                  </section>
                ))}
              </article>
            )}
            <RelatedPosts posts={related} />
            {showsPost && !post ? null : (
              <Island
                name="blog-comments"
                component={BlogComments}
                props={{
                  postId: post?.id ?? null,
                  comments: commentsQuery.data ?? [],
                  search,
                }}
              />
            )}
          </div>
          <div className="col-lg-4">
            <aside className="blog-sidebar" aria-label={t('public-site.blog.sidebar')}>
              <AuthorCard author={detail.author} />
              <Island name="blog-search" component={BlogSearch} props={{}} />
              <SidebarWidget title={t('public-site.blog.categories')}>
                <ul className="category-list">
                  {blogCategories(posts, defaults).map((category) => (
                    <li key={category.name}>
                      <Link to={paths.blog}>{category.name}</Link>
                      <span className="category-list__count">
                        {parts('public-site.blog.postCount', {
                          count: category.count,
                          hidden: (chunks) => (
                            <span key="hidden" className="visually-hidden">
                              {chunks}
                            </span>
                          ),
                        })}
                      </span>
                    </li>
                  ))}
                </ul>
              </SidebarWidget>
              <SidebarWidget title={t('public-site.blog.recentPosts')}>
                <ul className="recent-posts">
                  {posts.slice(0, 3).map((post) => {
                    const card = blogCard(post, defaults);
                    return (
                      <li key={post.id}>
                        <Link to={paths.blogPost(post.id)} className="recent-post">
                          <ContentImg
                            image={card.image}
                            width={600}
                            height={400}
                            sizes={RECENT_POST_PICTURE_SIZES}
                            className="recent-post__image"
                          />
                          <span>
                            <span className="recent-post__title">{card.title}</span>
                            <span className="recent-post__meta">{card.author}</span>
                          </span>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </SidebarWidget>
              <SidebarWidget title={t('public-site.blog.tagCloud')}>
                <ul className="tag-cloud">
                  {TAGS.map((tag) => (
                    <li key={tag}>
                      <Link to={paths.blog} className="tag-cloud__tag">
                        {t(tag)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </SidebarWidget>
            </aside>
          </div>
        </div>
      </div>
    </div>
  );
}
