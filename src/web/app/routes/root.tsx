import { Layout } from '../../components/layout/Layout.js';
import { HomeHero } from '../../features/content/components/HomeHero.js';
import { NewsletterForm } from '../../features/newsletter/components/NewsletterForm.js';

/** The root route's frame, with the features that live in it. */
export function RootLayout() {
  return <Layout homeBanner={<HomeHero />} newsletter={<NewsletterForm />} />;
}
