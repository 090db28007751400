import type { ComponentType } from 'react';
import type { MessageArea } from '../../shared/i18n/message-keys.js';

/**
 * Every island of the public pages (islands/island.tsx), by name, as the browser loads it: each is a
 * chunk of its own, fetched by the islands entry (site.tsx) only on a page that has one.
 */
export const ISLAND_LOADERS = {
  'site-nav': () => import('../components/layout/NavBar.js').then((module) => module.NavBar),
  toasts: () => import('../components/layout/Toasts.js').then((module) => module.Toasts),
  'newsletter-form': () =>
    import('../features/newsletter/components/NewsletterForm.js').then((module) => module.NewsletterForm),
  'contact-form': () =>
    import('../features/public-site/components/ContactForm.js').then((module) => module.ContactForm),
  'login-form': () =>
    import('../features/accounts/components/LoginForm.js').then((module) => module.LoginForm),
  'registration-form': () =>
    import('../features/accounts/components/RegistrationForm.js').then((module) => module.RegistrationForm),
  'book-seat-form': () =>
    import('../features/public-site/components/BookSeatForm.js').then((module) => module.BookSeatForm),
  testimonials: () =>
    import('../features/public-site/components/TestimonialsCarousel.js').then(
      (module) => module.TestimonialsCarousel,
    ),
  gallery: () =>
    import('../features/public-site/components/GalleryPictures.js').then((module) => module.GalleryPictures),
  'blog-comments': () =>
    import('../features/public-site/components/BlogComments.js').then((module) => module.BlogComments),
  'blog-search': () =>
    import('../features/public-site/components/BlogSearch.js').then((module) => module.BlogSearch),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof ISLAND_LOADERS;

/**
 * The catalog areas each island's texts come from: the server hands a page those areas' messages
 * (and no others), so an island that shows a message of another area shows its key instead.
 */
export const ISLAND_MESSAGE_AREAS: Readonly<Record<IslandName, readonly MessageArea[]>> = {
  'site-nav': ['common', 'layout'],
  toasts: ['common'],
  'newsletter-form': ['common', 'validation', 'errors', 'layout', 'forms'],
  'contact-form': ['common', 'validation', 'errors', 'public-site', 'forms'],
  'login-form': ['common', 'validation', 'errors', 'accounts', 'forms', 'two-factor'],
  'registration-form': ['common', 'validation', 'errors', 'accounts', 'forms'],
  'book-seat-form': ['common', 'validation', 'errors', 'public-site', 'forms'],
  testimonials: ['common', 'public-site'],
  gallery: ['common', 'public-site'],
  'blog-comments': ['common', 'validation', 'errors', 'public-site', 'forms'],
  'blog-search': ['common', 'public-site'],
};

/**
 * When an island's code is fetched and it is hydrated (docs/decisions/0097-islands-hydrated-when-seen.md):
 * `load` at once; `visible` when it comes near the screen (or something in it takes the focus). Below
 * the fold of most pages, those islands' code is not sent to a visitor who never scrolls to them; their
 * server HTML works without it meanwhile (a form posts, docs/decisions/0042-react-islands.md).
 */
export type IslandHydration = 'load' | 'visible';

export const ISLAND_HYDRATION: Readonly<Record<IslandName, IslandHydration>> = {
  'site-nav': 'load',
  toasts: 'load',
  'newsletter-form': 'visible',
  'contact-form': 'load',
  'login-form': 'load',
  'registration-form': 'load',
  'book-seat-form': 'visible',
  testimonials: 'visible',
  gallery: 'load',
  'blog-comments': 'visible',
  'blog-search': 'load',
};

export const isIslandName = (name: string): name is IslandName => Object.hasOwn(ISLAND_LOADERS, name);
