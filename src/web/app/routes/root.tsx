import { useMemo } from 'react';
import { Layout } from '../../components/layout/Layout.js';
import { SchoolContext } from '../../components/layout/school.js';
import { NewsletterForm } from '../../features/newsletter/components/NewsletterForm.js';
import { HomeHero } from '../../features/public-site/components/HomeHero.js';
import { useSettings } from '../../lib/settings.js';

/** The root route's frame, with the features that live in it and the school's settings. */
export function RootLayout() {
  const { data, status } = useSettings();
  const school = useMemo(() => ({ settings: data, status }), [data, status]);
  return (
    <SchoolContext value={school}>
      <Layout homeBanner={<HomeHero />} newsletter={<NewsletterForm />} />
    </SchoolContext>
  );
}
