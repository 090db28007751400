import { type FormEvent, useEffect, useId, useState } from 'react';
import { ClassSeatsInputSchema } from '../../../../shared/api/admissions.js';
import { ErrorLines } from '../../../components/school/ErrorLines.js';
import { SchoolSelect } from '../../../components/school/SchoolField.js';
import { TableWrap } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { useClassSeats, useSaveClassSeats } from '../../../lib/school/get-class-seats.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';

interface Row {
  classId: number;
  className: string;
  takesAdmissions: boolean;
  seats: string;
  enrolled: number;
  acceptedOffers: number;
  free: number | null;
}

/**
 * Seats (docs/decisions/0101-seats-that-mean-something.md): for a school year (the admissions year
 * first), whether each class takes admissions and its seats, with the pupils and accepted offers
 * that fill them and what is left; what the public class cards and Book A Seat show.
 */
export function SeatsForm() {
  const id = useId();
  const { t, has } = useI18n();
  const [yearId, setYearId] = useState<number | undefined>(undefined);
  const query = useClassSeats(yearId);
  const save = useSaveClassSeats();
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const answer = query.data?.data;
  useEffect(() => {
    if (!answer) return;
    setRows(
      answer.classes.map((row) => ({
        ...row,
        seats: row.capacity === null ? '' : String(row.capacity),
      })),
    );
  }, [answer]);
  const shownYear = answer?.year?.id;
  const change = (classId: number, patch: Partial<Row>) =>
    setRows((old) => old.map((row) => (row.classId === classId ? { ...row, ...patch } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (shownYear === undefined) return;
    const parsed = ClassSeatsInputSchema.safeParse({
      yearId: shownYear,
      classes: rows.map((row) => ({
        classId: row.classId,
        takesAdmissions: row.takesAdmissions,
        seats: row.seats.trim() === '' ? null : Number(row.seats),
      })),
    });
    if (!parsed.success) {
      setErrors([
        ...new Set(
          parsed.error.issues.map((issue) =>
            has(issue.message) ? t(issue.message as Parameters<typeof t>[0]) : issue.message,
          ),
        ),
      ]);
      return;
    }
    setErrors([]);
    save.mutate(parsed.data, {
      onSuccess: () => notify.success(t('school-setup.seats.saved')),
      onError: (error) => setErrors(saveErrorLines(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        {t('school-setup.seats.title')}
      </h3>
      <p className="text-body-secondary">{t('school-setup.seats.lead')}</p>
      <ErrorLines lines={errors} />
      <div className="attendance-toolbar mb-2">
        <SchoolSelect
          id={`${id}-year`}
          label={t('school-setup.seats.year')}
          value={shownYear === undefined ? '' : String(shownYear)}
          onChange={(value) => setYearId(value === '' ? undefined : Number(value))}
          options={answer?.years.map((year) => ({
            id: year.id,
            label:
              year.id === answer.admissionsYearId
                ? t('school-setup.seats.admissionsYear', { name: year.name })
                : year.name,
          }))}
        />
      </div>
      {answer && !answer.year ? <p>{t('school-setup.seats.noYear')}</p> : null}
      {answer?.year ? (
        // A school table: cards of "label: value" lines on a phone (docs/decisions/0016-phone-layout.md).
        <TableWrap label={t('school-setup.seats.caption', { year: answer.year.name })}>
          <table className="table school-table align-middle">
            <caption className="visually-hidden">
              {t('school-setup.seats.caption', { year: answer.year.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('school-setup.seats.class')}</th>
                <th scope="col">{t('school-setup.seats.takesAdmissions')}</th>
                <th scope="col">{t('school-setup.seats.seats')}</th>
                <th scope="col">{t('school-setup.seats.taken')}</th>
                <th scope="col">{t('school-setup.seats.free')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.classId}>
                  <th scope="row">{row.className}</th>
                  <td>
                    <input
                      type="checkbox"
                      className="form-check-input"
                      checked={row.takesAdmissions}
                      aria-label={t('school-setup.seats.takesAdmissionsOf', { name: row.className })}
                      onChange={(event) => change(row.classId, { takesAdmissions: event.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      className="form-control"
                      style={{ maxInlineSize: '7rem' }}
                      value={row.seats}
                      aria-label={t('school-setup.seats.seatsOf', { name: row.className })}
                      onChange={(event) => change(row.classId, { seats: event.target.value })}
                    />
                  </td>
                  <td>
                    {t('school-setup.seats.takenCount', { pupils: row.enrolled, offers: row.acceptedOffers })}
                  </td>
                  <td>{row.free === null ? '—' : row.free}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary rounded-pill"
        disabled={save.isPending || !answer?.year}
      >
        {t('school-setup.seats.submit')}
      </button>
    </form>
  );
}
