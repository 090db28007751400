import crypto from 'node:crypto';
import type { InsertObject } from 'kysely';
import type { Db } from '../src/server/db/connect.js';
import type { Database } from '../src/server/db/database.js';
import { zonedInstant as zonedInstantOnce } from '../src/server/demo/care.js';
import { createRandom, type Random } from '../src/server/demo/random.js';
import { schoolTimeZone } from '../src/server/features/settings/settings.repository.js';
import type { LogDetail } from '../src/shared/api/day-log.js';

/**
 * The child's day in the large school (docs/decisions/0078-the-daily-log.md, 0079-photo-consent.md,
 * 0080-conversations.md), so that a parent's day, a class's log and a conversation are read out of
 * tables as full as a school's after a few weeks:
 *
 * - on each of `days`, every current pupil gets a morning mood, the class's activity, a snack most
 *   days, lunch, a nap and one or two nappy or toilet entries, written by the class teacher; about one
 *   pupil-day in forty an incident, two in three of them acknowledged by the guardian;
 * - every class gets three photo moments a day (one to four photos each): circle time tagging the
 *   whole class, two of small groups. The photo rows name files that are not stored: the calls
 *   measured list moments, only the photo calls open files;
 * - every child with a guardian has a conversation of 30 messages over the days, both sides, mostly
 *   text with a late pick-up and someone else collecting, each read by the other side but the last two.
 *
 * The demo classes get these on top of the demo's own. Rows are written in the order a school writes
 * them (day by day, in time order), in batches inside one transaction. Deterministic (one seed).
 */

const BATCH = 500;
const SEED = 20_261_205;
const INCIDENT_CHANCE = 1 / 40;
const ACKNOWLEDGED_CHANCE = 2 / 3;
const MOMENTS_PER_DAY = 3;
const MESSAGES_PER_CHILD = 30;
/** The newest messages of a conversation, not read yet by the other side: one of each side's. */
const UNREAD_AT_END = 2;
const READ_AFTER_MS = 20 * 60 * 1000;
/** How long after the moment it is about an entry is written. */
const WRITE_AFTER_MS = 2 * 60 * 1000;

const ACTIVITIES = [
  'Painting with sponges',
  'Building a tower with big blocks',
  'Story time: The Gruffalo',
  'Music and movement in the hall',
  'Planting seeds in the garden',
  'Counting songs with shakers',
  'Play dough shapes',
  'Water play outside',
] as const;
const SNACKS = ['Apple slices and milk', 'Rice cakes and banana', 'Carrot sticks and hummus'] as const;
const LUNCHES = [
  'Vegetable pasta',
  'Chicken and rice',
  'Lentil soup and bread',
  'Fish pie',
  'Bean stew',
] as const;
const AMOUNTS = ['all', 'all', 'most', 'most', 'some', 'none'] as const;
const MOODS = ['happy', 'happy', 'happy', 'calm', 'tired', 'sad'] as const;
const TOILETS = ['wet', 'wet', 'dry', 'dirty', 'toilet'] as const;
const INCIDENTS = [
  'Tripped on the garden path and grazed a knee.',
  'Bumped heads with a friend at the slide.',
  'Pinched a finger in the cupboard door.',
] as const;
const CAPTIONS = [
  'Circle time: our song of the week.',
  'Busy hands at the paint table.',
  'Look what we built today!',
  'Exploring the garden after the rain.',
  'Dancing in the hall.',
] as const;
const FAMILY_TEXTS = [
  'Good morning! She slept badly last night and may be tired.',
  'Could you remind him to bring his library book back?',
  'Thank you for the lovely photos!',
  'We packed spare clothes in the bag today.',
  'Is there anything we should bring for the trip on Friday?',
] as const;
const SCHOOL_TEXTS = [
  'Thank you for telling us, we will keep an eye on it.',
  'A lovely day today: lots of painting and singing.',
  'Just a reminder: the trip on Friday needs a sun hat.',
  'The book is back on the shelf.',
  'Nothing to bring, just comfortable shoes.',
] as const;

export interface ChildDayCounts {
  entries: number;
  moments: number;
  photos: number;
  messages: number;
  receipts: number;
}

interface Pupil {
  id: number;
  classId: number;
}

type Person = { id: number; name: string };

const instants = new Map<string, string>();
/** zonedInstant remembered: it builds a date formatter each time, and the seed asks a few hundred thousand times. */
function zonedInstant(day: string, hour: number, minute: number, timeZone: string): string {
  const key = `${day} ${hour}:${minute} ${timeZone}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    instant = zonedInstantOnce(day, hour, minute, timeZone);
    instants.set(key, instant);
  }
  return instant;
}

const hhmm = (hour: number, minute: number) =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

async function insertInBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Seeds the daily log, photo moments and conversations of `days` (newest first, as lastSchoolDays gives them). */
export async function seedChildDays(db: Db, days: readonly string[]): Promise<ChildDayCounts> {
  const rng = createRandom(SEED);
  const timeZone = await schoolTimeZone(db);
  const oldestFirst = [...days].sort();
  const pupils: Pupil[] = (
    await db
      .selectFrom('enrolment')
      .select(['student_id', 'class_id'])
      .where('ended_on', 'is', null)
      .orderBy('student_id')
      .execute()
  ).map((row) => ({ id: row.student_id, classId: row.class_id }));
  const classTeacher = await classTeachers(db);
  const guardianOf = await firstGuardians(db);
  const byClass = new Map<number, number[]>();
  for (const pupil of pupils) byClass.set(pupil.classId, [...(byClass.get(pupil.classId) ?? []), pupil.id]);

  const counts: ChildDayCounts = { entries: 0, moments: 0, photos: 0, messages: 0, receipts: 0 };
  await db.transaction().execute(async (trx) => {
    for (const day of oldestFirst) {
      const entries = logOfDay(rng, day, pupils, classTeacher, guardianOf, timeZone);
      counts.entries += entries.length;
      await insertInBatches(entries, (batch) => trx.insertInto('log_entry').values(batch).execute());
      const moments = await insertMomentsOfDay(trx, rng, day, byClass, classTeacher, timeZone);
      counts.moments += moments.moments;
      counts.photos += moments.photos;
    }
    const conversations = await insertConversations(
      trx,
      rng,
      oldestFirst,
      pupils,
      classTeacher,
      guardianOf,
      timeZone,
    );
    counts.messages = conversations.messages;
    counts.receipts = conversations.receipts;
  });
  return counts;
}

/** Each class's teacher of its first lesson: who writes its log and posts its photos. */
async function classTeachers(db: Db): Promise<Map<number, Person>> {
  const rows = await db
    .selectFrom('class_assignment as a')
    .innerJoin('app_user as u', 'u.id', 'a.teacher_id')
    .select(['a.class_id', 'u.id', 'u.name'])
    .orderBy('a.id')
    .execute();
  const teachers = new Map<number, Person>();
  for (const row of rows)
    if (!teachers.has(row.class_id)) teachers.set(row.class_id, { id: row.id, name: row.name });
  return teachers;
}

/** Each child's first guardian (by parent id): who writes the family's messages and acknowledges. */
async function firstGuardians(db: Db): Promise<Map<number, Person>> {
  const rows = await db
    .selectFrom('guardian as g')
    .innerJoin('app_user as u', 'u.id', 'g.parent_id')
    .select(['g.student_id', 'u.id', 'u.name'])
    .orderBy('u.id')
    .execute();
  const guardians = new Map<number, Person>();
  for (const row of rows)
    if (!guardians.has(row.student_id)) guardians.set(row.student_id, { id: row.id, name: row.name });
  return guardians;
}

function logOfDay(
  rng: Random,
  day: string,
  pupils: readonly Pupil[],
  classTeacher: ReadonlyMap<number, Person>,
  guardianOf: ReadonlyMap<number, Person>,
  timeZone: string,
): InsertObject<Database, 'log_entry'>[] {
  const rows: InsertObject<Database, 'log_entry'>[] = [];
  const activityOf = new Map<number, string>();
  const lunch = rng.pick(LUNCHES);
  const snack = rng.pick(SNACKS);
  for (const pupil of pupils) {
    const teacher = classTeacher.get(pupil.classId);
    if (!activityOf.has(pupil.classId)) activityOf.set(pupil.classId, rng.pick(ACTIVITIES));
    const entry = (hour: number, minute: number, detail: LogDetail, acknowledged?: Person) => {
      rows.push({
        student_id: pupil.id,
        class_id: pupil.classId,
        day,
        time: hhmm(hour, minute),
        kind: detail.kind,
        detail: JSON.stringify(detail),
        recorded_by: teacher?.id ?? null,
        recorded_by_name: teacher?.name ?? 'Bench Teacher',
        recorded_at: new Date(
          Date.parse(zonedInstant(day, hour, minute, timeZone)) + WRITE_AFTER_MS,
        ).toISOString(),
        acknowledged_at: acknowledged ? zonedInstant(day, 16, rng.int(0, 59), timeZone) : null,
        acknowledged_by: acknowledged?.id ?? null,
        acknowledged_by_name: acknowledged?.name ?? null,
      });
    };
    entry(8, rng.int(30, 59), { kind: 'mood', mood: rng.pick(MOODS), note: '' });
    entry(10, 0, { kind: 'activity', text: activityOf.get(pupil.classId) ?? ACTIVITIES[0] });
    if (rng.chance(0.8)) entry(10, rng.int(20, 40), { kind: 'meal', what: snack, amount: rng.pick(AMOUNTS) });
    entry(12, rng.int(5, 30), { kind: 'meal', what: lunch, amount: rng.pick(AMOUNTS) });
    const napFrom = rng.int(0, 20);
    entry(13, napFrom, { kind: 'nap', from: hhmm(13, napFrom), to: hhmm(14, rng.int(0, 40)) });
    entry(11, rng.int(0, 50), { kind: 'toilet', toilet: rng.pick(TOILETS) });
    if (rng.chance(0.5)) entry(15, rng.int(0, 30), { kind: 'toilet', toilet: rng.pick(TOILETS) });
    if (rng.chance(INCIDENT_CHANCE)) {
      const guardian = guardianOf.get(pupil.id);
      entry(
        rng.int(9, 14),
        rng.int(0, 50),
        {
          kind: 'incident',
          what: rng.pick(INCIDENTS),
          firstAid: 'Cleaned and comforted; back to play.',
          witnessedBy: teacher?.name ?? '',
        },
        guardian && rng.chance(ACKNOWLEDGED_CHANCE) ? guardian : undefined,
      );
    }
  }
  // In the order the staff write them through the day.
  return rows.sort((a, b) => String(a.time).localeCompare(String(b.time)));
}

async function insertMomentsOfDay(
  trx: Db,
  rng: Random,
  day: string,
  byClass: ReadonlyMap<number, readonly number[]>,
  classTeacher: ReadonlyMap<number, Person>,
  timeZone: string,
): Promise<{ moments: number; photos: number }> {
  const planned: { classId: number; at: string; caption: string; children: number[]; photos: number }[] = [];
  for (const [classId, children] of byClass) {
    for (let n = 0; n < MOMENTS_PER_DAY; n++) {
      const group = n === 0 ? [...children] : rng.shuffle(children).slice(0, rng.int(2, 6));
      planned.push({
        classId,
        at: zonedInstant(day, 9 + n * 2, rng.int(0, 59), timeZone),
        caption: rng.pick(CAPTIONS),
        children: group,
        photos: rng.int(1, 4),
      });
    }
  }
  planned.sort((a, b) => a.at.localeCompare(b.at));
  let photos = 0;
  for (let start = 0; start < planned.length; start += BATCH) {
    const batch = planned.slice(start, start + BATCH);
    const ids = await trx
      .insertInto('photo_moment')
      .values(
        batch.map((moment) => {
          const teacher = classTeacher.get(moment.classId);
          return {
            caption: moment.caption,
            posted_by: teacher?.id ?? null,
            posted_by_name: teacher?.name ?? 'Bench Teacher',
            posted_at: moment.at,
          };
        }),
      )
      .returning('id')
      .execute();
    const photoRows = batch.flatMap((moment, i) =>
      Array.from({ length: moment.photos }, (_, p) => ({
        moment_id: ids[i]?.id ?? 0,
        position: p + 1,
        name: crypto.randomBytes(16).toString('hex'),
        widths: '400,800,1200',
        width: 1200,
        height: 900,
      })),
    );
    photos += photoRows.length;
    await insertInBatches(photoRows, (rows) => trx.insertInto('photo_moment_photo').values(rows).execute());
    const tags = batch.flatMap((moment, i) =>
      moment.children.map((studentId) => ({ moment_id: ids[i]?.id ?? 0, student_id: studentId })),
    );
    await insertInBatches(tags, (rows) => trx.insertInto('photo_moment_child').values(rows).execute());
  }
  return { moments: planned.length, photos };
}

async function insertConversations(
  trx: Db,
  rng: Random,
  oldestFirst: readonly string[],
  pupils: readonly Pupil[],
  classTeacher: ReadonlyMap<number, Person>,
  guardianOf: ReadonlyMap<number, Person>,
  timeZone: string,
): Promise<{ messages: number; receipts: number }> {
  type Planned = {
    row: InsertObject<Database, 'conversation_message'>;
    reader: Person | undefined;
    unread: boolean;
  };
  const planned: Planned[] = [];
  for (const pupil of pupils) {
    const guardian = guardianOf.get(pupil.id);
    const teacher = classTeacher.get(pupil.classId);
    if (!guardian || !teacher) continue;
    const latePickup = rng.int(0, MESSAGES_PER_CHILD - 1);
    const otherCollector = rng.int(0, MESSAGES_PER_CHILD - 1);
    for (let n = 0; n < MESSAGES_PER_CHILD; n++) {
      const day = oldestFirst[Math.floor((n * oldestFirst.length) / MESSAGES_PER_CHILD)] ?? '';
      const family = n % 2 === 0;
      const sender = family ? guardian : teacher;
      const type = !family
        ? 'text'
        : n === latePickup
          ? 'late-pickup'
          : n === otherCollector
            ? 'other-collector'
            : 'text';
      const sentAt = zonedInstant(day, family ? 7 + (n % 3) : 9 + (n % 6), rng.int(0, 59), timeZone);
      planned.push({
        row: {
          student_id: pupil.id,
          sender_id: sender.id,
          sender_name: sender.name,
          side: family ? 'family' : 'school',
          type,
          body: type === 'text' ? rng.pick(family ? FAMILY_TEXTS : SCHOOL_TEXTS) : 'Today only.',
          for_day: type === 'text' ? null : day,
          reason: null,
          pickup_time: type === 'late-pickup' ? '17:30' : null,
          collector_name: type === 'other-collector' ? 'Grandma Bench' : null,
          collector_phone: type === 'other-collector' ? '+1 555 0100 300' : null,
          attachment_path: null,
          attachment_kind: null,
          attachment_name: null,
          attachment_size: null,
          sent_at: sentAt,
          // Alerted when sent: starting the server alerts nobody.
          alert_due_at: sentAt,
          alerted_at: sentAt,
        },
        reader: family ? teacher : guardian,
        unread: n >= MESSAGES_PER_CHILD - UNREAD_AT_END,
      });
    }
  }
  // As the school receives them: all conversations interleaved in time.
  planned.sort((a, b) => String(a.row.sent_at).localeCompare(String(b.row.sent_at)));
  let receipts = 0;
  for (let start = 0; start < planned.length; start += BATCH) {
    const batch = planned.slice(start, start + BATCH);
    const ids = await trx
      .insertInto('conversation_message')
      .values(batch.map((message) => message.row))
      .returning('id')
      .execute();
    const read = batch.flatMap((message, i) =>
      message.unread || !message.reader
        ? []
        : [
            {
              message_id: ids[i]?.id ?? 0,
              reader_id: message.reader.id,
              reader_name: message.reader.name,
              student_id: Number(message.row.student_id),
              read_at: new Date(Date.parse(String(message.row.sent_at)) + READ_AFTER_MS).toISOString(),
            },
          ],
    );
    receipts += read.length;
    if (read.length > 0) await trx.insertInto('conversation_receipt').values(read).execute();
  }
  return { messages: planned.length, receipts };
}
