import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  CALENDAR_AUDIENCES,
  CALENDAR_KINDS,
  CALENDAR_MESSAGES,
  type CalendarEntry,
  type CalendarEntryBody,
  CalendarEntryBodySchema,
} from '../../../../shared/api/calendar.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf, messageText, showFieldErrors, topLevelField } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { useClasses } from '../../../lib/school/get-classes.js';

/**
 * The form's values: what the principal chooses, as the controls hold it. "All day" is a box of its
 * own; on submit the values become the body CalendarEntryBodySchema checks (the server's own
 * schema), so its reasons land on the same fields.
 */
const EntryFormSchema = z
  .object({
    // Each field says the contract's own words when it is missing or empty, never zod's own
    // ("Invalid input: expected string, received undefined"); a field that may be left empty is
    // empty when missing, and the contract's schema below judges it.
    kind: z.enum(CALENDAR_KINDS, { error: CALENDAR_MESSAGES.chooseKind }),
    title: z.string({ error: CALENDAR_MESSAGES.enterTitle }),
    description: z.string().default(''),
    place: z.string().default(''),
    startDate: z.string({ error: CALENDAR_MESSAGES.chooseStartDate }),
    endDate: z.string().default(''),
    allDay: z.boolean().default(true),
    startTime: z.string().default(''),
    endTime: z.string().default(''),
    audience: z.enum(CALENDAR_AUDIENCES, { error: CALENDAR_MESSAGES.chooseAudience }),
    classIds: z.array(z.string()).default([]),
    familiesInvited: z.boolean().default(false),
    public: z.boolean().default(false),
  })
  .transform((values, ctx): CalendarEntryBody => {
    const timed = values.kind === 'event' && !values.allDay;
    const body = {
      kind: values.kind,
      title: values.title,
      description: values.description,
      place: values.place,
      startDate: values.startDate,
      endDate: values.endDate === '' ? undefined : values.endDate,
      // An empty time of a timed event is sent as it is, so that the schema asks for it.
      startTime: timed ? values.startTime : undefined,
      endTime: timed ? values.endTime : undefined,
      audience: values.audience,
      classIds: values.audience === 'classes' ? values.classIds : [],
      familiesInvited: values.audience === 'staff' ? false : values.familiesInvited,
      public: values.kind === 'event' && values.audience === 'everyone' ? values.public : false,
    };
    // The server's own schema, its reasons at the same fields; an empty first day is asked for
    // rather than said to be no date, with the other fields' reasons beside it.
    const checked = CalendarEntryBodySchema.safeParse(body);
    if (checked.success) return checked.data;
    const noStart = values.startDate === '';
    if (noStart)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: CALENDAR_MESSAGES.chooseStartDate });
    for (const issue of checked.error.issues) {
      if (noStart && issue.path[0] === 'startDate') continue;
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });

type EntryFormInput = z.input<typeof EntryFormSchema>;

const FIELDS = [
  'kind',
  'title',
  'description',
  'place',
  'startDate',
  'endDate',
  'startTime',
  'endTime',
  'audience',
  'classIds',
  'familiesInvited',
  'public',
] as const satisfies readonly Path<EntryFormInput>[];

const valuesOf = (
  entry: CalendarEntry | undefined,
  day: string,
  kind: CalendarEntry['kind'],
): EntryFormInput =>
  entry
    ? {
        kind: entry.kind,
        title: entry.title,
        description: entry.description,
        place: entry.place,
        startDate: entry.startDate,
        endDate: entry.endDate === entry.startDate ? '' : entry.endDate,
        allDay: entry.allDay,
        startTime: entry.startTime ?? '',
        endTime: entry.endTime ?? '',
        audience: entry.audience,
        classIds: entry.classes.map((row) => String(row.id)),
        familiesInvited: entry.familiesInvited,
        public: entry.public,
      }
    : {
        kind,
        title: '',
        description: '',
        place: '',
        startDate: day,
        endDate: '',
        allDay: true,
        startTime: '',
        endTime: '',
        audience: 'everyone',
        classIds: [],
        familiesInvited: false,
        public: false,
      };

/**
 * The principal's closure or event: a new one (`entry` left out) or a change to one. Closures last
 * whole days and are for everyone or some classes; events have times or are all day, are for
 * everyone, the staff or some classes, may invite families and may be on the public calendar.
 */
export function EntryForm({
  entry,
  day,
  onSave,
  onCancel,
}: {
  entry?: CalendarEntry;
  /** The first day a new entry is given. */
  day: string;
  onSave: (body: CalendarEntryBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const translator = useI18n();
  const { t } = translator;
  const classes = useClasses();
  const [problem, setProblem] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<EntryFormInput, unknown, CalendarEntryBody>({
    resolver: zodResolver(EntryFormSchema),
    defaultValues: valuesOf(entry, day, 'closure'),
  });
  const kind = watch('kind');
  const allDay = watch('allDay');
  const audience = watch('audience');
  const chosenClasses = watch('classIds') ?? [];
  // A closure is never for the staff alone: choosing a closure leaves that audience.
  useEffect(() => {
    if (kind === 'closure' && audience === 'staff') setValue('audience', 'everyone');
  }, [kind, audience, setValue]);

  const submit = async (body: CalendarEntryBody): Promise<void> => {
    setProblem(undefined);
    try {
      await onSave(body);
    } catch (error) {
      const shown = showFieldErrors(fieldErrorsOf(error), setError, topLevelField<EntryFormInput>(FIELDS));
      if (shown === 0) setProblem(isApiError(error) ? error.message : t('calendar.form.failed'));
    }
  };

  const errorId = (name: string) => `${id}-${name}-error`;
  const described = (name: keyof typeof errors) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errorId(name) : undefined,
  });
  const errorOf = (name: keyof typeof errors) => {
    const message = errors[name]?.message;
    return message ? (
      <div id={errorId(name)} className="invalid-feedback d-block">
        {messageText(translator, message)}
      </div>
    ) : null;
  };
  const input = (
    name: 'title' | 'place' | 'startDate' | 'endDate' | 'startTime' | 'endTime',
    label: string,
    type: string,
  ) => (
    <div className="school-field">
      <label className="school-field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        className={`form-control${errors[name] ? ' is-invalid' : ''}`}
        {...described(name)}
        {...register(name)}
      />
      {errorOf(name)}
    </div>
  );
  const check = (name: 'allDay' | 'familiesInvited' | 'public', label: string) => (
    <div className="form-check">
      <input
        id={`${id}-${name}`}
        type="checkbox"
        className="form-check-input"
        {...described(name)}
        {...register(name)}
      />
      <label className="form-check-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      {errorOf(name)}
    </div>
  );

  const toggleClass = (classId: string, on: boolean) => {
    const next = on ? [...chosenClasses, classId] : chosenClasses.filter((chosen) => chosen !== classId);
    setValue('classIds', next, { shouldDirty: true });
  };

  return (
    <form
      className="calendar-form"
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={handleSubmit(submit)}
    >
      <h3 id={`${id}-heading`} className="h5">
        {entry ? t('calendar.form.editTitle', { title: entry.title }) : t('calendar.form.newTitle')}
      </h3>
      <fieldset className="mb-3">
        <legend className="school-field__label">{t('calendar.form.kind')}</legend>
        {CALENDAR_KINDS.map((value) => (
          <div key={value} className="form-check form-check-inline">
            <input
              id={`${id}-kind-${value}`}
              type="radio"
              value={value}
              className="form-check-input"
              {...register('kind')}
            />
            <label className="form-check-label" htmlFor={`${id}-kind-${value}`}>
              {t(`calendar.kind.${value}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="calendar-form__grid">
        {input('title', t('calendar.form.title'), 'text')}
        {input('startDate', t('calendar.form.startDate'), 'date')}
        {input('endDate', t('calendar.form.endDate'), 'date')}
      </div>
      {kind === 'event' ? (
        <>
          {check('allDay', t('calendar.form.allDay'))}
          {allDay ? null : (
            <div className="calendar-form__grid">
              {input('startTime', t('calendar.form.startTime'), 'time')}
              {input('endTime', t('calendar.form.endTime'), 'time')}
            </div>
          )}
        </>
      ) : (
        <p className="small">{t('calendar.form.closureHint')}</p>
      )}
      {errors.startTime && kind === 'closure' ? errorOf('startTime') : null}
      <div className="school-field">
        <label className="school-field__label" htmlFor={`${id}-audience`}>
          {t('calendar.form.audience')}
        </label>
        <select
          id={`${id}-audience`}
          className="form-select"
          {...described('audience')}
          {...register('audience')}
        >
          {CALENDAR_AUDIENCES.filter((value) => kind === 'event' || value !== 'staff').map((value) => (
            <option key={value} value={value}>
              {t(`calendar.audience.${value}`)}
            </option>
          ))}
        </select>
        {errorOf('audience')}
      </div>
      {audience === 'classes' ? (
        <fieldset className="calendar-form__classes" {...described('classIds')}>
          <legend className="school-field__label">{t('calendar.form.classes')}</legend>
          {classes.data?.map((row) => {
            const value = String(row.id);
            return (
              <div key={row.id} className="form-check form-check-inline">
                <input
                  id={`${id}-class-${row.id}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={chosenClasses.includes(value)}
                  onChange={(event) => toggleClass(value, event.target.checked)}
                />
                <label className="form-check-label" htmlFor={`${id}-class-${row.id}`}>
                  <bdi>{row.name}</bdi>
                </label>
              </div>
            );
          })}
          {errorOf('classIds')}
        </fieldset>
      ) : null}
      {audience === 'staff' ? null : check('familiesInvited', t('calendar.form.familiesInvited'))}
      {kind === 'event' && audience === 'everyone' ? check('public', t('calendar.form.public')) : null}
      {input('place', t('calendar.form.place'), 'text')}
      <div className="school-field">
        <label className="school-field__label" htmlFor={`${id}-description`}>
          {t('calendar.form.description')}
        </label>
        <textarea
          id={`${id}-description`}
          rows={3}
          className={`form-control${errors.description ? ' is-invalid' : ''}`}
          {...described('description')}
          {...register('description')}
        />
        {errorOf('description')}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button type="submit" className="btn btn-primary rounded-pill px-4" disabled={isSubmitting}>
          {isSubmitting ? t('calendar.form.saving') : t('calendar.form.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary rounded-pill px-4" onClick={onCancel}>
          {t('calendar.form.close')}
        </button>
      </div>
      {problem ? (
        <p className="text-danger mt-2 mb-0" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
