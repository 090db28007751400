import '../../../styles/family-staff.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { type GuardianRow, LinkGuardianBodySchema, RELATIONSHIPS } from '../../../../shared/api/family.js';
import { FailureState, LoadingState, QueryState } from '../../../components/school/QueryState.js';
import { SchoolField, SchoolSelect } from '../../../components/school/SchoolField.js';
import { HiddenText, SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { SchoolTable } from '../../../components/school/SchoolTable.js';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.js';
import { isApiError } from '../../../lib/api-client.js';
import { parseId } from '../../../lib/school/format.js';
import { type ActivePupil, useActivePupils } from '../../../lib/school/get-active-pupils.js';
import { notify } from '../../../lib/toast.js';
import { useParents } from '../api/get-parents.js';
import { useLinkGuardian } from '../api/link-guardian.js';
import { useGuardians } from '../api/list-guardians.js';
import { useUnlinkGuardian } from '../api/unlink-guardian.js';

export const GUARDIANS_TEXTS = {
  title: 'Guardians of a pupil',
  lead: 'Choose a pupil to see the parents linked to them, link another parent or unlink one.',
  find: 'Find a pupil',
  pupil: 'Pupil',
  choosePupil: 'Choose a pupil',
  noPupils: 'No pupils match.',
  none: (name: string) => `No parent is linked to ${name} yet.`,
  linkTitle: (name: string) => `Link a parent to ${name}`,
  parent: 'Parent',
  chooseParent: 'Choose a parent',
  noParents: 'There are no approved parent accounts yet.',
  relationship: 'Relationship',
  chooseRelationship: 'Choose the relationship',
  link: 'Link parent',
  linked: (parent: string, pupil: string) => `${parent} is now linked to ${pupil}.`,
  unlink: 'Unlink',
  unlinkTitle: (parent: string, pupil: string) => `Unlink ${parent} from ${pupil}?`,
  unlinkBody: (parent: string, pupil: string) =>
    `${parent} will no longer see ${pupil} in the school area or collect them without being on the pick-up list.`,
  unlinked: (parent: string, pupil: string) => `${parent} is no longer linked to ${pupil}.`,
  failed: 'That did not work.',
} as const;

const LinkFormSchema = LinkGuardianBodySchema.omit({ studentId: true });
type LinkFormInput = z.input<typeof LinkFormSchema>;
type LinkForm = z.output<typeof LinkFormSchema>;

const pupilLabel = (pupil: ActivePupil): string =>
  pupil.className ? `${pupil.name} (${pupil.className})` : pupil.name;

function LinkParentForm({ pupil }: { pupil: ActivePupil }) {
  const id = useId();
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
      setProblem(isApiError(error) ? error.message : GUARDIANS_TEXTS.failed);
      return;
    }
    notify.success(GUARDIANS_TEXTS.linked(row.parentName, pupil.name));
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
        {GUARDIANS_TEXTS.linkTitle(pupil.name)}
      </h3>
      {parents.isError && !parents.data ? (
        <FailureState error={parents.error} retry={parents.refetch} />
      ) : null}
      {parents.data && parents.data.length === 0 ? (
        <p className="school-state school-state--empty mb-0">{GUARDIANS_TEXTS.noParents}</p>
      ) : null}
      <SchoolField id={`${id}-parentId`} label={GUARDIANS_TEXTS.parent}>
        <select {...field('parentId')} disabled={!parents.data}>
          <option value="">{GUARDIANS_TEXTS.chooseParent}</option>
          {parents.data?.map((parent) => (
            <option key={parent.id} value={parent.id}>
              {parent.name} ({parent.email})
            </option>
          ))}
        </select>
        {fieldError('parentId')}
      </SchoolField>
      <SchoolField id={`${id}-relationship`} label={GUARDIANS_TEXTS.relationship}>
        <select {...field('relationship')}>
          <option value="">{GUARDIANS_TEXTS.chooseRelationship}</option>
          {RELATIONSHIPS.map((relationship) => (
            <option key={relationship} value={relationship}>
              {relationship}
            </option>
          ))}
        </select>
        {fieldError('relationship')}
      </SchoolField>
      <button type="submit" className="btn btn-primary rounded-pill px-4" disabled={link.isPending}>
        {link.isPending ? 'Linking…' : GUARDIANS_TEXTS.link}
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
  const guardians = useGuardians(pupil.id);
  const unlink = useUnlinkGuardian();
  const [asking, setAsking] = useState<GuardianRow | undefined>();

  const confirmUnlink = async (row: GuardianRow): Promise<void> => {
    try {
      await unlink.mutateAsync({ parentId: row.parentId, studentId: row.studentId });
    } catch (error) {
      notify.error(isApiError(error) ? `${GUARDIANS_TEXTS.failed} ${error.message}` : GUARDIANS_TEXTS.failed);
      setAsking(undefined);
      return;
    }
    notify.success(GUARDIANS_TEXTS.unlinked(row.parentName, pupil.name));
    setAsking(undefined);
  };

  return (
    <>
      <QueryState query={guardians} empty={GUARDIANS_TEXTS.none(pupil.name)}>
        {(rows) => (
          <div className="guardians-table">
            <SchoolTable<GuardianRow>
              label={`Guardians of ${pupil.name}`}
              rows={rows}
              rowKey={(row) => row.parentId}
              columns={[
                { header: 'Name', cell: (row) => row.parentName },
                {
                  header: 'Email',
                  cell: (row) => <a href={`mailto:${row.parentEmail}`}>{row.parentEmail}</a>,
                },
                {
                  header: 'Phone',
                  cell: (row) =>
                    row.parentContact ? <a href={`tel:${row.parentContact}`}>{row.parentContact}</a> : '—',
                },
                { header: 'Relationship', cell: (row) => row.relationship },
                {
                  header: <HiddenText>Actions</HiddenText>,
                  cellClassName: 'text-end',
                  cell: (row) => (
                    <button
                      type="button"
                      className="btn btn-outline-danger rounded-pill px-3"
                      onClick={() => setAsking(row)}
                    >
                      {GUARDIANS_TEXTS.unlink} <HiddenText>{row.parentName}</HiddenText>
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
          title={GUARDIANS_TEXTS.unlinkTitle(asking.parentName, pupil.name)}
          confirmLabel={GUARDIANS_TEXTS.unlink}
          busy={unlink.isPending}
          onConfirm={() => void confirmUnlink(asking)}
          onCancel={() => setAsking(undefined)}
        >
          <p className="mb-0">{GUARDIANS_TEXTS.unlinkBody(asking.parentName, pupil.name)}</p>
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
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const pupils = useActivePupils();
  const studentId = parseId(params.get('studentId'));
  const pupil = pupils.data?.find((row) => row.id === studentId);
  const needle = search.trim().toLowerCase();
  const shown = pupils.data?.filter(
    (row) => row.id === studentId || needle === '' || pupilLabel(row).toLowerCase().includes(needle),
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
    <SchoolPanel title={GUARDIANS_TEXTS.title} lead={GUARDIANS_TEXTS.lead}>
      <div className="attendance-toolbar register-toolbar">
        <SchoolField id={`${id}-find`} label={GUARDIANS_TEXTS.find}>
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
          label={GUARDIANS_TEXTS.pupil}
          placeholder={shown && shown.length === 0 ? GUARDIANS_TEXTS.noPupils : GUARDIANS_TEXTS.choosePupil}
          value={pupil?.id}
          disabled={!pupils.data}
          onChange={choose}
          options={shown?.map((row) => ({ id: row.id, label: pupilLabel(row) }))}
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
