import { useEffect } from 'react';
import { documentTitle } from '../../../shared/school-settings.js';
import { usePageTitle } from './PageBanner.js';
import { useSchool } from './school.js';

/**
 * The browser's title for every page: `About · Sunny Meadows Kids School`, the school's name alone
 * on the home page. The server writes the same title into the page it serves; this keeps it right
 * as the visitor moves on and when the principal renames the school. Until the settings are known
 * the title is left as it is.
 */
export function DocumentTitle() {
  const page = usePageTitle();
  const { settings, status } = useSchool();
  const name = settings?.name;
  useEffect(() => {
    if (status === 'pending') return;
    const title = documentTitle(page, name);
    if (title) document.title = title;
  }, [page, name, status]);
  return null;
}
