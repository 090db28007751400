import { useMemo } from 'react';
import { Layout } from '../../components/layout/Layout.js';
import { SchoolContext } from '../../components/layout/school.js';
import { HomeHero } from '../../features/content/components/HomeHero.js';
import { NewsletterForm } from '../../features/newsletter/components/NewsletterForm.js';
import { useSettings } from '../../features/settings/api/get-settings.js';

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
