import { type FormEvent, useId, useState } from 'react';
import type { ClassReportCards, SaveReportCardComments } from '../../../../shared/api/report-cards.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';
import { useClassCards, useSaveComments } from '../api/report-cards.js';
import { type ClassTerm, ClassTermPicker, useChosenTerm } from './ClassTermPicker.js';

const subjectKey = (studentId: number, subjectId: number) => `${studentId}:${subjectId}`;

/**
 * /report-card-comments (docs/decisions/0090-report-cards.md): a teacher chooses a class and a term
 * and writes, pupil by pupil, the comments of the subjects they teach there and the class
 * teacher's comment; one Save sends every change at once (all or nothing).
 */
export function CommentsScreen() {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<ClassTerm>({ classId: undefined, termId: undefined });
  const termId = useChosenTerm(chosen.termId);
  const cards = useClassCards(chosen.classId, termId);
  return (
    <SchoolPanel title={t('report-cards.comments.title')} lead={t('report-cards.comments.lead')}>
      <ClassTermPicker value={{ classId: chosen.classId, termId }} onChange={setChosen} />
      {chosen.classId !== undefined && termId !== undefined ? (
        <QueryState
          query={cards}
          isEmpty={(data) => data.cards.length === 0}
          empty={t('report-cards.comments.noPupils')}
        >
          {(data) => <CommentsForm key={`${data.classId}-${data.termId}`} data={data} />}
        </QueryState>
      ) : null}
    </SchoolPanel>
  );
}

function CommentsForm({ data }: { data: ClassReportCards }) {
  const { t } = useI18n();
  const id = useId();
  const save = useSaveComments();
  const commentable = new Set(data.commentableSubjectIds);
  const initialSubjects = () =>
    Object.fromEntries(
      data.cards.flatMap((card) =>
        card.content.subjects
          .filter((subject) => commentable.has(subject.subjectId))
          .map((subject) => [subjectKey(card.content.student.id, subject.subjectId), subject.comment.text]),
      ),
    );
  const initialNotes = () =>
    Object.fromEntries(
      data.cards.map((card) => [card.content.student.id, card.content.classTeacherComment.text]),
    );
  const [saved, setSaved] = useState(() => ({ subjects: initialSubjects(), notes: initialNotes() }));
  const [subjects, setSubjects] = useState<Record<string, string>>(saved.subjects);
  const [notes, setNotes] = useState<Record<number, string>>(saved.notes);
  const [errors, setErrors] = useState<string[]>([]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: SaveReportCardComments = { subjectComments: [], classTeacherComments: [] };
    for (const [key, comment] of Object.entries(subjects)) {
      if (comment.trim() === (saved.subjects[key] ?? '').trim()) continue;
      const [studentId, subjectId] = key.split(':').map(Number);
      body.subjectComments.push({
        studentId: studentId ?? 0,
        subjectId: subjectId ?? 0,
        comment: comment.trim(),
      });
    }
    for (const [studentId, comment] of Object.entries(notes)) {
      if (comment.trim() === (saved.notes[Number(studentId)] ?? '').trim()) continue;
      body.classTeacherComments.push({ studentId: Number(studentId), comment: comment.trim() });
    }
    setErrors([]);
    if (body.subjectComments.length + body.classTeacherComments.length === 0) {
      notify.info(t('report-cards.comments.saved', { count: 0 }));
      return;
    }
    save.mutate(
      { classId: data.classId, termId: data.termId, body },
      {
        onSuccess: (count) => {
          setSaved({ subjects, notes });
          notify.success(t('report-cards.comments.saved', { count }));
        },
        onError: (error) => setErrors(saveErrorLines(error)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorLines lines={errors} />
      {data.commentableSubjectIds.length === 0 ? (
        <p className="school-state">{t('report-cards.comments.noSubjects')}</p>
      ) : null}
      {data.cards.map(({ content }) => {
        const pupil = content.student.name;
        const noteId = `${id}-${content.student.id}-note`;
        return (
          <fieldset key={content.student.id} className="border rounded p-3 mb-3">
            <legend className="h6 float-none w-auto px-1">{pupil}</legend>
            {content.subjects
              .filter((subject) => commentable.has(subject.subjectId))
              .map((subject) => {
                const key = subjectKey(content.student.id, subject.subjectId);
                const fieldId = `${id}-${key.replace(':', '-')}`;
                return (
                  <div key={key} className="mb-2">
                    <label htmlFor={fieldId} className="form-label">
                      {t('report-cards.comments.subjectComment', { subject: subject.subjectName, pupil })}
                      {subject.marks === null ? null : ` (${subject.marks})`}
                    </label>
                    <textarea
                      id={fieldId}
                      className="form-control"
                      rows={2}
                      maxLength={1000}
                      value={subjects[key] ?? ''}
                      onChange={(event) => setSubjects((old) => ({ ...old, [key]: event.target.value }))}
                    />
                  </div>
                );
              })}
            <label htmlFor={noteId} className="form-label">
              {t('report-cards.comments.classTeacherFor', { pupil })}
            </label>
            <textarea
              id={noteId}
              className="form-control"
              rows={2}
              maxLength={2000}
              value={notes[content.student.id] ?? ''}
              onChange={(event) => setNotes((old) => ({ ...old, [content.student.id]: event.target.value }))}
            />
          </fieldset>
        );
      })}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {t('report-cards.comments.save')}
      </button>
    </form>
  );
}
