import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  NEWSLETTER_LIMITS,
  type NewsletterIssue,
  type NewsletterIssueInput,
  NewsletterIssueInputSchema,
} from '../../../../shared/api/mail.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { EmptyState, FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolField } from '../../../components/school/SchoolField.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, showFieldErrors, topLevelField } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatWhen, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { useLeaveGuard } from '../../../lib/use-leave-guard.js';
import { useNewsletters, useSendNewsletter } from '../api/newsletters.js';

/** The Newsletters screen's words: keys of the newsletter catalog (`{ count }` where it counts subscribers). */
export const NEWSLETTERS_TEXTS = {
  title: 'newsletter.write.title',
  /** `{ count }` */
  reach: 'newsletter.write.reach',
  nobody: 'newsletter.write.nobody',
  subject: 'newsletter.write.subject',
  text: 'newsletter.write.text',
  textHint: 'newsletter.write.textHint',
  /** `{ length, max }` */
  textLength: 'newsletter.write.textLength',
  send: 'newsletter.write.send',
  /** `{ count }` */
  confirmTitle: 'newsletter.write.confirmTitle',
  confirmBody: 'newsletter.write.confirmBody',
  confirmLabel: 'newsletter.write.confirmLabel',
  /** `{ count }` */
  sent: 'newsletter.write.sent',
  failed: 'newsletter.write.failed',
  leaveTitle: 'newsletter.write.leaveTitle',
  leaveText: 'newsletter.write.leaveText',
  leaveLabel: 'newsletter.write.leaveLabel',
  historyTitle: 'newsletter.history.title',
  historyLead: 'newsletter.history.lead',
  none: 'newsletter.history.none',
  /** `{ when, count, sender }` */
  sentLine: 'newsletter.history.sentLine',
} as const;

const FIELDS = ['subject', 'text'] as const;

type NewsletterFormInput = NewsletterIssueInput;

function NewsletterForm({ confirmed }: { confirmed: number }) {
  const { t } = useI18n();
  const id = useId();
  const send = useSendNewsletter();
  const [asking, setAsking] = useState<NewsletterIssueInput | undefined>();
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<NewsletterFormInput, unknown, NewsletterIssueInput>({
    resolver: zodResolver(NewsletterIssueInputSchema),
    defaultValues: { subject: '', text: '' },
  });
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isDirty },
  } = form;
  const blocker = useLeaveGuard(isDirty, send.isPending);
  const textLength = watch('text').length;

  const sendNow = async (values: NewsletterIssueInput): Promise<void> => {
    setProblems([]);
    try {
      const issue = await send.mutateAsync(values);
      notify.success(t(NEWSLETTERS_TEXTS.sent, { count: issue.recipients }));
      reset({ subject: '', text: '' });
    } catch (error) {
      const shown = showFieldErrors(
        fieldErrorsOf(error),
        form.setError,
        topLevelField<NewsletterIssueInput>(FIELDS),
      );
      if (shown === 0) setProblems([isApiError(error) ? error.message : t(NEWSLETTERS_TEXTS.failed)]);
    } finally {
      setAsking(undefined);
    }
  };

  const fieldProps = (name: (typeof FIELDS)[number]) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [errors[name] ? `${id}-${name}-error` : '', name === 'text' ? `${id}-text-hint` : '']
        .filter(Boolean)
        .join(' ') || undefined,
    ...register(name),
  });
  const fieldError = (name: (typeof FIELDS)[number]) =>
    errors[name] ? (
      <div id={`${id}-${name}-error`} className="invalid-feedback d-block">
        {errors[name]?.message}
      </div>
    ) : null;

  return (
    <form
      noValidate
      aria-label={t(NEWSLETTERS_TEXTS.title)}
      onSubmit={handleSubmit((values) => setAsking(values))}
    >
      <ErrorLines lines={problems} />
      <SchoolField id={`${id}-subject`} label={t(NEWSLETTERS_TEXTS.subject)} className="mb-3">
        <input
          type="text"
          className={`form-control${errors.subject ? ' is-invalid' : ''}`}
          maxLength={NEWSLETTER_LIMITS.subject}
          autoComplete="off"
          {...fieldProps('subject')}
        />
        {fieldError('subject')}
      </SchoolField>
      <SchoolField id={`${id}-text`} label={t(NEWSLETTERS_TEXTS.text)} className="mb-3">
        <textarea
          className={`form-control${errors.text ? ' is-invalid' : ''}`}
          rows={12}
          maxLength={NEWSLETTER_LIMITS.text}
          {...fieldProps('text')}
        />
        {fieldError('text')}
        <small id={`${id}-text-hint`} className="text-muted d-block">
          {t(NEWSLETTERS_TEXTS.textHint)}{' '}
          {t(NEWSLETTERS_TEXTS.textLength, {
            length: String(textLength),
            max: String(NEWSLETTER_LIMITS.text),
          })}
        </small>
      </SchoolField>
      <button
        type="submit"
        className="btn btn-primary rounded-pill px-4"
        disabled={confirmed === 0 || send.isPending}
      >
        {t(NEWSLETTERS_TEXTS.send)}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t(NEWSLETTERS_TEXTS.confirmTitle, { count: confirmed })}
          confirmLabel={t(NEWSLETTERS_TEXTS.confirmLabel)}
          tone="primary"
          busy={send.isPending}
          onConfirm={() => void sendNow(asking)}
          onCancel={() => setAsking(undefined)}
        >
          <p className="mb-1">
            <strong>{asking.subject}</strong>
          </p>
          <p className="mb-0">{t(NEWSLETTERS_TEXTS.confirmBody)}</p>
        </ConfirmDialog>
      ) : null}
      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          title={t(NEWSLETTERS_TEXTS.leaveTitle)}
          confirmLabel={t(NEWSLETTERS_TEXTS.leaveLabel)}
          onConfirm={() => blocker.proceed?.()}
          onCancel={() => blocker.reset?.()}
        >
          <p className="mb-0">{t(NEWSLETTERS_TEXTS.leaveText)}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

function SentNewsletters({ issues }: { issues: readonly NewsletterIssue[] }) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  return (
    <ul className="list-unstyled mb-0">
      {issues.map((issue) => (
        <li key={issue.id} className="border-bottom py-2">
          <details>
            <summary>
              <span className="fw-bold">{issue.subject}</span>
              <span className="d-block small text-body-secondary">
                {t(NEWSLETTERS_TEXTS.sentLine, {
                  when: formatWhen(issue.createdAt, timeZone, locale),
                  count: issue.recipients,
                  sender: issue.sentBy,
                })}
              </span>
            </summary>
            <div className="mt-2" style={{ whiteSpace: 'pre-wrap' }}>
              {issue.text}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}

/**
 * Newsletters, /newsletters (docs/decisions/0025-newsletter.md): the principal writes a newsletter
 * (subject and text), confirms "Send to N subscribers?", and it is queued as one mail per confirmed
 * subscriber; below, the newsletters sent so far.
 */
export function NewslettersScreen() {
  const { t } = useI18n();
  const newsletters = useNewsletters();
  const confirmed = newsletters.data?.confirmedSubscribers;

  return (
    <>
      <SchoolPanel
        title={t(NEWSLETTERS_TEXTS.title)}
        lead={
          confirmed === undefined
            ? undefined
            : confirmed === 0
              ? t(NEWSLETTERS_TEXTS.nobody)
              : t(NEWSLETTERS_TEXTS.reach, { count: confirmed })
        }
      >
        {newsletters.isError && !newsletters.data ? (
          <FailureState error={newsletters.error} retry={newsletters.refetch} />
        ) : confirmed === undefined ? (
          <LoadingState />
        ) : (
          <NewsletterForm confirmed={confirmed} />
        )}
      </SchoolPanel>
      {newsletters.data ? (
        <SchoolPanel title={t(NEWSLETTERS_TEXTS.historyTitle)} lead={t(NEWSLETTERS_TEXTS.historyLead)}>
          {newsletters.data.data.length === 0 ? (
            <EmptyState>{t(NEWSLETTERS_TEXTS.none)}</EmptyState>
          ) : (
            <SentNewsletters issues={newsletters.data.data} />
          )}
        </SchoolPanel>
      ) : null}
    </>
  );
}
