import { Icon, type IconName } from '../../../components/ui/Icon.js';
import { PlaceholderLink } from '../../../components/ui/PlaceholderLink.js';
import { useI18n } from '../../../lib/i18n.js';

/** docs/contract/product.md#public-pages: non-functional social icons of a teacher or a post's author. */
const SOCIAL: readonly { label: string; icon: IconName }[] = [
  { label: 'Twitter', icon: 'twitter-x' },
  { label: 'Facebook', icon: 'facebook' },
  { label: 'LinkedIn', icon: 'linkedin' },
  { label: 'Instagram', icon: 'instagram' },
];

/**
 * A person's social icons (`<block>__social`, each link `<block>__social-link`), each labelled
 * "<name> on <network>".
 */
export function PersonSocialLinks({ name, block }: { name: string; block: 'teacher-card' | 'author-card' }) {
  const { t } = useI18n();
  return (
    <ul className={`${block}__social`}>
      {SOCIAL.map((link) => (
        <li key={link.icon}>
          <PlaceholderLink
            className={`${block}__social-link`}
            aria-label={t('public-site.social.on', { name, network: link.label })}
          >
            <Icon name={link.icon} />
          </PlaceholderLink>
        </li>
      ))}
    </ul>
  );
}
