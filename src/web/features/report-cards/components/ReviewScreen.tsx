import { type FormEvent, useId, useState } from 'react';
import type { ClassReportCards } from '../../../../shared/api/report-cards.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { useI18n } from '../../../lib/i18n.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';
import { downloadClassCards, useClassCards, usePublish, useSaveRemarks } from '../api/report-cards.js';
import { type ClassTerm, ClassTermPicker, useChosenTerm } from './ClassTermPicker.js';
import { ReportCardView } from './ReportCardView.js';

/**
 * /report-cards-review (docs/decisions/0090-report-cards.md): the principal chooses a class and a
 * term, reads each pupil's card as it stands, writes remarks (saved at once), and publishes the
 * class's cards after a confirmation; then prints them as one PDF.
 */
export function ReviewScreen() {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<ClassTerm>({ classId: undefined, termId: undefined });
  const termId = useChosenTerm(chosen.termId);
  const cards = useClassCards(chosen.classId, termId);
  return (
    <SchoolPanel title={t('report-cards.review.title')} lead={t('report-cards.review.lead')}>
      <ClassTermPicker value={{ classId: chosen.classId, termId }} onChange={setChosen} />
      {chosen.classId !== undefined && termId !== undefined ? (
        <QueryState
          query={cards}
          isEmpty={(data) => data.cards.length === 0}
          empty={t('report-cards.comments.noPupils')}
        >
          {(data) => <Review key={`${data.classId}-${data.termId}`} data={data} />}
        </QueryState>
      ) : null}
    </SchoolPanel>
  );
}

function Review({ data }: { data: ClassReportCards }) {
  const { t } = useI18n();
  const id = useId();
  const saveRemarks = useSaveRemarks();
  const publish = usePublish();
  const initial = () =>
    Object.fromEntries(
      data.cards.map((card) => [card.content.student.id, card.content.principalRemark.text]),
    );
  const [saved, setSaved] = useState<Record<number, string>>(initial);
  const [remarks, setRemarks] = useState<Record<number, string>>(saved);
  const [errors, setErrors] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);
  const where = { classId: data.classId, termId: data.termId };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changed = Object.entries(remarks)
      .filter(([studentId, remark]) => remark.trim() !== (saved[Number(studentId)] ?? '').trim())
      .map(([studentId, remark]) => ({ studentId: Number(studentId), remark: remark.trim() }));
    setErrors([]);
    if (changed.length === 0) {
      notify.info(t('report-cards.review.remarksSaved', { count: 0 }));
      return;
    }
    saveRemarks.mutate(
      { ...where, body: { remarks: changed } },
      {
        onSuccess: (count) => {
          setSaved(remarks);
          notify.success(t('report-cards.review.remarksSaved', { count }));
        },
        onError: (error) => setErrors(saveErrorLines(error)),
      },
    );
  };

  const confirmPublish = () =>
    publish.mutate(
      { ...where, body: undefined },
      {
        onSuccess: (result) => {
          setAsking(false);
          notify.success(t('report-cards.review.published', result));
        },
        onError: (error) => {
          setAsking(false);
          setErrors(saveErrorLines(error));
        },
      },
    );

  const anyPublished = data.cards.some((card) => card.published !== null);
  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <ErrorLines lines={errors} />
        {data.cards.map((card) => {
          const { content } = card;
          const remarkId = `${id}-${content.student.id}`;
          return (
            <article
              key={content.student.id}
              className="border rounded p-3 mb-3"
              aria-label={content.student.name}
            >
              <h3 className="h6">{content.student.name}</h3>
              <p className="small mb-2">
                {card.published
                  ? t('report-cards.status.published', { version: card.published.version })
                  : t('report-cards.status.notPublished')}
                {card.published && card.changed ? ` · ${t('report-cards.status.changed')}` : null}
              </p>
              <ReportCardView content={content} />
              <label htmlFor={remarkId} className="form-label">
                {t('report-cards.review.remarkFor', { pupil: content.student.name })}
              </label>
              <textarea
                id={remarkId}
                className="form-control"
                rows={2}
                maxLength={2000}
                value={remarks[content.student.id] ?? ''}
                onChange={(event) =>
                  setRemarks((old) => ({ ...old, [content.student.id]: event.target.value }))
                }
              />
            </article>
          );
        })}
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-outline-primary" disabled={saveRemarks.isPending}>
            {t('report-cards.review.saveRemarks')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
            {t('report-cards.review.publish')}
          </button>
          {anyPublished ? (
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() =>
                void downloadClassCards(data.classId, data.termId).catch((error) =>
                  setErrors(saveErrorLines(error)),
                )
              }
            >
              {t('report-cards.review.printClass')}
            </button>
          ) : null}
        </div>
      </form>
      {asking ? (
        <ConfirmDialog
          title={t('report-cards.review.publish')}
          confirmLabel={t('report-cards.review.confirmYes')}
          cancelLabel={t('report-cards.review.cancel')}
          tone="primary"
          busy={publish.isPending}
          onConfirm={confirmPublish}
          onCancel={() => setAsking(false)}
        >
          <p className="mb-0">{t('report-cards.review.confirm', { count: data.cards.length })}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
