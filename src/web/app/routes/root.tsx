import { Suspense, useMemo } from 'react';
import { Layout } from '../../components/layout/Layout.js';
import { SchoolContext } from '../../components/layout/school.js';
import { HomeHero } from '../../features/public-site/components/HomeHero.js';
import { deferredComponent } from '../../lib/deferred-component.js';
import { useSettings } from '../../lib/settings.js';

/**
 * The footer's newsletter form, with its form library and schemas, is not in the first load
 * (docs/decisions/0031-first-load-javascript.md): the server renders it, the browser hydrates it
 * when its chunk has arrived.
 */
const NewsletterForm = deferredComponent(() =>
  import('../../features/newsletter/components/NewsletterForm.js').then((module) => module.NewsletterForm),
);

/** The root route's frame, with the features that live in it and the school's settings. */
export function RootLayout() {
  const { data, status } = useSettings();
  const school = useMemo(() => ({ settings: data, status }), [data, status]);
  return (
    <SchoolContext value={school}>
      <Layout
        homeBanner={<HomeHero />}
        newsletter={
          <Suspense fallback={null}>
            <NewsletterForm />
          </Suspense>
        }
      />
    </SchoolContext>
  );
}
