import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Layout } from '../../components/layout/Layout.js';
import { SchoolContext } from '../../components/layout/school.js';
import { NewsletterForm } from '../../features/newsletter/components/NewsletterForm.js';
import { HomeHero } from '../../features/public-site/components/HomeHero.js';
import { Island } from '../../islands/island.js';
import { type AppLinkProps, type AppNavigation, AppNavigationContext } from '../../lib/app-navigation.js';
import { useSettings } from '../../lib/settings.js';

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
            <Island name="newsletter-form" component={NewsletterForm} props={{ pathname, search }} />
          }
        />
      </AppNavigationContext>
    </SchoolContext>
  );
}
