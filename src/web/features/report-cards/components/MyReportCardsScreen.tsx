import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PublishedReportCard } from '../../../../shared/api/report-cards.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { downloadCard, useCard, useMyCards } from '../api/report-cards.js';
import { ReportCardView } from './ReportCardView.js';

/**
 * /report-cards (docs/decisions/0090-report-cards.md): the published report cards of the pupil, or
 * of a parent's children (`?studentId=` keeps to one child), each to view and to download as PDF,
 * with its earlier versions.
 */
export function MyReportCardsScreen() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const onlyPupil = parseId(params.get('studentId'));
  const cards = useMyCards();
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <SchoolPanel title={t('report-cards.mine.title')} lead={t('report-cards.mine.lead')}>
      <ErrorLines lines={errors} />
      <QueryState
        query={cards}
        isEmpty={(rows) =>
          rows.filter((row) => onlyPupil === undefined || row.studentId === onlyPupil).length === 0
        }
        empty={t('report-cards.mine.empty')}
      >
        {(rows) => (
          <ul className="list-unstyled">
            {rows
              .filter((row) => onlyPupil === undefined || row.studentId === onlyPupil)
              .map((row) => (
                <CardItem key={`${row.studentId}-${row.termId}`} row={row} onError={setErrors} />
              ))}
          </ul>
        )}
      </QueryState>
    </SchoolPanel>
  );
}

function CardItem({ row, onError }: { row: PublishedReportCard; onError: (lines: string[]) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const term = `${row.termName} (${row.yearName})`;
  const download = (version: number) =>
    void downloadCard(row.studentId, row.termId, version).catch((error) => onError(saveErrorLines(error)));
  return (
    <li className="border rounded p-3 mb-3">
      <h3 className="h6">
        {row.studentName} · {term}
      </h3>
      <p className="small mb-2">{t('report-cards.status.published', { version: row.version })}</p>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <button
          type="button"
          className="btn btn-outline-primary"
          aria-expanded={open}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? t('report-cards.mine.hide') : t('report-cards.mine.view', { pupil: row.studentName, term })}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => download(row.version)}>
          {t('report-cards.mine.download')}
        </button>
      </div>
      {open ? <OpenCard row={row} download={download} /> : null}
    </li>
  );
}

function OpenCard({ row, download }: { row: PublishedReportCard; download: (version: number) => void }) {
  const { t } = useI18n();
  const card = useCard(row.studentId, row.termId);
  return (
    <QueryState query={card} isEmpty={() => false}>
      {(data) => (
        <>
          <ReportCardView content={data.content} />
          {data.versions.length > 1 ? (
            <>
              <h4 className="h6">{t('report-cards.mine.versions')}</h4>
              <ul>
                {data.versions.slice(1).map((version) => (
                  <li key={version.version}>
                    <button
                      type="button"
                      className="btn btn-link p-0"
                      onClick={() => download(version.version)}
                    >
                      {t('report-cards.mine.version', {
                        version: version.version,
                        date: version.publishedAt.slice(0, 10),
                      })}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
