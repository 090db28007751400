import '../../../styles/family-staff.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  type GuardianRow,
  LinkGuardianBodySchema,
  RELATIONSHIPS,
  type Relationship,
} from '../../../../shared/api/family.js';
import { FailureState, LoadingState, QueryState } from '../../../components/school/QueryState.js';
import { SchoolField, SchoolSelect } from '../../../components/school/SchoolField.js';
import { HiddenText, SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { type MessageKey, type Translator, useI18n } from '../../../lib/i18n.js';
import { parseId } from '../../../lib/school/format.js';
import { type ActivePupil, useActivePupils } from '../../../lib/school/get-active-pupils.js';
import { notify } from '../../../lib/toast.js';
import { useParents } from '../api/get-parents.js';
import { useLinkGuardian } from '../api/link-guardian.js';
import { useGuardians } from '../api/list-guardians.js';
import { useUnlinkGuardian } from '../api/unlink-guardian.js';

/** A relationship (the wire's value, `Mother`) in the reader's words. */
const RELATIONSHIP_KEY: Readonly<Record<Relationship, MessageKey>> = {
  Mother: 'guardians.relationship.Mother',
  Father: 'guardians.relationship.Father',
  Guardian: 'guardians.relationship.Guardian',
  Other: 'guardians.relationship.Other',
};

const LinkFormSchema = LinkGuardianBodySchema.omit({ studentId: true });
type LinkFormInput = z.input<typeof LinkFormSchema>;
type LinkForm = z.output<typeof LinkFormSchema>;

const pupilLabel = (pupil: ActivePupil, t: Translator['t']): string =>
  pupil.className
    ? t('guardians.pupilInClass', { name: pupil.name, className: pupil.className })
    : pupil.name;

function LinkParentForm({ pupil }: { pupil: ActivePupil }) {
  const id = useId();
  const { t } = useI18n();
  const parents = useParents();
  const link = useLinkGuardian();
  const [problem, setProblem] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<LinkFormInput, unknown, LinkForm>({
    resolver: zodResolver(LinkFormSchema),
    defaultValues: { parentId: '', relationship: undefined },
  });

  const onSubmit = async (values: LinkForm): Promise<void> => {
    setProblem(undefined);
    let row: GuardianRow;
    try {
      row = await link.mutateAsync({ ...values, studentId: pupil.id });
    } catch (error) {
      // 409 (already linked) and 400 (not a Parent and a Student) say why in the server's words.
      setProblem(isApiError(error) ? error.message : t('guardians.failed'));
      return;
    }
    notify.success(t('guardians.linked', { parent: row.parentName, pupil: pupil.name }));
    reset();
  };

  const field = (name: 'parentId' | 'relationship') => ({
    id: `${id}-${name}`,
    className: `form-select${errors[name] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...register(name),
  });
  const fieldError = (name: 'parentId' | 'relationship') =>
    errors[name] ? (
      <div id={`${id}-${name}-error`} className="invalid-feedback">
        {errors[name]?.message}
      </div>
    ) : null;

  return (
    <form
      className="attendance-toolbar guardians-link-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit(onSubmit)}
    >
      <h3 id={`${id}-title`} className="guardians-link-form__title">
        {t('guardians.linkTitle', { name: pupil.name })}
      </h3>
      {parents.isError && !parents.data ? (
        <FailureState error={parents.error} retry={parents.refetch} />
      ) : null}
      {parents.data && parents.data.length === 0 ? (
        <p className="school-state school-state--empty mb-0">{t('guardians.noParents')}</p>
      ) : null}
      <SchoolField id={`${id}-parentId`} label={t('guardians.parent')}>
        <select {...field('parentId')} disabled={!parents.data}>
          <option value="">{t('guardians.chooseParent')}</option>
          {parents.data?.map((parent) => (
            <option key={parent.id} value={parent.id}>
              {t('guardians.parentWithEmail', { name: parent.name, email: parent.email })}
            </option>
          ))}
        </select>
        {fieldError('parentId')}
      </SchoolField>
      <SchoolField id={`${id}-relationship`} label={t('guardians.relationship')}>
        <select {...field('relationship')}>
          <option value="">{t('guardians.chooseRelationship')}</option>
          {RELATIONSHIPS.map((relationship) => (
            <option key={relationship} value={relationship}>
              {t(RELATIONSHIP_KEY[relationship])}
            </option>
          ))}
        </select>
        {fieldError('relationship')}
      </SchoolField>
      <button type="submit" className="btn btn-primary rounded-pill px-4" disabled={link.isPending}>
        {link.isPending ? t('guardians.linking') : t('guardians.link')}
      </button>
      {problem ? (
        <p className="guardians-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function GuardianList({ pupil }: { pupil: ActivePupil }) {
  const { t } = useI18n();
  const guardians = useGuardians(pupil.id);
  const unlink = useUnlinkGuardian();
  const [asking, setAsking] = useState<GuardianRow | undefined>();

  const confirmUnlink = async (row: GuardianRow): Promise<void> => {
    try {
      await unlink.mutateAsync({ parentId: row.parentId, studentId: row.studentId });
    } catch (error) {
      notify.error(
        isApiError(error)
          ? t('guardians.failedWithReason', { reason: error.message })
          : t('guardians.failed'),
      );
      setAsking(undefined);
      return;
    }
    notify.success(t('guardians.unlinked', { parent: row.parentName, pupil: pupil.name }));
    setAsking(undefined);
  };

  return (
    <>
      <QueryState query={guardians} empty={t('guardians.none', { name: pupil.name })}>
        {(rows) => (
          <div className="guardians-table">
            <SchoolTable<GuardianRow>
              label={t('guardians.tableLabel', { name: pupil.name })}
              rows={rows}
              rowKey={(row) => row.parentId}
              columns={[
                { header: t('guardians.column.name'), cell: (row) => row.parentName },
                {
                  header: t('guardians.column.email'),
                  cell: (row) => <a href={`mailto:${row.parentEmail}`}>{row.parentEmail}</a>,
                },
                {
                  header: t('guardians.column.phone'),
                  cell: (row) =>
                    row.parentContact ? <a href={`tel:${row.parentContact}`}>{row.parentContact}</a> : '—',
                },
                {
                  header: t('guardians.column.relationship'),
                  cell: (row) => t(RELATIONSHIP_KEY[row.relationship]),
                },
                {
                  header: <HiddenText>{t('guardians.column.actions')}</HiddenText>,
                  cellClassName: 'text-end',
                  cell: (row) => (
                    <button
                      type="button"
                      className="btn btn-outline-danger rounded-pill px-3"
                      onClick={() => setAsking(row)}
                    >
                      {t('guardians.unlink')} <HiddenText>{row.parentName}</HiddenText>
                    </button>
                  ),
                },
              ]}
            />
          </div>
        )}
      </QueryState>
      {asking ? (
        <ConfirmDialog
          title={t('guardians.unlinkTitle', { parent: asking.parentName, pupil: pupil.name })}
          confirmLabel={t('guardians.unlink')}
          cancelLabel={t('guardians.cancel')}
          busy={unlink.isPending}
          onConfirm={() => void confirmUnlink(asking)}
          onCancel={() => setAsking(undefined)}
        >
          <p className="mb-0">
            {t('guardians.unlinkBody', { parent: asking.parentName, pupil: pupil.name })}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/**
 * Guardians, /guardians (docs/decisions/0021-families.md#staff-screens): the principal picks a
 * pupil, sees the parents linked to them, links another or unlinks one. The pupil lives in the
 * address (`?studentId=`), so other screens can link straight to a pupil's guardians.
 */
export function GuardiansScreen() {
  const id = useId();
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const pupils = useActivePupils();
  const studentId = parseId(params.get('studentId'));
  const pupil = pupils.data?.find((row) => row.id === studentId);
  const needle = search.trim().toLowerCase();
  const shown = pupils.data?.filter(
    (row) => row.id === studentId || needle === '' || pupilLabel(row, t).toLowerCase().includes(needle),
  );

  const choose = (value: string): void =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete('studentId');
        else next.set('studentId', value);
        return next;
      },
      { replace: true },
    );

  return (
    <SchoolPanel title={t('guardians.title')} lead={t('guardians.lead')}>
      <div className="attendance-toolbar register-toolbar">
        <SchoolField id={`${id}-find`} label={t('guardians.find')}>
          <input
            id={`${id}-find`}
            type="search"
            className="form-control"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </SchoolField>
        <SchoolSelect
          id={`${id}-pupil`}
          label={t('guardians.pupil')}
          placeholder={shown && shown.length === 0 ? t('guardians.noPupils') : t('guardians.choosePupil')}
          value={pupil?.id}
          disabled={!pupils.data}
          onChange={choose}
          options={shown?.map((row) => ({ id: row.id, label: pupilLabel(row, t) }))}
        />
      </div>
      {pupils.isError && !pupils.data ? <FailureState error={pupils.error} retry={pupils.refetch} /> : null}
      {pupils.isPending ? <LoadingState /> : null}
      {pupil ? (
        <>
          <GuardianList pupil={pupil} />
          <LinkParentForm key={pupil.id} pupil={pupil} />
        </>
      ) : null}
    </SchoolPanel>
  );
}
