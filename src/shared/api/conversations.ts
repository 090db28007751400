import { z } from 'zod';
import { chosenIdSchema, pathIdSchema } from './ids.js';
import { IsoDateSchema } from './school.js';
import { optionalText, PHONE_PATTERN } from './text-fields.js';

/**
 * Messages between home and school (docs/decisions/0080-conversations.md): one conversation per
 * child between its guardians (the family side) and the school (the child's class teachers and the
 * principal). Nothing sent is ever changed or removed.
 */

export const CONVERSATION_SIDES = ['family', 'school'] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];

/**
 * A message's type: plain text, or a typed parent message that feeds the day's register
 * ("Absent today", "Late pick-up", "Someone else collects today").
 */
export const MESSAGE_TYPES = ['text', 'absent', 'late-pickup', 'other-collector'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const TYPED_MESSAGE_TYPES = ['absent', 'late-pickup', 'other-collector'] as const;
export type TypedMessageType = (typeof TYPED_MESSAGE_TYPES)[number];

export const CONVERSATION_RULES = {
  textMax: 4000,
  reasonMax: 500,
  nameMax: 200,
  phoneMax: 40,
  /** An attachment: one picture (re-encoded) or one PDF, at most this many bytes. */
  attachmentMaxBytes: 5 * 1024 * 1024,
  attachmentField: 'attachment',
  /** Messages per page, newest first. */
  pageSize: 30,
  /** Attachments an account may send in an hour. */
  attachmentsPerHour: 30,
} as const;

export const CONVERSATION_MESSAGES = {
  enterText: 'Write a message',
  enterReason: 'Say why the child is absent',
  enterTime: 'Give the pick-up time as HH:MM',
  enterName: 'Give the name of who collects the child',
  enterPhone: 'Give their phone number',
  phone: 'The phone number may hold digits, spaces, + ( ) . / -',
  onlyFamily: 'Only the child’s family sends this kind of message',
  notAFile: 'Attach one picture or one PDF',
  notPdfOrImage: 'is neither a picture nor a PDF',
  tooLarge: 'The attachment may be at most 5 MB',
  hours: 'Opening must be before closing',
  days: 'Choose at least one day',
  tooManyAttachments: (minutes: number) =>
    `You have sent many attachments this hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

const TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * The body of `POST pupils/{id}/conversation/messages`, as JSON or as the text fields of a
 * multipart form (then `attachment` is the file). Each type's fields are required for it and
 * ignored for the others.
 */
export const MessageFieldsSchema = z.object({
  type: z.enum(MESSAGE_TYPES).default('text'),
  text: optionalText('The message', CONVERSATION_RULES.textMax).default(''),
  reason: optionalText('The reason', CONVERSATION_RULES.reasonMax).default(''),
  time: z.string().trim().default(''),
  name: optionalText('The name', CONVERSATION_RULES.nameMax).default(''),
  phone: optionalText('The phone number', CONVERSATION_RULES.phoneMax).default(''),
});

/** The fields each type needs (a text message may be only its attachment: the server checks that). */
export function refineMessage(body: z.output<typeof MessageFieldsSchema>, ctx: z.RefinementCtx): void {
  const need = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  switch (body.type) {
    case 'text':
      break;
    case 'absent':
      if (body.reason === '') need('reason', CONVERSATION_MESSAGES.enterReason);
      break;
    case 'late-pickup':
      if (!TIME_PATTERN.test(body.time)) need('time', CONVERSATION_MESSAGES.enterTime);
      break;
    case 'other-collector':
      if (body.name === '') need('name', CONVERSATION_MESSAGES.enterName);
      if (body.phone === '') need('phone', CONVERSATION_MESSAGES.enterPhone);
      else if (!PHONE_PATTERN.test(body.phone)) need('phone', CONVERSATION_MESSAGES.phone);
      break;
  }
}

export const MessageBodySchema = MessageFieldsSchema.superRefine(refineMessage);
export type MessageBody = z.infer<typeof MessageBodySchema>;
export type MessageBodyInput = z.input<typeof MessageBodySchema>;

export const AttachmentSchema = z.object({
  kind: z.enum(['image', 'pdf']),
  name: z.string(),
  size: z.number().int(),
  /** The school-area path that serves it (`no-store`, to the conversation's members only). */
  url: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const ReceiptSchema = z.object({ name: z.string(), readAt: z.string() });

export const ConversationMessageSchema = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  side: z.enum(CONVERSATION_SIDES),
  senderName: z.string(),
  /** Whether the caller sent it. */
  mine: z.boolean(),
  type: z.enum(MESSAGE_TYPES),
  text: z.string(),
  /** The day a typed message is about (the school's day it was sent); null for text. */
  forDay: z.string().nullable(),
  reason: z.string().nullable(),
  time: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  attachment: AttachmentSchema.nullable(),
  sentAt: z.string(),
  /** Who of the other side read it, and when (first read). */
  readBy: z.array(ReceiptSchema),
});
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

export const MessageHoursSchema = z
  .object({
    /** Days of the week the school answers, 0 = Sunday ... 6 = Saturday. */
    days: z.array(z.number().int().min(0).max(6)).min(1, CONVERSATION_MESSAGES.days).max(7),
    opens: z.string().regex(TIME_PATTERN, CONVERSATION_MESSAGES.enterTime),
    closes: z.string().regex(TIME_PATTERN, CONVERSATION_MESSAGES.enterTime),
  })
  .refine((hours) => hours.opens < hours.closes, { path: ['closes'], message: CONVERSATION_MESSAGES.hours });
export type MessageHours = z.infer<typeof MessageHoursSchema>;

export const DEFAULT_MESSAGE_HOURS: MessageHours = { days: [1, 2, 3, 4, 5], opens: '07:30', closes: '18:00' };

export const MessageHoursAnswerSchema = z.object({
  data: MessageHoursSchema.safeExtend({
    timeZone: z.string(),
    /** Whether the school is within its message hours now. */
    openNow: z.boolean(),
    /** When the hours next open (ISO instant); null while open. */
    nextOpening: z.string().nullable(),
  }),
});
export type MessageHoursAnswer = z.infer<typeof MessageHoursAnswerSchema>['data'];

export const ConversationQuerySchema = z.object({
  /** Messages older than this id (the next page back). */
  before: pathIdSchema().optional(),
});

export const ConversationAnswerSchema = z.object({
  data: z.object({
    studentId: z.number().int(),
    studentName: z.string(),
    className: z.string().nullable(),
    /** The caller's side. */
    side: z.enum(CONVERSATION_SIDES),
    /** Oldest first; `hasOlder` says whether `before` the first one gives more. */
    messages: z.array(ConversationMessageSchema),
    hasOlder: z.boolean(),
    hours: MessageHoursAnswerSchema.shape.data,
  }),
});
export type ConversationAnswer = z.infer<typeof ConversationAnswerSchema>['data'];

export const MessageAnswerSchema = z.object({ data: ConversationMessageSchema });

export const ReadBodySchema = z.object({ upTo: chosenIdSchema('Give the id of the last message read') });
export const ReadAnswerSchema = z.object({ data: z.object({ marked: z.number().int() }) });

export const AttachmentParamsSchema = z.object({ id: pathIdSchema(), messageId: pathIdSchema() });

export const ConversationSummarySchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  className: z.string().nullable(),
  unread: z.number().int(),
  last: z
    .object({
      text: z.string(),
      type: z.enum(MESSAGE_TYPES),
      side: z.enum(CONVERSATION_SIDES),
      sentAt: z.string(),
    })
    .nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;
export const ConversationsAnswerSchema = z.object({ data: z.array(ConversationSummarySchema) });

export const UnreadAnswerSchema = z.object({
  data: z.object({
    total: z.number().int(),
    children: z.array(z.object({ studentId: z.number().int(), unread: z.number().int() })),
  }),
});
export type UnreadAnswer = z.infer<typeof UnreadAnswerSchema>['data'];

/** Today's typed parent messages of a class, for the Today screen and the check-out dialog. */
export const DayNoteSchema = z.object({
  messageId: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  type: z.enum(TYPED_MESSAGE_TYPES),
  reason: z.string().nullable(),
  time: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  senderName: z.string(),
  sentAt: z.string(),
});
export type DayNote = z.infer<typeof DayNoteSchema>;
export const DayNotesAnswerSchema = z.object({ date: z.string(), data: z.array(DayNoteSchema) });
export const DayNotesQuerySchema = z.object({ date: IsoDateSchema.optional() });
