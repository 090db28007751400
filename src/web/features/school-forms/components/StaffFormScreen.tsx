import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FormPupil, Question, SchoolFormDetail } from '../../../../shared/api/school-forms.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { FailureState, LoadingState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { type Translator, useI18n } from '../../../lib/i18n.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { formatWhen, longDate, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import {
  downloadFormAnswers,
  useCloseSchoolForm,
  useDeleteSchoolForm,
  useRemindSchoolForm,
  useSchoolForm,
  useSendSchoolForm,
  useUpdateSchoolForm,
} from '../api/school-forms.js';
import { FormEditor } from './FormEditor.js';
import { audienceWords, STATUS_BADGE, statusWord, TRIP_BADGE } from './words.js';

/** One answer as the school reads it: yes/no in the reader's language, other answers as given. */
export function answerText(t: Translator['t'], value: string | boolean | undefined): string {
  if (value === undefined) return '—';
  if (typeof value === 'boolean') return value ? t('school-forms.yes') : t('school-forms.no');
  return value;
}

function PupilAnswers({ pupil, questions }: { pupil: FormPupil; questions: readonly Question[] }) {
  const { t } = useI18n();
  if (!pupil.answer) return null;
  const { answer } = pupil;
  return (
    <details>
      <summary>{t('school-forms.form.showAnswers', { pupil: pupil.studentName })}</summary>
      <dl className="mb-0 mt-2">
        {questions.map((question) => (
          <div key={question.id}>
            <dt className="fw-normal">{question.prompt}</dt>
            <dd className="fw-bold">
              {answerText(t, answer.answers.find((a) => a.questionId === question.id)?.value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mb-0">{t('school-forms.form.signedBy', { name: answer.signedName })}</p>
    </details>
  );
}

/**
 * Whether a child may go on the trip, as the consent ledger has it (the latest answer to the slip's
 * first question: docs/decisions/0115-trips-in-the-consent-ledger.md); no answer: may not.
 */
function MayGo({ mayGo }: { mayGo: boolean | null }) {
  const { t } = useI18n();
  if (mayGo === null) return <span className="text-danger-emphasis">{t('school-forms.form.mayGoNone')}</span>;
  return mayGo ? (
    <span className="fw-bold">{t('school-forms.yes')}</span>
  ) : (
    <span className="fw-bold text-danger-emphasis">{t('school-forms.no')}</span>
  );
}

type Asking = 'send' | 'delete' | 'close' | undefined;

/** The principal's actions on a form: send or delete a draft; remind, download and close a sent one. */
function FormActions({
  form,
  onAsk,
  onSaid,
}: {
  form: SchoolFormDetail;
  onAsk: (asking: Asking) => void;
  onSaid: (lines: string[]) => void;
}) {
  const { t } = useI18n();
  const remind = useRemindSchoolForm(form.id);
  const [errors, setErrors] = useState<string[]>([]);
  const onRemind = () =>
    remind.mutate(undefined, {
      onSuccess: ({ data }) => {
        setErrors([]);
        onSaid([
          t('school-forms.form.reminded', { count: data.emailed }),
          ...(data.remindedToday ? [t('school-forms.form.remindedAgain')] : []),
        ]);
      },
      onError: (error) => setErrors(saveErrorLines(error)),
    });
  const onDownload = () =>
    downloadFormAnswers(form.id).catch((error: unknown) => setErrors(saveErrorLines(error)));
  return (
    <div className="mb-3">
      <ErrorLines lines={errors} />
      <div className="d-flex flex-wrap gap-2">
        {form.status === 'draft' ? (
          <>
            <button type="button" className="btn btn-primary rounded-pill" onClick={() => onAsk('send')}>
              {t('school-forms.form.send')}
            </button>
            <button
              type="button"
              className="btn btn-outline-danger rounded-pill"
              onClick={() => onAsk('delete')}
            >
              {t('school-forms.form.delete')}
            </button>
          </>
        ) : null}
        {form.status === 'sent' ? (
          <button
            type="button"
            className="btn btn-primary rounded-pill"
            onClick={onRemind}
            disabled={remind.isPending}
          >
            {t('school-forms.form.remind')}
          </button>
        ) : null}
        {form.status === 'draft' ? null : (
          <button type="button" className="btn btn-outline-primary rounded-pill" onClick={onDownload}>
            {t('school-forms.form.download')}
          </button>
        )}
        {form.status === 'sent' ? (
          <button
            type="button"
            className="btn btn-outline-danger rounded-pill"
            onClick={() => onAsk('close')}
          >
            {t('school-forms.form.close')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The confirmation of sending, deleting or closing, and what it did. */
function Confirmation({
  form,
  asking,
  onDone,
  onSaid,
}: {
  form: SchoolFormDetail;
  asking: Asking;
  onDone: () => void;
  onSaid: (lines: string[]) => void;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const send = useSendSchoolForm(form.id);
  const remove = useDeleteSchoolForm(form.id);
  const close = useCloseSchoolForm(form.id);
  if (!asking) return null;
  const failed = (error: unknown) => {
    onSaid(saveErrorLines(error));
    onDone();
  };
  const act = {
    send: () =>
      send.mutate(undefined, {
        onSuccess: ({ data }) => {
          onSaid([t('school-forms.form.sent', { count: data.emailed })]);
          onDone();
        },
        onError: failed,
      }),
    delete: () =>
      remove.mutate(undefined, {
        onSuccess: () => {
          notify.success(t('school-forms.form.deleted'));
          onDone();
          navigate('/school-forms');
        },
        onError: failed,
      }),
    close: () =>
      close.mutate(undefined, {
        onSuccess: () => {
          onSaid([t('school-forms.form.closed')]);
          onDone();
        },
        onError: failed,
      }),
  }[asking];
  const words = {
    send: [t('school-forms.form.send'), t('school-forms.form.sendConfirm', { title: form.title })],
    delete: [t('school-forms.form.delete'), t('school-forms.form.deleteConfirm', { title: form.title })],
    close: [t('school-forms.form.close'), t('school-forms.form.closeConfirm', { title: form.title })],
  }[asking];
  return (
    <ConfirmDialog
      title={words[0] ?? ''}
      confirmLabel={words[0] ?? ''}
      tone={asking === 'send' ? 'primary' : 'danger'}
      busy={send.isPending || remove.isPending || close.isPending}
      onConfirm={act}
      onCancel={onDone}
    >
      <p className="mb-0">{words[1]}</p>
    </ConfirmDialog>
  );
}

function DraftEditor({ form }: { form: SchoolFormDetail }) {
  const { t } = useI18n();
  const update = useUpdateSchoolForm(form.id);
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <FormEditor
      initial={{
        title: form.title,
        description: form.description,
        wholeSchool: form.wholeSchool,
        classIds: form.classes.map((c) => c.id),
        dueOn: form.dueOn,
        questions: form.questions,
        trip: form.trip,
      }}
      saving={update.isPending}
      serverErrors={errors}
      onSave={(input) =>
        update.mutate(input, {
          onSuccess: () => {
            setErrors([]);
            notify.success(t('school-forms.editor.saved'));
          },
          onError: (error) => setErrors(saveErrorLines(error)),
        })
      }
    />
  );
}

/**
 * A form as the school sees it (docs/decisions/0099-forms-and-permission-slips.md): every pupil of
 * its audience, answered or not (by whom, when) with the answers, and for a trip slip who may go
 * (the consent ledger's, 0115-trips-in-the-consent-ledger.md); the principal edits a draft, sends
 * it, reminds those who have not answered, downloads the answers and closes it. A teacher reads.
 */
export function StaffFormScreen({ id }: { id: number }) {
  const { t, locale } = useI18n();
  const timeZone = useSchoolTimeZone();
  const query = useSchoolForm(id);
  const [asking, setAsking] = useState<Asking>();
  const [editing, setEditing] = useState(false);
  // What the last action did, said where it was taken.
  const [said, setSaid] = useState<string[]>([]);
  if (query.isPending) return <LoadingState text={t('school-forms.loading')} />;
  if (query.isError) return <FailureState error={query.error} retry={() => query.refetch()} />;
  const form = query.data.data;
  const answered = form.pupils.filter((pupil) => pupil.answer !== null).length;
  const mayGo = form.pupils.filter((pupil) => pupil.mayGo === true).length;
  return (
    <SchoolPanel
      title={form.title}
      lead={t('school-forms.form.lead', {
        status: statusWord(t, form.status),
        date: longDate(form.dueOn, { locale }),
      })}
      actions={
        <>
          <span className={STATUS_BADGE[form.status]}>{statusWord(t, form.status)}</span>
          {form.trip ? <span className={`${TRIP_BADGE} ms-2`}>{t('school-forms.trip')}</span> : null}
        </>
      }
    >
      <p className="mb-1">{t('school-forms.form.audience', { audience: audienceWords(t, form) })}</p>
      {form.description ? <p className="school-form__description">{form.description}</p> : null}
      {said.length > 0 ? (
        <div className="alert alert-info" role="status">
          {said.map((line) => (
            <p key={line} className="mb-0">
              {line}
            </p>
          ))}
        </div>
      ) : null}
      {form.mayManage ? (
        <FormActions form={form} onAsk={setAsking} onSaid={setSaid} />
      ) : (
        <p>{t('school-forms.form.readOnly')}</p>
      )}
      <Confirmation form={form} asking={asking} onDone={() => setAsking(undefined)} onSaid={setSaid} />
      {form.status === 'draft' && form.mayManage ? (
        editing ? (
          <DraftEditor form={form} />
        ) : (
          <button
            type="button"
            className="btn btn-outline-primary rounded-pill mb-3"
            onClick={() => setEditing(true)}
          >
            {t('school-forms.form.edit')}
          </button>
        )
      ) : null}
      <h3 className="h5 mt-3">{t('school-forms.form.pupils')}</h3>
      <p className="fw-bold">{t('school-forms.form.progress', { answered, total: form.pupils.length })}</p>
      {form.trip && form.status !== 'draft' ? (
        <>
          <p className="fw-bold mb-1">
            {t('school-forms.form.mayGoCount', { count: mayGo, total: form.pupils.length })}
          </p>
          <p>{t('school-forms.form.mayGoLead')}</p>
        </>
      ) : null}
      {form.pupils.length === 0 ? (
        <p>{t('school-forms.form.noPupils')}</p>
      ) : (
        <SchoolTable
          label={t('school-forms.form.pupils')}
          rows={form.pupils}
          rowKey={(pupil) => pupil.studentId}
          columns={[
            { header: t('school-forms.form.class'), cell: (pupil) => pupil.className ?? '—' },
            { header: t('school-forms.form.pupil'), cell: (pupil) => pupil.studentName },
            ...(form.trip
              ? [
                  {
                    header: t('school-forms.form.mayGo'),
                    cell: (pupil: FormPupil) => <MayGo mayGo={pupil.mayGo} />,
                  },
                ]
              : []),
            {
              header: t('school-forms.form.answer'),
              cell: (pupil) =>
                pupil.answer ? (
                  <>
                    <span>
                      {t('school-forms.form.answeredBy', {
                        name: pupil.answer.parentName,
                        when: formatWhen(pupil.answer.answeredAt, timeZone, locale),
                      })}
                    </span>
                    <PupilAnswers pupil={pupil} questions={form.questions} />
                  </>
                ) : (
                  <span className="text-danger-emphasis">{t('school-forms.form.notAnswered')}</span>
                ),
            },
          ]}
        />
      )}
    </SchoolPanel>
  );
}
