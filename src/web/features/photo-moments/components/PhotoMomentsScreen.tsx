import '../../../styles/photo-moments.css';
import { USER_TYPE } from '../../../../shared/constants.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { useI18n } from '../../../lib/i18n.js';
import { MomentFeed } from './MomentFeed.js';
import { PostMomentForm } from './PostMomentForm.js';

/**
 * /photos (docs/decisions/0079-photo-consent.md): teachers and the principal share a moment and see
 * the moments of their children; a family sees the moments of its children that the consents allow,
 * and downloads them.
 */
export function PhotoMomentsScreen() {
  const { t } = useI18n();
  const viewer = useCurrentUser().data;
  const staff = viewer?.type === USER_TYPE.teacher || viewer?.type === USER_TYPE.principal;
  return (
    <SchoolPanel
      title={t('photo-moments.title')}
      lead={staff ? t('photo-moments.leadStaff') : t('photo-moments.leadFamily')}
      className="photo-moments"
    >
      {staff ? <PostMomentForm /> : null}
      <h3 className="photo-moments__feed-title">{t('photo-moments.feed.title')}</h3>
      <MomentFeed />
    </SchoolPanel>
  );
}
