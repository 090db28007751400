import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  MAX_NOTIFICATION_LENGTH,
  type SendNotificationBody,
  SendNotificationBodySchema,
} from '../../../../shared/api/school-admin.js';
import { USER_TYPE } from '../../../../shared/constants.js';
import { AssignedClassSelect } from '../../../components/school/AssignedClassSelect.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { SchoolSelect } from '../../../components/school/SchoolField.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useCurrentUser } from '../../../lib/current-user.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { classStudentsQueryOptions } from '../../../lib/school/get-class-students.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';
import { useSendNotification } from '../api/send-notification.js';

export type Audience = 'class' | 'pupil' | 'everyone';

export const SENT_TEXT = 'notifications.send.sent';
export const EMAIL_FAMILIES_LABEL = 'notifications.send.emailFamilies';

/**
 * The toast after sending: how many guardians were emailed when the sender asked for it
 * (docs/decisions/0024-family-mails.md), including that there was nobody to email.
 */
export function sentText(t: Translator['t'], emailFamilies: boolean, emailed: number): string {
  if (!emailFamilies) return t(SENT_TEXT);
  if (emailed === 0) return t('notifications.send.sentNobodyToEmail');
  return t('notifications.send.sentEmailed', { count: emailed });
}

/** The POST body for the chosen audience: exactly one of classId, studentId, everyone. */
export function notificationBody(
  audience: Audience,
  text: string,
  classId: number | undefined,
  studentId: number | undefined,
  emailFamilies = false,
): Partial<SendNotificationBody> {
  const mail = emailFamilies ? { emailFamilies: true } : {};
  if (audience === 'everyone') return { notification: text, everyone: true, ...mail };
  if (audience === 'pupil') return { notification: text, studentId, ...mail };
  return { notification: text, classId, ...mail };
}

const toId = (value: string): number | undefined => (value === '' ? undefined : Number(value));

/** /send-notification: a teacher writes to one of their classes or one pupil; the principal also to everyone. */
export function SendNotificationScreen() {
  const { t } = useI18n();
  const id = useId();
  const user = useCurrentUser();
  const send = useSendNotification();
  const isPrincipal = user.data?.type === USER_TYPE.principal;
  const [audience, setAudience] = useState<Audience>('class');
  const [classId, setClassId] = useState<number | undefined>();
  const [studentId, setStudentId] = useState<number | undefined>();
  const [text, setText] = useState('');
  const [emailFamilies, setEmailFamilies] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const showPupils = audience === 'pupil' && classId !== undefined;
  const pupils = useQuery({ ...classStudentsQueryOptions(classId ?? 0), enabled: showPupils });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (audience === 'pupil' && studentId === undefined) {
      setErrors([t('notifications.send.choosePupil')]);
      return;
    }
    const parsed = SendNotificationBodySchema.safeParse(
      notificationBody(audience, text, classId, studentId, emailFamilies),
    );
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((issue) => issue.message))]);
      return;
    }
    setErrors([]);
    send.mutate(parsed.data, {
      onSuccess: (sent) => {
        notify.success(sentText(t, emailFamilies, sent.emailed));
        setText('');
      },
      onError: (error) => setErrors(saveErrorLines(error)),
    });
  };

  const audiences: [Audience, string][] = [
    ['class', t('notifications.send.audience.class')],
    ['pupil', t('notifications.send.audience.pupil')],
    ...(isPrincipal ? [['everyone', t('notifications.send.audience.everyone')] as [Audience, string]] : []),
  ];

  return (
    <SchoolPanel title={t('notifications.send.title')} lead={t('notifications.send.lead')}>
      <form onSubmit={onSubmit} noValidate>
        <ErrorLines lines={errors} />
        <fieldset className="mb-3">
          <legend className="school-field__label fs-6">{t('notifications.send.sendTo')}</legend>
          {audiences.map(([value, label]) => (
            <div key={value} className="form-check form-check-inline">
              <input
                id={`${id}-audience-${value}`}
                className="form-check-input"
                type="radio"
                name="audience"
                value={value}
                checked={audience === value}
                onChange={() => setAudience(value)}
              />
              <label className="form-check-label" htmlFor={`${id}-audience-${value}`}>
                {label}
              </label>
            </div>
          ))}
        </fieldset>
        {audience !== 'everyone' ? (
          <div className="attendance-toolbar mb-3">
            <AssignedClassSelect
              id={`${id}-class`}
              value={classId}
              onChange={(chosen) => {
                setClassId(chosen);
                setStudentId(undefined);
              }}
            />
            {showPupils ? (
              <SchoolSelect
                id={`${id}-pupil`}
                label={t('notifications.send.pupil')}
                placeholder={t('notifications.send.choosePupil')}
                value={studentId}
                onChange={(value) => setStudentId(toId(value))}
                options={pupils.data?.map((row) => ({ id: row.studentId, label: row.studentName }))}
              />
            ) : null}
          </div>
        ) : null}
        <div className="school-field mb-3">
          <label className="school-field__label" htmlFor={`${id}-text`}>
            {t('notifications.send.message')}
          </label>
          <textarea
            id={`${id}-text`}
            className="form-control"
            rows={5}
            maxLength={MAX_NOTIFICATION_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <small className="text-muted">
            {t('notifications.send.length', {
              length: String(text.length),
              max: String(MAX_NOTIFICATION_LENGTH),
            })}
          </small>
        </div>
        <div className="form-check mb-3">
          <input
            id={`${id}-email`}
            className="form-check-input"
            type="checkbox"
            checked={emailFamilies}
            onChange={(event) => setEmailFamilies(event.target.checked)}
            aria-describedby={`${id}-email-help`}
          />
          <label className="form-check-label" htmlFor={`${id}-email`}>
            {t(EMAIL_FAMILIES_LABEL)}
          </label>
          <div id={`${id}-email-help`} className="form-text">
            {t('notifications.send.emailFamiliesHelp')}
          </div>
        </div>
        <button type="submit" className="btn btn-primary rounded-pill" disabled={send.isPending}>
          {send.isPending ? t('notifications.send.sending') : t('notifications.send.submit')}
        </button>
      </form>
    </SchoolPanel>
  );
}
