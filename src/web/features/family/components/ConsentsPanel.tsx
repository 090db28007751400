import { useId, useState } from 'react';
import {
  CHILD_CONSENT_KINDS,
  type ChildConsentKind,
  type ConsentEntry,
} from '../../../../shared/api/consents.js';
import { QueryState } from '../../../components/school/QueryState.js';
import { SchoolPanel, TableWrap } from '../../../components/school/SchoolPanel.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { useI18n } from '../../../lib/i18n.js';
import { formatWhen } from '../../../lib/school-time.js';
import { useSettings } from '../../../lib/settings.js';
import { notify } from '../../../lib/toast.js';
import { useChangeConsent, useConsents } from '../api/consents.js';

/**
 * A child's consents on the care screen (docs/decisions/0111-consent-as-a-ledger.md): each standing
 * kind's current state (the photo consents, and local outings:
 * docs/decisions/0115-trips-in-the-consent-ledger.md), a Give / Withdraw button per kind for those
 * who may change them (the guardians and the principal; a withdrawal asks first), the principal's
 * "recorded from paper", and the history, where a trip permission slip's answer shows with the
 * trip's title. The care form no longer sends the consents, so an old form cannot give back a
 * withdrawn one.
 */
export function ConsentsPanel({ studentId, studentName }: { studentId: number; studentName: string }) {
  const { t, locale } = useI18n();
  const paperId = useId();
  const consents = useConsents(studentId);
  const change = useChangeConsent(studentId);
  const timeZone = useSettings().data?.timeZone;
  const [fromPaper, setFromPaper] = useState(false);
  const [withdrawing, setWithdrawing] = useState<ChildConsentKind | null>(null);
  const kindLabel = (kind: ChildConsentKind) => t(`family.consents.kind.${kind}`);
  /** What an entry of the history is about: a standing consent, or one trip (its slip's title). */
  const entryLabel = (entry: ConsentEntry) => {
    if (entry.kind === 'trip')
      return t('family.consents.kind.trip', { title: entry.schoolForm?.title ?? '' });
    if (entry.kind === 'newsletter') return t('family.consents.kind.newsletter');
    return kindLabel(entry.kind);
  };

  const send = (kind: ChildConsentKind, given: boolean) => {
    change.mutate(
      { kind, given, ...(fromPaper ? { fromPaper: true } : {}) },
      {
        onSuccess: () => {
          setWithdrawing(null);
          notify.success(
            t(given ? 'family.consents.savedGiven' : 'family.consents.savedWithdrawn', {
              kind: kindLabel(kind),
            }),
          );
        },
        onError: (error) => {
          setWithdrawing(null);
          notify.error(error.message);
        },
      },
    );
  };

  return (
    <SchoolPanel
      title={t('family.consents.titleOf', { name: studentName })}
      lead={t(consents.data?.mayChange ? 'family.consents.leadChange' : 'family.consents.leadRead')}
      className="consents-panel"
    >
      <QueryState query={consents} isEmpty={() => false}>
        {(loaded) => (
          <>
            <ul className="list-unstyled consents-panel__kinds">
              {CHILD_CONSENT_KINDS.map((kind) => {
                const given = loaded.current[kind];
                return (
                  <li key={kind} className="d-flex flex-wrap align-items-center gap-2 mb-2">
                    <span className="flex-grow-1">
                      {t('family.consents.state', {
                        kind: kindLabel(kind),
                        state: t(given ? 'family.consents.given' : 'family.consents.notGiven'),
                      })}
                    </span>
                    {loaded.mayChange ? (
                      <button
                        type="button"
                        className={`btn btn-sm rounded-pill ${given ? 'btn-outline-danger' : 'btn-outline-primary'}`}
                        disabled={change.isPending}
                        aria-label={t(given ? 'family.consents.withdrawKind' : 'family.consents.giveKind', {
                          kind: kindLabel(kind),
                        })}
                        onClick={() => (given ? setWithdrawing(kind) : send(kind, true))}
                      >
                        {t(given ? 'family.consents.withdrawShort' : 'family.consents.giveShort')}
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <p className="text-body-secondary small">{t('family.consents.tripsNote')}</p>
            {loaded.mayRecordPaper ? (
              <div className="form-check mb-3">
                <input
                  id={paperId}
                  type="checkbox"
                  className="form-check-input"
                  checked={fromPaper}
                  onChange={(event) => setFromPaper(event.target.checked)}
                />
                <label className="form-check-label" htmlFor={paperId}>
                  {t('family.consents.fromPaper')}
                </label>
              </div>
            ) : null}
            <h3 className="h6">{t('family.consents.history')}</h3>
            {loaded.history.length === 0 ? (
              <p className="text-body-secondary">{t('family.consents.noHistory')}</p>
            ) : (
              <TableWrap label={t('family.consents.history')}>
                <table className="table table-sm align-middle school-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('family.consents.col.when')}</th>
                      <th scope="col">{t('family.consents.col.what')}</th>
                      <th scope="col">{t('family.consents.col.who')}</th>
                      <th scope="col">{t('family.consents.col.how')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {loaded.history.map((entry) => (
                      <tr key={entry.id}>
                        <td>
                          <time dateTime={entry.at}>{formatWhen(entry.at, timeZone, locale)}</time>
                        </td>
                        <td>
                          {t('family.consents.state', {
                            kind: entryLabel(entry),
                            state: t(entry.given ? 'family.consents.given' : 'family.consents.withdrawn'),
                          })}
                        </td>
                        <td>{entry.by ?? t('family.consents.nobody')}</td>
                        <td>{t(`family.consents.how.${entry.how}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            )}
          </>
        )}
      </QueryState>
      {withdrawing ? (
        <ConfirmDialog
          title={t('family.consents.confirmTitle')}
          confirmLabel={t('family.consents.confirm')}
          busy={change.isPending}
          onConfirm={() => send(withdrawing, false)}
          onCancel={() => setWithdrawing(null)}
        >
          <p>{t('family.consents.confirmText', { kind: kindLabel(withdrawing) })}</p>
        </ConfirmDialog>
      ) : null}
    </SchoolPanel>
  );
}
