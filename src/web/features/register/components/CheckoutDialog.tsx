import { useEffect, useId, useRef, useState } from 'react';
import { CARE_ERROR_CODES } from '../../../../shared/api/error-codes.js';
import {
  FAMILY_LIMITS,
  RELATIONSHIPS,
  type RegisterRow,
  type Relationship,
} from '../../../../shared/api/family.js';
import { LoadingState } from '../../../components/school/QueryState.js';
import { SchoolField } from '../../../components/school/SchoolField.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { type MessageKey, type Translator, useI18n } from '../../../lib/i18n.js';
import { usePupilDayNotes } from '../../../lib/school/get-day-notes.js';
import { todayInZone, useSchoolTimeZone } from '../../../lib/school-time.js';
import { notify } from '../../../lib/toast.js';
import { useCare } from '../api/get-care.js';
import { useRecordCheckin } from '../api/record-checkin.js';

/** A guardian's relationship in the page's language (a pick-up's is the family's own words). */
const RELATIONSHIP_KEYS: Readonly<Record<Relationship, MessageKey>> = {
  Mother: 'register.checkout.relationship.Mother',
  Father: 'register.checkout.relationship.Father',
  Guardian: 'register.checkout.relationship.Guardian',
  Other: 'register.checkout.relationship.Other',
};

const relationshipText = (t: Translator['t'], relationship: string): string =>
  (RELATIONSHIPS as readonly string[]).includes(relationship)
    ? t(RELATIONSHIP_KEYS[relationship as Relationship])
    : relationship;

const OTHER = '';

interface Collector {
  name: string;
  /** "Mother (guardian)", "Uncle (authorised pick-up)". */
  detail: string;
}

/**
 * Whoever the family named for today in the child's conversation first (docs/decisions/0080-conversations.md), then
 * the guardians, then the authorised pick-ups; a name on two lists shows once.
 */
function collectorsOf(
  t: Translator['t'],
  care: ReturnType<typeof useCare>['data'],
  notes: ReturnType<typeof usePupilDayNotes>['data'] = [],
): Collector[] {
  if (!care) return [];
  const seen = new Set<string>();
  const all: Collector[] = [
    ...notes.flatMap((note) =>
      note.type === 'other-collector' && note.name
        ? [{ name: note.name, detail: t('conversations.checkout.detail', { phone: note.phone ?? '' }) }]
        : [],
    ),
    ...care.guardians.map((g) => ({
      name: g.name,
      detail: t('register.checkout.guardian', { relationship: relationshipText(t, g.relationship) }),
    })),
    ...care.details.pickups.map((p) => ({
      name: p.name,
      detail: t('register.checkout.pickup', { relationship: p.relationship }),
    })),
  ];
  return all.filter((person) => {
    const key = person.name.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const isNotOnList = (error: unknown): boolean =>
  isApiError(error) && error.code === CARE_ERROR_CODES.unknownCollector;

export interface CheckoutDialogProps {
  row: RegisterRow;
  onClose: () => void;
}

/**
 * Check-out (docs/decisions/0021-families.md#staff-screens): the teacher picks who collects the
 * child from the guardians and authorised pick-ups, or types another name. Someone not on the list
 * is refused (409) until the teacher writes why; the second request carries that reason.
 */
export function CheckoutDialog({ row, onClose }: CheckoutDialogProps) {
  const id = useId();
  const { t, parts } = useI18n();
  const care = useCare(row.studentId);
  const notes = usePupilDayNotes(row.studentId, todayInZone(useSchoolTimeZone()));
  const checkout = useRecordCheckin();
  const collectors = collectorsOf(t, care.data, notes.data);
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [other, setOther] = useState('');
  const [reason, setReason] = useState('');
  const [needReason, setNeedReason] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const reasonField = useRef<HTMLTextAreaElement>(null);

  // Once refused, the reason is the next thing to write: the cursor goes there.
  useEffect(() => {
    if (needReason) reasonField.current?.focus();
  }, [needReason]);

  // With a list, its first person is the usual answer; without one, a typed name.
  const chosen = choice ?? collectors[0]?.name ?? OTHER;
  const collectedBy = (chosen === OTHER ? other : chosen).trim();

  const choose = (value: string): void => {
    setChoice(value);
    setNeedReason(false);
    setProblem(undefined);
  };

  const submit = async (): Promise<void> => {
    if (collectedBy === '') {
      setProblem(t('register.checkout.collectorNeeded'));
      return;
    }
    if (needReason && reason.trim() === '') {
      setProblem(t('register.checkout.reasonNeeded'));
      return;
    }
    setProblem(undefined);
    try {
      await checkout.mutateAsync({
        studentId: row.studentId,
        kind: 'out',
        collectedBy,
        ...(needReason ? { reason: reason.trim() } : {}),
      });
    } catch (error) {
      if (isNotOnList(error)) {
        setNeedReason(true);
        return;
      }
      setProblem(isApiError(error) ? error.message : t('register.checkout.failed'));
      return;
    }
    notify.success(t('register.checkout.done', { name: row.studentName, by: collectedBy }));
    onClose();
  };

  const otherId = `${id}-other`;
  const reasonId = `${id}-reason`;
  return (
    <ConfirmDialog
      title={t('register.checkout.title', { name: row.studentName })}
      confirmLabel={needReason ? t('register.checkout.confirm') : t('register.checkout.checkOut')}
      cancelLabel={t('register.checkout.cancel')}
      tone="primary"
      busy={checkout.isPending}
      onConfirm={() => void submit()}
      onCancel={onClose}
    >
      <fieldset className="checkout-dialog__choices">
        <legend className="checkout-dialog__legend">
          {t('register.checkout.who', { name: row.studentName })}
        </legend>
        {care.isPending ? <LoadingState /> : null}
        {care.isError ? <p className="checkout-dialog__note">{t('register.checkout.listFailed')}</p> : null}
        {care.data && collectors.length === 0 ? (
          <p className="checkout-dialog__note">{t('register.checkout.noList')}</p>
        ) : null}
        {collectors.map((person, index) => (
          <div key={person.name} className="checkout-dialog__choice">
            <input
              type="radio"
              className="form-check-input"
              id={`${id}-c${index}`}
              name={`${id}-collector`}
              checked={chosen === person.name}
              onChange={() => choose(person.name)}
            />
            <label htmlFor={`${id}-c${index}`}>
              <span className="checkout-dialog__name">{person.name}</span>{' '}
              <span className="checkout-dialog__detail">({person.detail})</span>
            </label>
          </div>
        ))}
        {/* Offered once the list is there: chosen before, it would give way to the list's first person. */}
        {care.isPending ? null : (
          <div className="checkout-dialog__choice">
            <input
              type="radio"
              className="form-check-input"
              id={`${id}-else`}
              name={`${id}-collector`}
              checked={chosen === OTHER}
              onChange={() => choose(OTHER)}
            />
            <label htmlFor={`${id}-else`}>{t('register.checkout.someoneElse')}</label>
          </div>
        )}
      </fieldset>
      {chosen === OTHER && !care.isPending ? (
        <SchoolField id={otherId} label={t('register.checkout.otherName')}>
          <input
            id={otherId}
            type="text"
            className="form-control"
            autoComplete="off"
            maxLength={FAMILY_LIMITS.name}
            value={other}
            onChange={(event) => {
              setOther(event.target.value);
              setNeedReason(false);
            }}
          />
        </SchoolField>
      ) : null}
      {needReason ? (
        <div className="checkout-dialog__override">
          <p className="checkout-dialog__warning" role="alert">
            {parts('register.checkout.notOnList', {
              name: collectedBy,
              strong: (chunks) => <strong key="name">{chunks}</strong>,
            })}
          </p>
          <SchoolField id={reasonId} label={t('register.checkout.reason')}>
            <textarea
              ref={reasonField}
              id={reasonId}
              className="form-control"
              rows={3}
              maxLength={FAMILY_LIMITS.reason}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </SchoolField>
        </div>
      ) : null}
      {problem ? (
        <p className="checkout-dialog__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
