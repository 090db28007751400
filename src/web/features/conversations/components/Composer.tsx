import { type FormEvent, useId, useRef, useState } from 'react';
import {
  CONVERSATION_RULES,
  type ConversationSide,
  MESSAGE_TYPES,
  type MessageType,
} from '../../../../shared/api/conversations.js';
import { SchoolField } from '../../../components/school/SchoolField.js';
import { isApiError } from '../../../lib/api-client.js';
import { fieldErrorsOf } from '../../../lib/form-errors.js';
import { useI18n } from '../../../lib/i18n.js';
import { notify } from '../../../lib/toast.js';
import { useSendMessage } from '../api/send-message.js';
import { TYPE_KEYS } from '../lib/type-keys.js';

const EMPTY = { text: '', reason: '', time: '', name: '', phone: '' };

/**
 * The composer (docs/decisions/0080-conversations.md): the family picks the kind of message first
 * (a message, Absent today, Late pick-up, Someone else collects today), each with its own fields;
 * the school writes messages. A photo or PDF may go with it. Big targets, one column: one thumb.
 */
export function Composer({ studentId, side }: { studentId: number; side: ConversationSide }) {
  const id = useId();
  const { t } = useI18n();
  const send = useSendMessage();
  const [type, setType] = useState<MessageType>('text');
  const [fields, setFields] = useState(EMPTY);
  const [problem, setProblem] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const types = side === 'family' ? MESSAGE_TYPES : (['text'] as const);

  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setProblem(undefined);
    const file = fileInput.current?.files?.[0];
    try {
      await send.mutateAsync({ studentId, body: { type, ...fields }, file });
    } catch (error) {
      const [first] = fieldErrorsOf(error);
      setProblem(first?.message ?? (isApiError(error) ? error.message : t('conversations.composer.failed')));
      return;
    }
    setFields(EMPTY);
    setType('text');
    if (fileInput.current) fileInput.current.value = '';
    notify.success(t('conversations.composer.sent'));
  };

  const field = (name: keyof typeof EMPTY, label: string, input: 'text' | 'tel' | 'time' = 'text') => (
    <SchoolField id={`${id}-${name}`} label={label}>
      <input
        id={`${id}-${name}`}
        type={input}
        className="form-control"
        value={fields[name]}
        maxLength={name === 'phone' ? CONVERSATION_RULES.phoneMax : CONVERSATION_RULES.nameMax}
        required
        onChange={(event) => set(name)(event.target.value)}
      />
    </SchoolField>
  );

  return (
    <form className="conversation-composer" onSubmit={(event) => void submit(event)} noValidate>
      <h3 className="conversation-composer__title">
        {side === 'family' ? t('conversations.composer.title') : t('conversations.composer.titleSchool')}
      </h3>
      {types.length > 1 ? (
        <fieldset className="conversation-composer__kinds">
          <legend className="school-field__label">{t('conversations.composer.kind')}</legend>
          {types.map((kind) => (
            <div key={kind} className="conversation-composer__kind">
              <input
                type="radio"
                className="form-check-input"
                id={`${id}-kind-${kind}`}
                name={`${id}-kind`}
                checked={type === kind}
                onChange={() => setType(kind)}
              />
              <label htmlFor={`${id}-kind-${kind}`}>{t(TYPE_KEYS[kind])}</label>
            </div>
          ))}
        </fieldset>
      ) : null}
      {type === 'absent' ? field('reason', t('conversations.field.reason')) : null}
      {type === 'late-pickup' ? field('time', t('conversations.field.time'), 'time') : null}
      {type === 'other-collector' ? (
        <>
          {field('name', t('conversations.field.name'))}
          {field('phone', t('conversations.field.phone'), 'tel')}
        </>
      ) : null}
      <SchoolField
        id={`${id}-text`}
        label={type === 'text' ? t('conversations.composer.text') : t('conversations.composer.note')}
      >
        <textarea
          id={`${id}-text`}
          className="form-control"
          rows={3}
          maxLength={CONVERSATION_RULES.textMax}
          value={fields.text}
          onChange={(event) => set('text')(event.target.value)}
        />
      </SchoolField>
      <SchoolField id={`${id}-file`} label={t('conversations.composer.attach')}>
        <input
          id={`${id}-file`}
          ref={fileInput}
          type="file"
          className="form-control"
          accept="image/*,application/pdf"
        />
      </SchoolField>
      {problem ? (
        <p className="conversation-composer__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary conversation-composer__send" disabled={send.isPending}>
        {send.isPending ? t('conversations.composer.sending') : t('conversations.composer.send')}
      </button>
    </form>
  );
}
