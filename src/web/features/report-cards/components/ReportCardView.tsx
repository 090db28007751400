import type { ReportCardContent } from '../../../../shared/api/report-cards.js';
import { DIVISION_KEYS, SUBJECT_RESULT_KEYS } from '../../../../shared/rules/mark-sheet.js';
import { TableWrap } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';

/** What a report card shows (a draft or a published version), as the PDF does. */
export function ReportCardView({ content }: { content: ReportCardContent }) {
  const { t } = useI18n();
  const pupil = content.student.name;
  return (
    <div className="report-card">
      <p className="mb-1">
        {t('report-cards.card.class', { name: content.className })} ·{' '}
        {t('report-cards.pdf.title', { term: content.term.name, year: content.term.yearName })}
      </p>
      <TableWrap label={t('report-cards.card.pupil', { name: pupil })}>
        <table className="table school-table">
          <thead>
            <tr>
              <th scope="col">{t('report-cards.card.subject')}</th>
              <th scope="col">{t('report-cards.card.marks')}</th>
              <th scope="col">{t('report-cards.card.result')}</th>
            </tr>
          </thead>
          <tbody>
            {content.subjects.map((subject) => (
              <tr key={subject.subjectId}>
                <th scope="row">
                  {subject.subjectName}
                  {subject.comment.text ? (
                    <span className="d-block fw-normal small">{subject.comment.text}</span>
                  ) : null}
                </th>
                <td>{subject.marks ?? '—'}</td>
                <td>{subject.result ? t(SUBJECT_RESULT_KEYS[subject.result]) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <dl className="row mb-2">
        <dt className="col-6">{t('report-cards.card.total')}</dt>
        <dd className="col-6">{content.total}</dd>
        <dt className="col-6">{t('report-cards.card.percentage')}</dt>
        <dd className="col-6">{content.percentage}%</dd>
        <dt className="col-6">{t('report-cards.card.division')}</dt>
        <dd className="col-6">
          {content.division ? t(DIVISION_KEYS[content.division]) : t('report-cards.card.noMarks')}
        </dd>
        <dt className="col-6">{t('report-cards.card.attendance')}</dt>
        <dd className="col-6">{t('report-cards.card.attendanceCounts', content.attendance)}</dd>
        <dt className="col-6">{t('report-cards.card.classTeacherComment')}</dt>
        <dd className="col-6">{content.classTeacherComment.text || t('report-cards.card.none')}</dd>
        <dt className="col-6">{t('report-cards.card.principalRemark')}</dt>
        <dd className="col-6">{content.principalRemark.text || t('report-cards.card.none')}</dd>
      </dl>
    </div>
  );
}
