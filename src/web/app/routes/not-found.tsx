import { Link } from 'react-router';
import { SectionHeading } from '../../components/ui/SectionHeading.js';
import { paths } from '../../config/paths.js';
import { useI18n } from '../../lib/i18n.js';

/** Any path the site does not have. The banner above already says "Page not found". */
export default function NotFoundRoute() {
  const { t } = useI18n();
  return (
    <section className="container py-5 text-center">
      <SectionHeading label={t('layout.notFound.label')} title={t('layout.notFound.title')} />
      <p className="mb-4">{t('layout.notFound.text')}</p>
      <Link to={paths.home} className="btn btn-primary rounded-pill px-4">
        {t('layout.notFound.home')}
      </Link>
    </section>
  );
}
