import { mediaVariants } from '../../../shared/media-files.js';
import { paths } from '../../config/paths.js';
import { AppLink } from '../../lib/app-navigation.js';
import { useI18n } from '../../lib/i18n.js';
import { uploadUrl } from '../../lib/images.js';
import { Icon } from '../ui/Icon.js';
import { useSchool } from './school.js';

/** The narrowest stored width of a media picture is plenty for a logo a few dozen pixels high. */
const logoUrl = (logo: string): string => uploadUrl(mediaVariants(logo)?.[0]?.image ?? logo);

/** The school's logo: its uploaded picture, or the default logo the app ships (the balloon heart). */
export function SchoolLogo({ logo }: { logo: string | undefined }) {
  if (logo) return <img className="site-brand__logo" src={logoUrl(logo)} alt="" />;
  return (
    <span className="site-brand__icon" aria-hidden="true">
      <Icon name="balloon-heart-fill" />
    </span>
  );
}

export interface SchoolBrandProps {
  className?: string;
}

/**
 * The school's logo and name, a link home (the navigation's brand and the footer's). While the
 * settings load, or when they could not be loaded, the name is left out (the link is still named
 * "Home page" for screen readers) rather than show another school's.
 */
export function SchoolBrand({ className = 'navbar-brand site-brand' }: SchoolBrandProps) {
  const { t } = useI18n();
  const { settings } = useSchool();
  const name = settings?.name;
  return (
    <AppLink
      href={paths.home}
      className={className}
      aria-label={name ? undefined : t('layout.brand.homePage')}
    >
      <SchoolLogo logo={settings?.logo} />
      {name ? <span className="site-brand__name">{name}</span> : null}
    </AppLink>
  );
}
