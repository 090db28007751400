import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n.js';
import { useApplication } from '../api/family-links.js';
import { ApplicationForm } from './ApplicationForm.js';
import { ApplicationSummary } from './ApplicationSummary.js';
import { LinkProblem, tokenOf } from './LinkProblem.js';

/**
 * /apply?token= (docs/decisions/0103-the-application-families-fill-in.md): the
 * application its mail's link opens, as a form while it is a draft, then a read-only summary.
 */
export function ApplicationPage() {
  const id = useId();
  const { t } = useI18n();
  const [search] = useSearchParams();
  const token = tokenOf(search);
  const application = useApplication(token);

  let body: React.ReactNode;
  if (token === '') body = <LinkProblem error={{ status: 404 }} />;
  else if (application.isPending) body = <p role="status">{t('admissions.apply.loading')}</p>;
  else if (application.isError)
    body = <LinkProblem error={application.error} onRetry={() => void application.refetch()} />;
  else if (application.data.status === 'submitted')
    body = <ApplicationSummary view={application.data} headingId={`${id}-summary`} />;
  else body = <ApplicationForm token={token} view={application.data} />;

  return (
    <section className="container py-4">
      <div className="mx-auto" style={{ maxWidth: '48rem' }}>
        {body}
      </div>
    </section>
  );
}
