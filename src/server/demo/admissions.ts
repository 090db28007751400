import { addDaysIso, dateInZone } from '../../shared/school-time.js';
import type { Db } from '../db/connect.js';

/**
 * The demo's admissions (docs/decisions/0105-the-admissions-board.md): five Nursery families in the
 * current year (the demo's admissions year), one at each stage a board shows before an offer, so a
 * fresh start shows a living board: a phone enquiry (the e2e moves it along), a visit booked, an
 * application, the waiting list and a closed case, each with its history. None has accepted an offer,
 * so the free seats stay the classes' own (DEMO_SEATS).
 */

interface DemoCase {
  child: string;
  family: string;
  email: string;
  language: 'en' | 'fr' | 'ar';
  message: string;
  source: 'principal' | 'booking';
  /** Days ago the case was opened. */
  openedDaysAgo: number;
  /** Its moves after the opening: stage, days ago, details. */
  moves: { to: string; daysAgo: number; details?: Record<string, string>; note?: string }[];
}

export const DEMO_ADMISSION_FAMILIES = {
  enquiry: { child: 'Leo Martin', email: 'martin.family@example.org' },
} as const;

const CASES = (today: string): DemoCase[] => [
  {
    child: DEMO_ADMISSION_FAMILIES.enquiry.child,
    family: 'Claire Martin',
    email: DEMO_ADMISSION_FAMILIES.enquiry.email,
    language: 'en',
    message: 'We move to town in January. Is there a place in the Nursery for Leo (3)?',
    source: 'principal',
    openedDaysAgo: 2,
    moves: [],
  },
  {
    child: 'Sofia Haddad',
    family: 'Rania Haddad',
    email: 'haddad.family@example.org',
    language: 'ar',
    message: '',
    source: 'booking',
    openedDaysAgo: 6,
    moves: [{ to: 'visit', daysAgo: 4, details: { visitDate: addDaysIso(today, 5), visitTime: '10:00' } }],
  },
  {
    child: 'Hugo Bernard',
    family: 'Julie Bernard',
    email: 'bernard.family@example.org',
    language: 'fr',
    message: 'Hugo a trois ans et parle français et anglais.',
    source: 'booking',
    openedDaysAgo: 20,
    moves: [
      { to: 'visit', daysAgo: 18, details: { visitDate: addDaysIso(today, -12), visitTime: '09:30' } },
      { to: 'applied', daysAgo: 9, note: 'Application form brought in after the visit.' },
    ],
  },
  {
    child: 'Maya Chen',
    family: 'Wei Chen',
    email: 'chen.family@example.org',
    language: 'en',
    message: 'Maya could start any time.',
    source: 'booking',
    openedDaysAgo: 30,
    moves: [{ to: 'waiting', daysAgo: 25 }],
  },
  {
    child: 'Omar Diallo',
    family: 'Awa Diallo',
    email: 'diallo.family@example.org',
    language: 'fr',
    message: '',
    source: 'booking',
    openedDaysAgo: 40,
    moves: [{ to: 'closed', daysAgo: 35, details: { closeReason: 'Chose a school nearer home' } }],
  },
];

export async function writeDemoAdmissions(trx: Db, timeZone: string, now: Date): Promise<void> {
  const today = dateInZone(now, timeZone);
  const principal = await trx
    .selectFrom('app_user')
    .select(['id'])
    .where('email_key', '=', 'principal@demo.school')
    .executeTakeFirst();
  const nursery = await trx
    .selectFrom('school_class')
    .select('id')
    .where('name', '=', 'Nursery')
    .executeTakeFirst();
  const year = await trx
    .selectFrom('school_year')
    .select('id')
    .where('is_current', '=', 1)
    .executeTakeFirst();
  if (!principal || !nursery || !year) return;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  for (const demo of CASES(today)) {
    const last = demo.moves.at(-1);
    const stage = last?.to ?? 'enquiry';
    const details = last?.details ?? {};
    const openedBy = demo.source === 'principal' ? principal.id : null;
    const { id } = await trx
      .insertInto('admission_case')
      .values({
        child_name: demo.child,
        class_id: nursery.id,
        year_id: year.id,
        family_name: demo.family,
        email: demo.email,
        phone: '',
        language: demo.language,
        message: demo.message,
        stage,
        visit_date: stage === 'visit' ? (details.visitDate ?? null) : null,
        visit_time: stage === 'visit' ? (details.visitTime ?? null) : null,
        offer_deadline: null,
        waiting_since: stage === 'waiting' ? at(last?.daysAgo ?? 0) : null,
        close_reason: stage === 'closed' ? (details.closeReason ?? null) : null,
        source: demo.source,
        created_by: openedBy,
        created_at: at(demo.openedDaysAgo),
        stage_changed_by: last ? principal.id : openedBy,
        stage_changed_at: at(last?.daysAgo ?? demo.openedDaysAgo),
        updated_at: at(last?.daysAgo ?? demo.openedDaysAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let from: string | null = null;
    const moves = [
      { to: 'enquiry', daysAgo: demo.openedDaysAgo, by: openedBy, details: {}, note: '' },
    ].concat(
      demo.moves.map((move) => ({
        to: move.to,
        daysAgo: move.daysAgo,
        by: principal.id,
        details: move.details ?? {},
        note: move.note ?? '',
      })),
    );
    for (const move of moves) {
      await trx
        .insertInto('admission_move')
        .values({
          case_id: id,
          from_stage: from,
          to_stage: move.to,
          moved_by: move.by,
          moved_at: at(move.daysAgo),
          note: move.note,
          details: JSON.stringify(move.details),
        })
        .execute();
      from = move.to;
    }
  }
}
