import { useI18n } from '../../lib/i18n.js';

/** What a screen shows until its issue builds it: one honest, friendly sentence. */
export function ScreenPlaceholder() {
  const { t } = useI18n();
  return (
    <section className="container py-5">
      <p className="screen-placeholder">{t('cms.ui.screenPlaceholder')}</p>
    </section>
  );
}
