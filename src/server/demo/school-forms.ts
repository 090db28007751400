import type { Question } from '../../shared/api/school-forms.js';
import { addDaysIso, dateInZone } from '../../shared/school-time.js';
import type { Db } from '../db/connect.js';

/**
 * The demo's forms (docs/decisions/0099-forms-and-permission-slips.md): the KG farm trip's permission
 * slip (student@'s class, the calendar's trip), sent yesterday and due in ten days, which the demo
 * parent has not answered yet (the e2e answers its own form); and a draft questionnaire for the whole
 * school, so the principal's screen shows both states.
 */

const TRIP_QUESTIONS: Question[] = [
  { id: 1, kind: 'yes-no', prompt: 'May your child come on the farm trip?', required: true, options: [] },
  {
    id: 2,
    kind: 'choice',
    prompt: 'Lunch on the day',
    required: true,
    options: ['Packed lunch from home', 'School packed lunch'],
  },
  {
    id: 3,
    kind: 'text',
    prompt: 'Anything the teachers should know (allergies, travel sickness)?',
    required: false,
    options: [],
  },
];

const DRAFT_QUESTIONS: Question[] = [
  {
    id: 1,
    kind: 'choice',
    prompt: 'Which after-school club would your child join?',
    required: true,
    options: ['Art', 'Football', 'Chess', 'None'],
  },
  { id: 2, kind: 'yes-no', prompt: 'Could you help at a club now and then?', required: false, options: [] },
];

export async function writeDemoSchoolForms(trx: Db, timeZone: string, now: Date): Promise<void> {
  const today = dateInZone(now, timeZone);
  const principal = await trx
    .selectFrom('app_user')
    .select('id')
    .where('email_key', '=', 'principal@demo.school')
    .executeTakeFirst();
  const kg = await trx.selectFrom('school_class').select('id').where('name', '=', 'KG').executeTakeFirst();
  if (!principal || !kg) return;
  const yesterday = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  const trip = await trx
    .insertInto('school_form')
    .values({
      title: 'KG farm trip: permission slip',
      description: 'KG visits Greenfield Farm next week. We leave at 9:00 and are back by 14:30.',
      whole_school: 0,
      due_on: addDaysIso(today, 10),
      questions: JSON.stringify(TRIP_QUESTIONS),
      // A trip permission slip: question 1's yes or no is the child's consent to the trip
      // (docs/decisions/0115-trips-in-the-consent-ledger.md).
      trip: 1,
      status: 'sent',
      created_by: principal.id,
      created_at: yesterday,
      updated_at: yesterday,
      sent_at: yesterday,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('school_form_class').values({ form_id: trip.id, class_id: kg.id }).execute();
  await trx
    .insertInto('school_form')
    .values({
      title: 'After-school clubs questionnaire',
      description: 'Tell us which club your child would like, so we can plan the spring term.',
      whole_school: 1,
      due_on: addDaysIso(today, 21),
      questions: JSON.stringify(DRAFT_QUESTIONS),
      status: 'draft',
      created_by: principal.id,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
}
