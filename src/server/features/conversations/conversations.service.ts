import type { FastifyInstance } from 'fastify';
import {
  CONVERSATION_MESSAGES,
  CONVERSATION_RULES,
  type ConversationMessage,
  type MessageBody,
} from '../../../shared/api/conversations.js';
import { dateInZone } from '../../../shared/school-time.js';
import { invalid } from '../../lib/errors.js';
import type { SessionUser } from '../auth/session.js';
import { schoolTimeZone } from '../settings/settings.repository.js';
import { dropAttachment, storeAttachment, type UploadedAttachment } from './attachments.js';
import { deliverDueAlerts } from './conversation-alerts.js';
import type { ConversationAccess } from './conversations.policy.js';
import { findMessage, insertMessage } from './conversations.repository.js';
import { nextOpening, readMessageHours } from './message-hours.js';

/**
 * Sending a message (docs/decisions/0080-conversations.md): checked, its attachment stored, the
 * row written, and after the commit the live event and the alert (at once, or the job's when the
 * parent wrote outside the message hours).
 */
export async function postMessage(
  app: FastifyInstance,
  access: ConversationAccess,
  sender: Pick<SessionUser, 'id' | 'name'>,
  body: MessageBody,
  attachment: UploadedAttachment | undefined,
  now: Date,
): Promise<ConversationMessage> {
  if (access.side === 'school' && body.type !== 'text') {
    throw invalid(`type: ${CONVERSATION_MESSAGES.onlyFamily}`, [
      { field: 'type', message: CONVERSATION_MESSAGES.onlyFamily },
    ]);
  }
  if (body.type === 'text' && body.text === '' && !attachment) {
    throw invalid(`text: ${CONVERSATION_MESSAGES.enterText}`, [
      { field: 'text', message: CONVERSATION_MESSAGES.enterText },
    ]);
  }
  const timeZone = await schoolTimeZone(app.db);
  const alertDueAt =
    access.side === 'school' ? now : nextOpening(await readMessageHours(app.db), now, timeZone);
  const typed = body.type !== 'text';
  const stored = attachment ? await storeAttachment(app.files, access.pupil.id, attachment) : undefined;
  let id: number;
  try {
    id = await insertMessage(app.db, {
      studentId: access.pupil.id,
      sender,
      side: access.side,
      type: body.type,
      body: body.text.slice(0, CONVERSATION_RULES.textMax),
      forDay: typed ? dateInZone(now, timeZone) : null,
      reason: body.type === 'absent' ? body.reason : null,
      time: body.type === 'late-pickup' ? body.time : null,
      collectorName: body.type === 'other-collector' ? body.name : null,
      collectorPhone: body.type === 'other-collector' ? body.phone : null,
      attachment: stored ?? null,
      sentAt: now.toISOString(),
      alertDueAt: alertDueAt.toISOString(),
    });
  } catch (error) {
    await dropAttachment(app.files, stored?.path);
    throw error;
  }
  const childId = access.pupil.id;
  await app.signals.publish({ channel: 'live', event: { kind: 'message', childId } });
  if (typed) await app.signals.publish({ channel: 'live', event: { kind: 'register', childId } });
  await deliverDueAlerts(app, now, [id]);
  const message = await findMessage(app.db, childId, id, sender.id);
  if (!message) throw new Error('the message just sent was not found');
  return message;
}
