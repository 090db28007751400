import type { ContentImage } from '../../../../shared/api/content.js';
import type { SchoolSettings } from '../../../../shared/api/settings.js';
import { blogDetailCanonicalPath } from '../../../../shared/rules/blog-addresses.js';
import { readOpeningHours } from '../../../../shared/rules/opening-hours.js';
import { readPostalAddress } from '../../../../shared/rules/postal-address.js';
import { paths } from '../../../config/paths.js';
import {
  absoluteUpload,
  type PageHeadContext,
  type PageHeadFunction,
  schoolLogoUrl,
  summarize,
} from '../../../lib/page-head.js';
import { pageTitleFor } from '../../../lib/page-titles.js';
import {
  aboutContent,
  blogCard,
  blogDefaults,
  blogDetailContent,
  chosenPostId,
  headingOf,
} from './content-rules.js';

/**
 * Each public page's head (docs/decisions/0030-server-rendering.md): its title, a description
 * from its own content, its own picture and, for the home and contact pages and blog posts,
 * schema.org data. Everything comes from the school's settings and content, nothing from code.
 */

const firstImage = (...lists: (readonly ContentImage[] | undefined)[]): ContentImage | undefined =>
  lists.flatMap((list) => list ?? [])[0];

/**
 * The school as schema.org describes it, from the settings and the contact page's content: its
 * logo, a picture (the page's own, else the logo), the address in parts and the opening hours as
 * specifications where the free text can be read (shared/rules); hours that cannot be read are
 * told in the description, as written, never as a structure they do not have.
 */
function schoolData(
  { settings, content, t }: PageHeadContext,
  publicUrl: string,
  picture: ContentImage | undefined,
): Record<string, unknown> {
  const contact = content('contacts')[0];
  const address = readPostalAddress(contact?.address || settings.address);
  const telephone = contact?.phone || settings.phone;
  const email = contact?.email || settings.email;
  const hoursText = (contact?.openingHours || settings.openingHours).trim();
  const hours = readOpeningHours(hoursText);
  const logo = schoolLogoUrl(settings, publicUrl);
  const description = [
    summarize(settings.description, 300),
    hoursText && !hours
      ? t('public-site.head.openingHours', { hours: hoursText.replace(/\s+/g, ' ') })
      : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return withoutEmpty({
    '@context': 'https://schema.org',
    '@type': 'School',
    name: settings.name,
    url: new URL('/', publicUrl).toString(),
    description,
    logo,
    image: picture ? absoluteUpload(picture.image, publicUrl) : logo,
    address: address ? { '@type': 'PostalAddress', ...address } : undefined,
    telephone,
    email,
    openingHoursSpecification: hours,
    sameAs: socialProfiles(settings),
  });
}

/** The school as a post's publisher, and its author when the post names none. */
const schoolOrganization = (settings: SchoolSettings, publicUrl: string): Record<string, unknown> => ({
  '@type': 'Organization',
  name: settings.name,
  url: new URL('/', publicUrl).toString(),
  logo: schoolLogoUrl(settings, publicUrl),
});

const socialProfiles = (settings: SchoolSettings): string[] | undefined => {
  const links = Object.values(settings.socialLinks).filter((link) => link !== '');
  return links.length > 0 ? links : undefined;
};

/** Drops the keys whose value is undefined or '' (schema.org readers dislike empty values). */
function withoutEmpty(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== ''));
}

/** The page's origin, from the address it was asked at (PUBLIC_URL on the server). */
const originOf = (context: PageHeadContext): string => context.url.origin;

export const homeHead: PageHeadFunction = (context) => {
  const hero = context.content('home')[0];
  const image = firstImage(hero?.images);
  return {
    description: hero?.description || context.settings.description,
    image,
    canonicalPath: paths.home,
    structuredData: [schoolData(context, originOf(context), image)],
  };
};

export const aboutHead: PageHeadFunction = ({ content, url, t }) => {
  const about = aboutContent(content('about'));
  return {
    title: pageTitleFor(url.pathname, t),
    description: about.description,
    image: about.mainImage,
    canonicalPath: paths.about,
  };
};

export const classesHead: PageHeadFunction = ({ content, url, t }) => {
  const classes = content('kidsclasses');
  const heading = headingOf(content('class'));
  const names = classes.map((one) => one.title).filter(Boolean);
  return {
    title: pageTitleFor(url.pathname, t),
    description: [heading.title, names.length > 0 ? `${names.join(', ')}.` : ''].filter(Boolean).join(': '),
    image: firstImage(...classes.map((one) => one.images)),
    canonicalPath: paths.classes,
  };
};

export const teachersHead: PageHeadFunction = ({ content, url, t }) => {
  const teachers = content('teacher');
  const heading = headingOf(teachers);
  const names = teachers.map((one) => [one.name, one.designation].filter(Boolean).join(', '));
  return {
    title: pageTitleFor(url.pathname, t),
    description: [heading.title, names.filter(Boolean).join('; ')].filter(Boolean).join(': '),
    image: firstImage(...teachers.map((one) => one.images)),
    canonicalPath: paths.teachers,
  };
};

export const galleryHead: PageHeadFunction = ({ content, url, t }) => {
  const gallery = content('gallery');
  const heading = headingOf(gallery);
  const images = gallery.flatMap((one) => one.images);
  return {
    title: pageTitleFor(url.pathname, t),
    description: [
      heading.title,
      images
        .map((image) => image.alt)
        .filter(Boolean)
        .slice(0, 3)
        .join('. '),
    ]
      .filter(Boolean)
      .join(': '),
    image: images[0],
    canonicalPath: paths.gallery,
  };
};

export const blogHead: PageHeadFunction = ({ content, url, t }) => {
  const posts = content('blog');
  const heading = headingOf(posts);
  return {
    title: pageTitleFor(url.pathname, t),
    description: [
      heading.title,
      posts
        .map((post) => post.heading)
        .filter(Boolean)
        .join('; '),
    ]
      .filter(Boolean)
      .join(': '),
    image: firstImage(...posts.map((post) => post.images)),
    canonicalPath: paths.blog,
  };
};

export const blogDetailHead: PageHeadFunction = (context) => {
  const { content, url, settings, t } = context;
  const postId = chosenPostId(url.searchParams.get('post'));
  const post = postId === undefined ? undefined : content('blog').find((one) => one.id === postId);
  if (post) {
    const card = blogCard(post, blogDefaults(t));
    const origin = originOf(context);
    const address = new URL(paths.blogPost(post.id), origin).toString();
    const school = schoolOrganization(settings, origin);
    // The post's own author; a post that names none is the school's (its byline shows a default name).
    const author = post.author.trim();
    return {
      title: card.title,
      description: card.description,
      image: card.image,
      type: 'article',
      canonicalPath: paths.blogPost(post.id),
      structuredData: [
        withoutEmpty({
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: card.title,
          description: summarize(card.description, 300),
          image: card.image ? absoluteUpload(card.image.image, origin) : schoolLogoUrl(settings, origin),
          datePublished: post.publishedAt,
          dateModified: post.updatedAt ?? post.publishedAt,
          author: author ? { '@type': 'Person', name: author } : school,
          articleSection: card.category,
          mainEntityOfPage: address,
          url: address,
          publisher: school,
        }),
      ],
    };
  }
  if (url.searchParams.has('post')) {
    // The body says the post is gone: so does the head, and search engines are asked not to keep it.
    return {
      title: t('public-site.head.postNotFound'),
      description: t('public-site.blog.postNotFound'),
      canonicalPath: paths.blog,
      noIndex: true,
    };
  }
  const detail = blogDetailContent(content('blogdetails'));
  return {
    title: detail.intro?.title || pageTitleFor(url.pathname, t),
    description: detail.intro?.description,
    image: detail.leadImage,
    type: 'article',
    // The article is a post written at length when its title is the post's: then the post's address
    // is the one search engines keep (shared/rules/blog-addresses.ts; the sitemap agrees).
    canonicalPath: blogDetailCanonicalPath(detail.intro?.title, content('blog')),
  };
};

export const contactHead: PageHeadFunction = (context) => {
  const contact = context.content('contacts')[0];
  const image = firstImage(contact?.images);
  return {
    title: pageTitleFor(context.url.pathname, context.t),
    description: contact?.description || contact?.address,
    image,
    canonicalPath: paths.contact,
    structuredData: [schoolData(context, originOf(context), image)],
  };
};
