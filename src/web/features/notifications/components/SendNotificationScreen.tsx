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
import { classStudentsQueryOptions } from '../../../lib/school/get-class-students.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';
import { useSendNotification } from '../api/send-notification.js';

export type Audience = 'class' | 'pupil' | 'everyone';

export const SENT_TEXT = 'Notification sent.';

/** The POST body for the chosen audience: exactly one of classId, studentId, everyone. */
export function notificationBody(
  audience: Audience,
  text: string,
  classId: number | undefined,
  studentId: number | undefined,
): Partial<SendNotificationBody> {
  if (audience === 'everyone') return { notification: text, everyone: true };
  if (audience === 'pupil') return { notification: text, studentId };
  return { notification: text, classId };
}

const toId = (value: string): number | undefined => (value === '' ? undefined : Number(value));

/** /send-notification: a teacher writes to one of their classes or one pupil; the principal also to everyone. */
export function SendNotificationScreen() {
  const id = useId();
  const user = useCurrentUser();
  const send = useSendNotification();
  const isPrincipal = user.data?.type === USER_TYPE.principal;
  const [audience, setAudience] = useState<Audience>('class');
  const [classId, setClassId] = useState<number | undefined>();
  const [studentId, setStudentId] = useState<number | undefined>();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const showPupils = audience === 'pupil' && classId !== undefined;
  const pupils = useQuery({ ...classStudentsQueryOptions(classId ?? 0), enabled: showPupils });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (audience === 'pupil' && studentId === undefined) {
      setErrors(['Choose a pupil']);
      return;
    }
    const parsed = SendNotificationBodySchema.safeParse(notificationBody(audience, text, classId, studentId));
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((issue) => issue.message))]);
      return;
    }
    setErrors([]);
    send.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(SENT_TEXT);
        setText('');
      },
      onError: (error) => setErrors(saveErrorLines(error)),
    });
  };

  const audiences: [Audience, string][] = [
    ['class', 'A class'],
    ['pupil', 'One pupil'],
    ...(isPrincipal ? [['everyone', 'Everyone'] as [Audience, string]] : []),
  ];

  return (
    <SchoolPanel
      title="Send a notification"
      lead="Write to a class, to one pupil, or (principal) to everyone."
    >
      <form onSubmit={onSubmit} noValidate>
        <ErrorLines lines={errors} />
        <fieldset className="mb-3">
          <legend className="school-field__label fs-6">Send to</legend>
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
                label="Pupil"
                placeholder="Choose a pupil"
                value={studentId}
                onChange={(value) => setStudentId(toId(value))}
                options={pupils.data?.map((row) => ({ id: row.studentId, label: row.studentName }))}
              />
            ) : null}
          </div>
        ) : null}
        <div className="school-field mb-3">
          <label className="school-field__label" htmlFor={`${id}-text`}>
            Message
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
            {text.length} / {MAX_NOTIFICATION_LENGTH}
          </small>
        </div>
        <button type="submit" className="btn btn-primary rounded-pill" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </form>
    </SchoolPanel>
  );
}
