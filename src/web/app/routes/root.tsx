import { lazy, Suspense, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Layout } from '../../components/layout/Layout.js';
import { SchoolContext } from '../../components/layout/school.js';
import { HomeHero } from '../../features/public-site/components/HomeHero.js';
import { Island } from '../../islands/island.js';
import { type AppLinkProps, type AppNavigation, AppNavigationContext } from '../../lib/app-navigation.js';
import { useSettings } from '../../lib/settings.js';

/**
 * The footer's newsletter form, fetched with the first page that shows the footer: the school area
 * has none, so its first screen loads no form code (docs/decisions/0073-budgets-won-back.md). The
 * server renders the island with the registry's component (entry-server.tsx).
 */
const NewsletterForm = lazy(() =>
  import('../../features/newsletter/components/NewsletterForm.js').then((module) => ({
    default: module.NewsletterForm,
  })),
);

/** The router's link, for components that are also islands (lib/app-navigation.tsx). */
function RouterLink({ href, ...rest }: AppLinkProps) {
  return <Link to={href} {...rest} />;
}

/** The root route's frame, with the features that live in it, the school's settings and the router's links. */
export function RootLayout() {
  const { data, status } = useSettings();
  const school = useMemo(() => ({ settings: data, status }), [data, status]);
  const routerNavigate = useNavigate();
  const navigation = useMemo<AppNavigation>(
    () => ({ Link: RouterLink, navigate: (to) => void routerNavigate(to) }),
    [routerNavigate],
  );
  const { pathname, search } = useLocation();
  return (
    <SchoolContext value={school}>
      <AppNavigationContext value={navigation}>
        <Layout
          homeBanner={<HomeHero />}
          newsletter={
            <Suspense fallback={null}>
              <Island name="newsletter-form" component={NewsletterForm} props={{ pathname, search }} />
            </Suspense>
          }
        />
      </AppNavigationContext>
    </SchoolContext>
  );
}
