import { dateInZone } from '../../shared/school-time.js';
import type { Db } from '../db/connect.js';
import { insertMessage, markRead } from '../features/conversations/conversations.repository.js';
import { zonedInstant } from './care.js';
import { CLASS_TEACHER, emailFor, PARENT_EMAIL, PRINCIPAL, STUDENT_EMAIL } from './people.js';
import { schoolDaysBefore } from './school.js';

/**
 * The demo's messages between home and school (docs/decisions/0080-conversations.md): a week of
 * the demo parent's conversations about Aisha (KG, Amara Okafor's class) and Yusuf (Class 2, Daniel
 * Whitfield's), with typed messages (an absence, a late pick-up, someone else collecting), each read
 * by the other side; and this morning's "Late pick-up" for Aisha, not read yet, so Today shows it.
 * A fixed script on the school days before the school's today: the same demo every time.
 */

type Child = 'aisha' | 'yusuf';
type Sender = 'parent' | 'teacher' | 'principal';

interface ScriptLine {
  /** The school day: an index into the last five (0 the oldest), or 'today'. */
  day: number | 'today';
  at: [number, number];
  child: Child;
  from: Sender;
  text: string;
  absent?: string;
  latePickup?: string;
  collector?: { name: string; phone: string };
}

const SCRIPT: readonly ScriptLine[] = [
  {
    day: 0,
    at: [7, 50],
    child: 'aisha',
    from: 'parent',
    text: 'Good morning! Aisha coughed a little last night. She is fine now but may be tired.',
  },
  {
    day: 0,
    at: [8, 20],
    child: 'aisha',
    from: 'teacher',
    text: 'Thank you for telling us. We will keep an eye on her and let her rest after lunch.',
  },
  {
    day: 1,
    at: [7, 35],
    child: 'yusuf',
    from: 'parent',
    text: '',
    absent: 'A dentist appointment this morning.',
  },
  {
    day: 1,
    at: [8, 10],
    child: 'yusuf',
    from: 'teacher',
    text: 'Thank you, we hope it goes well. See you tomorrow, Yusuf!',
  },
  {
    day: 2,
    at: [15, 10],
    child: 'aisha',
    from: 'teacher',
    text: 'Aisha painted a lovely autumn tree today. It is drying on the classroom wall.',
  },
  {
    day: 2,
    at: [21, 30],
    child: 'aisha',
    from: 'parent',
    text: 'She told us all about it! Could you remind her to bring her library book back?',
  },
  { day: 3, at: [8, 5], child: 'aisha', from: 'teacher', text: 'Of course, the book is back on the shelf.' },
  {
    day: 3,
    at: [7, 45],
    child: 'aisha',
    from: 'parent',
    text: 'Her uncle collects her today.',
    collector: { name: 'Kwame Mensah', phone: '+1 555 0142 655' },
  },
  {
    day: 4,
    at: [12, 10],
    child: 'yusuf',
    from: 'parent',
    text: 'Traffic on the way back from work.',
    latePickup: '17:30',
  },
  {
    day: 4,
    at: [12, 30],
    child: 'yusuf',
    from: 'principal',
    text: 'Noted: Yusuf will wait in the after-school room.',
  },
  { day: 'today', at: [7, 40], child: 'aisha', from: 'parent', text: '', latePickup: '17:15' },
];

const READ_AFTER_MS = 15 * 60 * 1000;

export async function writeDemoConversations(
  trx: Db,
  today: number,
  timeZone: string,
  now: Date,
): Promise<void> {
  const emails = [PARENT_EMAIL, STUDENT_EMAIL, emailFor('Yusuf', 'Rahman')];
  const byEmail = new Map(
    (
      await trx
        .selectFrom('app_user')
        .select(['id', 'email_key', 'name'])
        .where('email_key', 'in', emails)
        .execute()
    ).map((row) => [row.email_key, row]),
  );
  const staffNames = [PRINCIPAL.name, CLASS_TEACHER.KG, CLASS_TEACHER['Class 2']];
  const byName = new Map(
    (await trx.selectFrom('app_user').select(['id', 'name']).where('name', 'in', staffNames).execute()).map(
      (row) => [row.name, row],
    ),
  );
  const parent = byEmail.get(PARENT_EMAIL);
  const children: Record<Child, { id: number } | undefined> = {
    aisha: byEmail.get(STUDENT_EMAIL),
    yusuf: byEmail.get(emailFor('Yusuf', 'Rahman')),
  };
  const teachers: Record<Child, { id: number; name: string } | undefined> = {
    aisha: byName.get(CLASS_TEACHER.KG),
    yusuf: byName.get(CLASS_TEACHER['Class 2']),
  };
  const principal = byName.get(PRINCIPAL.name);
  if (!parent || !children.aisha || !children.yusuf || !teachers.aisha || !teachers.yusuf || !principal)
    throw new Error('Demo conversations: the demo family or its teachers are missing');

  const schoolToday = dateInZone(now, timeZone);
  const days = schoolDaysBefore(Math.min(today, Date.parse(schoolToday)), 5);
  for (const line of SCRIPT) {
    const day = line.day === 'today' ? schoolToday : days[line.day];
    if (!day) continue;
    const sentAt = zonedInstant(day, line.at[0], line.at[1], timeZone);
    // This morning's message only once the morning has come.
    if (Date.parse(sentAt) > now.getTime()) continue;
    const child = children[line.child];
    const sender =
      line.from === 'parent' ? parent : line.from === 'teacher' ? teachers[line.child] : principal;
    if (!child || !sender) continue;
    const type = line.absent
      ? 'absent'
      : line.latePickup
        ? 'late-pickup'
        : line.collector
          ? 'other-collector'
          : 'text';
    const side = line.from === 'parent' ? 'family' : 'school';
    // Through the feature's own writes, so the demo's rows are the rows a user's message makes.
    const id = await insertMessage(trx, {
      studentId: child.id,
      sender,
      side,
      type,
      body: line.text,
      forDay: type === 'text' ? null : day,
      reason: line.absent ?? null,
      time: line.latePickup ?? null,
      collectorName: line.collector?.name ?? null,
      collectorPhone: line.collector?.phone ?? null,
      attachment: null,
      sentAt,
      // No alert is due: starting the demo tells nobody.
      alertDueAt: null,
    });
    if (line.day === 'today') continue;
    const reader = side === 'family' ? teachers[line.child] : parent;
    if (!reader) continue;
    const readAt = new Date(Math.min(Date.parse(sentAt) + READ_AFTER_MS, now.getTime())).toISOString();
    await markRead(trx, child.id, { ...reader, side: side === 'family' ? 'school' : 'family' }, id, readAt);
  }
}
