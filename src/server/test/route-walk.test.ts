import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_COLLECTION_NAMES } from '../../shared/api/content.js';
import { SCHOOL_TYPES, type SchoolType, USER_TYPE } from '../../shared/constants.js';
import type { RouteEntry } from '../app.js';
import { createSession } from '../features/auth/session.js';
import { forbidsStoring } from '../plugins/auth.js';
import { createTestApp, type TestApp } from './app.js';
import { TEST_ENGINES } from './databases.js';
import { bearer, type Caller, type SchoolFixture, schoolFixture } from './school-fixtures.js';

/**
 * Walks every route the app registers (app.routeCatalog, filled by an onRoute hook) and checks
 * who may call it. A route under /api is either PUBLIC, open to ANY logged-in user, or listed in
 * POLICY with the school types that may call it; a new route in none of these fails this test, so
 * no route ships without a stated rule.
 *
 * For every guarded route: no token -> 401; a Director (a type without a dashboard) -> 403; every
 * school type in its rule -> neither 401 nor 403 (ownership rules answer 404, not 403); every other
 * school type -> 403. The Parent is a school type (docs/decisions/0021-families.md): the demo
 * parent, guardian of the pupil whose id the walk uses. Writes are sent a body that fails validation, so callers who pass the guard
 * get a 400 and nothing changes. Every one of these answers says `Cache-Control: no-store`: what a
 * signed-in caller gets is theirs alone (docs/decisions/0039-private-answers-and-limits.md).
 */

const STUDENT_PRINCIPAL: readonly SchoolType[] = [USER_TYPE.student, USER_TYPE.principal];
const TEACHER_PRINCIPAL: readonly SchoolType[] = [USER_TYPE.teacher, USER_TYPE.principal];
const PRINCIPAL: readonly SchoolType[] = [USER_TYPE.principal];
const PARENT: readonly SchoolType[] = [USER_TYPE.parent];
const PRINCIPAL_PARENT: readonly SchoolType[] = [USER_TYPE.principal, USER_TYPE.parent];
const EVERY_SCHOOL_TYPE: readonly SchoolType[] = SCHOOL_TYPES;
const CONVERSATION_MEMBERS: readonly SchoolType[] = [
  USER_TYPE.teacher,
  USER_TYPE.principal,
  USER_TYPE.parent,
];

interface Rule {
  /** The school types that pass the route's guard. */
  who: readonly SchoolType[];
  /** A concrete URL instead of the route's with the usual ids (for routes that would change data). */
  url?: string;
  /** A body that fails validation, for writes. */
  body?: unknown;
}

/** The one table of who may call what (docs/contract/api.md#who-may-call). */
const POLICY: Record<string, Rule> = {
  // Accounts
  'GET /api/users/student/:id': { who: EVERY_SCHOOL_TYPE },
  'GET /api/users/teacher': { who: EVERY_SCHOOL_TYPE },
  'GET /api/users': { who: PRINCIPAL },
  'PATCH /api/users/:id/status': { who: PRINCIPAL, url: '/api/users/999999/status', body: {} },
  'DELETE /api/users/:id': { who: PRINCIPAL, url: '/api/users/999999' },
  // School management
  'GET /api/classes': { who: EVERY_SCHOOL_TYPE },
  'GET /api/subject': { who: EVERY_SCHOOL_TYPE },
  'GET /api/time': { who: EVERY_SCHOOL_TYPE },
  'GET /api/studentclass': { who: EVERY_SCHOOL_TYPE },
  'POST /api/studentclass': { who: PRINCIPAL, body: {} },
  'GET /api/student/exam': { who: STUDENT_PRINCIPAL },
  'GET /api/exam/:teacherid': { who: TEACHER_PRINCIPAL },
  'GET /api/result': { who: EVERY_SCHOOL_TYPE },
  'GET /api/result/assign_result/:id': { who: EVERY_SCHOOL_TYPE },
  'GET /api/student/result/:id': { who: EVERY_SCHOOL_TYPE },
  'GET /api/teacher/result': { who: TEACHER_PRINCIPAL },
  'GET /api/schedule': { who: EVERY_SCHOOL_TYPE },
  'GET /api/schedule/:classId': { who: EVERY_SCHOOL_TYPE },
  'GET /api/teacher/assign_class': { who: TEACHER_PRINCIPAL },
  'GET /api/teacher/assign_class/:classId': { who: TEACHER_PRINCIPAL },
  'GET /api/student_class/:classId': { who: TEACHER_PRINCIPAL },
  'GET /api/studentattendace/:classId': { who: TEACHER_PRINCIPAL },
  'POST /api/studentattenance': { who: TEACHER_PRINCIPAL, body: [] },
  'GET /api/notification': { who: EVERY_SCHOOL_TYPE },
  'GET /api/attendance/student/:id': { who: EVERY_SCHOOL_TYPE },
  'GET /api/result-summary/:id': { who: EVERY_SCHOOL_TYPE },
  'GET /api/attendance/overview': { who: PRINCIPAL },
  'GET /api/attendance/own-class': { who: TEACHER_PRINCIPAL },
  'GET /api/attendance/class/:classId': {
    who: TEACHER_PRINCIPAL,
    url: '/api/attendance/class/:classId?from=2026-11-01&to=2026-11-19',
  },
  // Marks entry, sending notifications, school set-up (docs/decisions/0009-running-the-school-year.md)
  'GET /api/marks': { who: TEACHER_PRINCIPAL },
  'PUT /api/marks': { who: TEACHER_PRINCIPAL, body: [] },
  'GET /api/marks/subjects': { who: TEACHER_PRINCIPAL, url: '/api/marks/subjects?classId=1' },
  'GET /api/marks/exams': { who: TEACHER_PRINCIPAL, url: '/api/marks/exams?classId=1&subjectId=1' },
  'POST /api/exams/:id/release': { who: TEACHER_PRINCIPAL, url: '/api/exams/999999/release' },
  'GET /api/marks/history/:studentId': { who: PRINCIPAL, url: '/api/marks/history/999999' },
  'POST /api/notification': { who: TEACHER_PRINCIPAL, body: {} },
  'POST /api/notification/:id/read': { who: EVERY_SCHOOL_TYPE, url: '/api/notification/999999/read' },
  ...Object.fromEntries(
    ['classes', 'subjects', 'time-slots'].flatMap((name): [string, Rule][] => [
      [`POST /api/admin/${name}`, { who: PRINCIPAL, body: {} }],
      [`PATCH /api/admin/${name}/:id`, { who: PRINCIPAL, url: `/api/admin/${name}/999999`, body: {} }],
      [`DELETE /api/admin/${name}/:id`, { who: PRINCIPAL, url: `/api/admin/${name}/999999` }],
    ]),
  ),
  // School years and terms (docs/decisions/0085-school-years-and-terms.md)
  'GET /api/school-year': { who: EVERY_SCHOOL_TYPE },
  'GET /api/school-years': { who: EVERY_SCHOOL_TYPE },
  'GET /api/admin/school-years': { who: PRINCIPAL },
  'POST /api/admin/school-years': { who: PRINCIPAL, body: {} },
  'PUT /api/admin/school-years/:id': { who: PRINCIPAL, url: '/api/admin/school-years/999999', body: {} },
  'DELETE /api/admin/school-years/:id': { who: PRINCIPAL, url: '/api/admin/school-years/999999' },
  'POST /api/admin/school-years/:id/current': {
    who: PRINCIPAL,
    url: '/api/admin/school-years/999999/current',
  },
  'POST /api/admin/school-years/:id/terms': {
    who: PRINCIPAL,
    url: '/api/admin/school-years/999999/terms',
    body: {},
  },
  'PUT /api/admin/school-terms/:id': { who: PRINCIPAL, url: '/api/admin/school-terms/999999', body: {} },
  'DELETE /api/admin/school-terms/:id': { who: PRINCIPAL, url: '/api/admin/school-terms/999999' },
  // The year rollover (docs/decisions/0091-the-year-rollover.md)
  'GET /api/admin/rollover/classes': { who: PRINCIPAL },
  'PUT /api/admin/rollover/classes': { who: PRINCIPAL, body: {} },
  'GET /api/admin/rollover/preview': { who: PRINCIPAL },
  'POST /api/admin/rollover/preview': { who: PRINCIPAL, body: {} },
  'POST /api/admin/rollover': { who: PRINCIPAL, body: {} },
  'GET /api/admin/rollover/settings': { who: PRINCIPAL },
  'PUT /api/admin/rollover/settings': { who: PRINCIPAL, body: {} },
  // Retention and erasure (docs/decisions/0110-retention-and-erasure.md)
  'GET /api/admin/retention': { who: PRINCIPAL },
  'PUT /api/admin/retention': { who: PRINCIPAL, body: {} },
  'GET /api/admin/retention/runs': { who: PRINCIPAL },
  'GET /api/admin/retention/leavers': { who: PRINCIPAL },
  'POST /api/admin/retention/erasures': { who: PRINCIPAL, body: {} },
  // Seats (docs/decisions/0101-seats-that-mean-something.md)
  'GET /api/admin/admissions/classes': { who: PRINCIPAL },
  'PUT /api/admin/admissions/classes': { who: PRINCIPAL, body: {} },
  // The admissions pipeline (docs/decisions/0102-the-admissions-pipeline.md)
  'GET /api/admin/admissions/board': { who: PRINCIPAL },
  'POST /api/admin/admissions/cases': { who: PRINCIPAL, body: {} },
  'GET /api/admin/admissions/cases/:id': { who: PRINCIPAL, url: '/api/admin/admissions/cases/999999' },
  'POST /api/admin/admissions/cases/:id/moves': {
    who: PRINCIPAL,
    url: '/api/admin/admissions/cases/999999/moves',
    body: {},
  },
  // The application families fill in (docs/decisions/0103-the-application-families-fill-in.md)
  'POST /api/admin/admissions/cases/:id/application-link': {
    who: PRINCIPAL,
    url: '/api/admin/admissions/cases/999999/application-link',
  },
  'GET /api/admin/admissions/cases/:id/documents/:documentId': {
    who: PRINCIPAL,
    url: '/api/admin/admissions/cases/999999/documents/999999',
  },
  // Enrolment in one step (docs/decisions/0104-enrolment-in-one-step.md)
  'POST /api/admin/admissions/cases/:id/enrolment': {
    who: PRINCIPAL,
    url: '/api/admin/admissions/cases/999999/enrolment',
    body: { startDate: 'not a date' },
  },
  'GET /api/pupils/:id/years': { who: EVERY_SCHOOL_TYPE },
  'POST /api/enrolments': { who: PRINCIPAL, body: {} },
  'DELETE /api/admin/assignments/:id': { who: PRINCIPAL, url: '/api/admin/assignments/999999' },
  'POST /api/exams': { who: PRINCIPAL, body: {} },
  'DELETE /api/admin/exams/:id': { who: PRINCIPAL, url: '/api/admin/exams/999999' },
  'GET /api/admin/pupils': { who: PRINCIPAL },
  // Families (docs/decisions/0021-families.md)
  'POST /api/admin/guardians': { who: PRINCIPAL, body: {} },
  'DELETE /api/admin/guardians/:parentId/:studentId': {
    who: PRINCIPAL,
    url: '/api/admin/guardians/999999/999999',
  },
  'GET /api/admin/guardians': { who: PRINCIPAL },
  'GET /api/family/children': { who: PARENT },
  'POST /api/admin/import/pupils': { who: PRINCIPAL, body: {} },
  // Site administration: content, media, the contact and booking inbox, the newsletter list
  ...Object.fromEntries(
    CONTENT_COLLECTION_NAMES.flatMap((name): [string, Rule][] => [
      [`POST /api/admin/content/${name}`, { who: PRINCIPAL, body: {} }],
      [`POST /api/admin/content/${name}/order`, { who: PRINCIPAL, body: {} }],
      // The preview of an unsaved draft (docs/decisions/0050-website-editor-without-traps.md)
      [`POST /api/admin/content/${name}/preview`, { who: PRINCIPAL, body: {} }],
      [
        `PUT /api/admin/content/${name}/:id`,
        { who: PRINCIPAL, url: `/api/admin/content/${name}/999999`, body: {} },
      ],
      [`DELETE /api/admin/content/${name}/:id`, { who: PRINCIPAL, url: `/api/admin/content/${name}/999999` }],
      // A record in another language (docs/decisions/0064-content-in-the-schools-languages.md)
      [
        `GET /api/admin/content/${name}/:id/translations/:language`,
        { who: PRINCIPAL, url: `/api/admin/content/${name}/999999/translations/fr` },
      ],
      [
        `PUT /api/admin/content/${name}/:id/translations/:language`,
        { who: PRINCIPAL, url: `/api/admin/content/${name}/999999/translations/fr`, body: [] },
      ],
      [
        `POST /api/admin/content/${name}/:id/translations/:language/preview`,
        { who: PRINCIPAL, url: `/api/admin/content/${name}/999999/translations/fr/preview`, body: {} },
      ],
    ]),
  ),
  'GET /api/admin/media': { who: PRINCIPAL },
  'POST /api/admin/media': { who: PRINCIPAL, body: {} },
  'DELETE /api/admin/media/:name': { who: PRINCIPAL, url: '/api/admin/media/not-there.webp' },
  'GET /api/admin/inbox': { who: PRINCIPAL },
  'PATCH /api/admin/inbox/:kind/:id': { who: PRINCIPAL, url: '/api/admin/inbox/enquiry/999999', body: {} },
  // Blog comments to moderate (docs/decisions/0049-blog-comments.md)
  'GET /api/admin/blog-comments': { who: PRINCIPAL },
  'PATCH /api/admin/blog-comments/:id': { who: PRINCIPAL, url: '/api/admin/blog-comments/999999', body: {} },
  'GET /api/admin/newsletter': { who: PRINCIPAL },
  'GET /api/admin/newsletter.csv': { who: PRINCIPAL },
  'DELETE /api/admin/newsletter/:id': { who: PRINCIPAL, url: '/api/admin/newsletter/999999' },
  // Newsletters to the confirmed subscribers (docs/decisions/0025-newsletter.md)
  'GET /api/admin/newsletters': { who: PRINCIPAL },
  'POST /api/admin/newsletters': { who: PRINCIPAL, body: {} },
  // The school's settings (docs/decisions/0014-school-settings.md)
  'PUT /api/admin/settings': { who: PRINCIPAL, body: {} },
  // The Outbox and the mail settings (docs/decisions/0022-email-outbox.md)
  'GET /api/admin/outbox': { who: PRINCIPAL },
  // The password again (docs/decisions/0036-restores-that-lose-nothing.md); {} fails validation.
  'POST /api/admin/backup': { who: PRINCIPAL, body: {} },
  'GET /api/admin/backup/status': { who: PRINCIPAL },
  'GET /api/admin/outbox/:id': { who: PRINCIPAL, url: '/api/admin/outbox/999999' },
  'POST /api/admin/outbox/:id/retry': { who: PRINCIPAL, url: '/api/admin/outbox/999999/retry' },
  'GET /api/admin/mail-settings': { who: PRINCIPAL },
  'PUT /api/admin/mail-settings': { who: PRINCIPAL, body: {} },
  // The principal's reports of the fee ledger (docs/decisions/0026-fees.md)
  'GET /api/admin/fees/overview': { who: PRINCIPAL },
  'GET /api/admin/fees/overdue': { who: PRINCIPAL },
  'POST /api/admin/fees/invoices/:id/reminder': {
    who: PRINCIPAL,
    url: '/api/admin/fees/invoices/999999/reminder',
  },
  'GET /api/admin/fees/invoices/:id/reminder.pdf': {
    who: PRINCIPAL,
    url: '/api/admin/fees/invoices/999999/reminder.pdf',
  },
  'GET /api/admin/fees/statement/:id': { who: PRINCIPAL, url: '/api/admin/fees/statement/999999' },
  'GET /api/admin/fees/ledger.csv': { who: PRINCIPAL },
  // A child's consents as a ledger (docs/decisions/0111-consent-as-a-ledger.md); record-level rules answer 404
  'GET /api/pupils/:id/consents': { who: EVERY_SCHOOL_TYPE },
  'POST /api/pupils/:id/consents': { who: EVERY_SCHOOL_TYPE, body: {} },
  // Care details and the day's register (docs/decisions/0021-families.md); record-level rules answer 404
  'GET /api/pupils/:id/care': { who: EVERY_SCHOOL_TYPE },
  'PUT /api/pupils/:id/care': { who: EVERY_SCHOOL_TYPE, body: {} },
  // A class teacher reads the details but not their history (403 by record): an unknown pupil here.
  'GET /api/pupils/:id/care/history': { who: EVERY_SCHOOL_TYPE, url: '/api/pupils/999999/care/history' },
  // Who looked (docs/decisions/0106-who-looked.md): the guardians and the principal; a class teacher 403.
  'GET /api/pupils/:id/access-log': { who: EVERY_SCHOOL_TYPE, url: '/api/pupils/999999/access-log' },
  // A family's data, on request (docs/decisions/0109-a-familys-data-on-request.md)
  'POST /api/pupils/:id/data-export': { who: PRINCIPAL_PARENT, url: '/api/pupils/999999/data-export' },
  'GET /api/pupils/:id/data-exports': { who: PRINCIPAL_PARENT },
  'POST /api/pupils/:id/care/pickup-photo': {
    who: EVERY_SCHOOL_TYPE,
    url: '/api/pupils/999999/care/pickup-photo',
    body: {},
  },
  // A pick-up photo is the child's: readers of the care details only (a name no photo has here: 404)
  'GET /api/pupils/:id/care/pickup-photos/:name': {
    who: EVERY_SCHOOL_TYPE,
    url: `/api/pupils/:id/care/pickup-photos/${'0'.repeat(32)}.webp`,
  },
  'POST /api/pupils/:id/checkins': { who: TEACHER_PRINCIPAL, body: {} },
  'GET /api/pupils/:id/checkins': { who: EVERY_SCHOOL_TYPE },
  'GET /api/classes/:id/register': {
    who: TEACHER_PRINCIPAL,
    url: '/api/classes/:classId/register',
  },
  'GET /api/admin/checkout-overrides': { who: PRINCIPAL },
  // Fees: payments and receipts (docs/decisions/0026-fees.md); another family's receipt answers 404
  'POST /api/fees/payments': { who: PRINCIPAL, body: {} },
  'POST /api/fees/payments/:id/void': { who: PRINCIPAL, url: '/api/fees/payments/999999/void', body: {} },
  'GET /api/fees/payments/:id/receipt.pdf': {
    who: PRINCIPAL_PARENT,
    url: '/api/fees/payments/999999/receipt.pdf',
  },
  // Fees (docs/decisions/0026-fees.md): pupils and teachers see no money
  'GET /api/admin/fee-plans': { who: PRINCIPAL },
  'POST /api/admin/fee-plans': { who: PRINCIPAL, body: {} },
  'PUT /api/admin/fee-plans/:id': { who: PRINCIPAL, url: '/api/admin/fee-plans/999999', body: {} },
  'GET /api/admin/fee-plans/:id/invoices': { who: PRINCIPAL, url: '/api/admin/fee-plans/999999/invoices' },
  'POST /api/admin/fee-plans/:id/invoices': { who: PRINCIPAL, url: '/api/admin/fee-plans/999999/invoices' },
  'GET /api/admin/fee-plans/:id/discounts': { who: PRINCIPAL, url: '/api/admin/fee-plans/999999/discounts' },
  'PUT /api/admin/fee-plans/:id/discounts/:studentId': {
    who: PRINCIPAL,
    url: '/api/admin/fee-plans/999999/discounts/999999',
    body: {},
  },
  'DELETE /api/admin/fee-plans/:id/discounts/:studentId': {
    who: PRINCIPAL,
    url: '/api/admin/fee-plans/999999/discounts/999999',
  },
  'POST /api/fees/invoices/:id/cancel': { who: PRINCIPAL, url: '/api/fees/invoices/999999/cancel', body: {} },
  'GET /api/fees/student/:id': { who: PRINCIPAL_PARENT },
  'GET /api/admin/fees/audit': { who: PRINCIPAL },
  // The staff's home (docs/decisions/0052-dashboards-that-say-what-needs-doing.md)
  'GET /api/dashboard/today': { who: TEACHER_PRINCIPAL },
  // The school calendar ahead, for every home (docs/decisions/0088-closed-days.md)
  'GET /api/dashboard/coming-up': { who: EVERY_SCHOOL_TYPE },
  // The school's own words (docs/decisions/0065-the-schools-own-words.md)
  'GET /api/admin/words': { who: PRINCIPAL },
  'GET /api/admin/words/messages': { who: PRINCIPAL, url: '/api/admin/words/messages?locale=en' },
  'PUT /api/admin/words/:locale/:key': {
    who: PRINCIPAL,
    url: '/api/admin/words/en/public-site.title.registation',
    body: {},
  },
  'DELETE /api/admin/words/:locale/:key': {
    who: PRINCIPAL,
    url: '/api/admin/words/en/public-site.title.registation',
  },
  // Photo moments governed by consent (docs/decisions/0079-photo-consent.md): unknown ids answer 404
  'POST /api/photo-moments': { who: TEACHER_PRINCIPAL, body: {} },
  'GET /api/photo-moments': { who: EVERY_SCHOOL_TYPE },
  'GET /api/photo-moments/children': { who: TEACHER_PRINCIPAL },
  'GET /api/photo-moments/:id': { who: EVERY_SCHOOL_TYPE, url: '/api/photo-moments/999999' },
  // Past the guard, the moment's own rule: its poster and the principal; others who see it 403.
  'DELETE /api/photo-moments/:id': { who: EVERY_SCHOOL_TYPE, url: '/api/photo-moments/999999' },
  'GET /api/photo-moments/:id/photos/:n/:width': {
    who: EVERY_SCHOOL_TYPE,
    url: '/api/photo-moments/999999/photos/1/400',
  },
  'GET /api/photo-moments/:id/photos/:n/download': {
    who: EVERY_SCHOOL_TYPE,
    url: '/api/photo-moments/999999/photos/1/download',
  },
  'GET /api/admin/content/gallery': { who: PRINCIPAL },
  'GET /api/admin/content/gallery/:id/children': {
    who: PRINCIPAL,
    url: '/api/admin/content/gallery/999999/children',
  },
  'PUT /api/admin/content/gallery/:id/children': {
    who: PRINCIPAL,
    url: '/api/admin/content/gallery/999999/children',
    body: {},
  },
  // The daily log and the child's day (docs/decisions/0078-the-daily-log.md); record-level rules answer 404
  'POST /api/log-entries': { who: TEACHER_PRINCIPAL, body: {} },
  'GET /api/classes/:id/day-log': { who: TEACHER_PRINCIPAL, url: '/api/classes/:classId/day-log' },
  'GET /api/pupils/:id/day': { who: EVERY_SCHOOL_TYPE },
  'POST /api/log-entries/:id/acknowledgement': {
    who: PARENT,
    url: '/api/log-entries/999999/acknowledgement',
  },
  'GET /api/family/incidents/unacknowledged': { who: PARENT },
  // Messages between home and school (docs/decisions/0080-conversations.md): the child's guardians,
  // class teachers and the principal; anyone else 404 by record
  'GET /api/pupils/:id/conversation': { who: CONVERSATION_MEMBERS },
  'POST /api/pupils/:id/conversation/messages': {
    who: CONVERSATION_MEMBERS,
    url: '/api/pupils/999999/conversation/messages',
    body: { type: 'nonsense' },
  },
  'POST /api/pupils/:id/conversation/read': { who: CONVERSATION_MEMBERS, body: {} },
  'GET /api/pupils/:id/conversation/attachments/:messageId': {
    who: CONVERSATION_MEMBERS,
    url: '/api/pupils/:id/conversation/attachments/999999',
  },
  'GET /api/pupils/:id/conversation/day-notes': { who: CONVERSATION_MEMBERS },
  'GET /api/conversations': { who: CONVERSATION_MEMBERS },
  'GET /api/conversations/unread': { who: CONVERSATION_MEMBERS },
  'GET /api/conversations/hours': { who: CONVERSATION_MEMBERS },
  'PUT /api/admin/conversations/hours': { who: PRINCIPAL, body: {} },
  'GET /api/classes/:id/day-notes': { who: TEACHER_PRINCIPAL, url: '/api/classes/:classId/day-notes' },
  // The school calendar (docs/decisions/0086-the-school-calendar.md): the principal writes; everyone
  // reads what concerns them (another class's calendar: 404)
  'POST /api/admin/calendar': { who: PRINCIPAL, body: {} },
  'PUT /api/admin/calendar/:id': { who: PRINCIPAL, url: '/api/admin/calendar/999999', body: {} },
  'POST /api/admin/calendar/:id/cancellation': {
    who: PRINCIPAL,
    url: '/api/admin/calendar/999999/cancellation',
  },
  'GET /api/calendar': { who: EVERY_SCHOOL_TYPE, url: '/api/calendar?from=2026-11-01&to=2026-11-30' },
  'GET /api/calendar/classes/:id': {
    who: EVERY_SCHOOL_TYPE,
    url: '/api/calendar/classes/:classId?from=2026-11-01&to=2026-11-30',
  },
  'GET /api/calendar/feeds': { who: EVERY_SCHOOL_TYPE },
  // A new secret address each call: an unknown class answers 404 past the guard, and the caller's own
  // feed is made anew (the old one ends), which changes nothing the walk relies on.
  'POST /api/calendar/feed': { who: EVERY_SCHOOL_TYPE },
  'POST /api/calendar/classes/:id/feed': { who: EVERY_SCHOOL_TYPE, url: '/api/calendar/classes/999999/feed' },
  // Report cards (docs/decisions/0090-report-cards.md): staff read and write drafts, the principal
  // remarks and publishes (an unknown term: 404, nothing published); published cards are read by the
  // pupil, their guardians, their class's teachers and the principal.
  'GET /api/report-cards/classes/:classId/terms/:termId': {
    who: TEACHER_PRINCIPAL,
    url: '/api/report-cards/classes/:classId/terms/999999',
  },
  'PUT /api/report-cards/classes/:classId/terms/:termId/comments': {
    who: TEACHER_PRINCIPAL,
    url: '/api/report-cards/classes/:classId/terms/999999/comments',
    body: {},
  },
  'PUT /api/report-cards/classes/:classId/terms/:termId/remarks': {
    who: PRINCIPAL,
    url: '/api/report-cards/classes/:classId/terms/999999/remarks',
    body: {},
  },
  'POST /api/report-cards/classes/:classId/terms/:termId/publish': {
    who: PRINCIPAL,
    url: '/api/report-cards/classes/:classId/terms/999999/publish',
  },
  'GET /api/report-cards/classes/:classId/terms/:termId/cards.pdf': {
    who: PRINCIPAL,
    url: '/api/report-cards/classes/:classId/terms/999999/cards.pdf',
  },
  'GET /api/report-cards': { who: [USER_TYPE.student, USER_TYPE.parent] },
  'GET /api/report-cards/pupils/:studentId/terms/:termId': {
    who: EVERY_SCHOOL_TYPE,
    url: '/api/report-cards/pupils/:id/terms/999999',
  },
  'GET /api/report-cards/pupils/:studentId/terms/:termId/card.pdf': {
    who: EVERY_SCHOOL_TYPE,
    url: '/api/report-cards/pupils/:id/terms/999999/card.pdf',
  },
  // Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md): the principal
  // writes, sends, reminds, closes and downloads; a class's teachers read; parents answer their own.
  'GET /api/school-forms': { who: TEACHER_PRINCIPAL },
  'POST /api/school-forms': { who: PRINCIPAL, body: {} },
  'GET /api/school-forms/:id': { who: TEACHER_PRINCIPAL, url: '/api/school-forms/999999' },
  'PUT /api/school-forms/:id': { who: PRINCIPAL, url: '/api/school-forms/999999', body: {} },
  'DELETE /api/school-forms/:id': { who: PRINCIPAL, url: '/api/school-forms/999999' },
  'POST /api/school-forms/:id/send': { who: PRINCIPAL, url: '/api/school-forms/999999/send' },
  'POST /api/school-forms/:id/close': { who: PRINCIPAL, url: '/api/school-forms/999999/close' },
  'POST /api/school-forms/:id/reminders': { who: PRINCIPAL, url: '/api/school-forms/999999/reminders' },
  'GET /api/school-forms/:id/answers.csv': { who: PRINCIPAL, url: '/api/school-forms/999999/answers.csv' },
  'GET /api/family/school-forms': { who: PARENT },
  'GET /api/family/school-forms/:id': { who: PARENT, url: '/api/family/school-forms/999999' },
  'PUT /api/family/school-forms/:id/children/:studentId': {
    who: PARENT,
    url: '/api/family/school-forms/999999/children/:id',
    body: {},
  },
  // Live events and alerts outside the app (docs/decisions/0081-push-and-live.md); the walk asks
  // without Accept: text/event-stream, so the stream answers 400 instead of never ending.
  'GET /api/events': { who: EVERY_SCHOOL_TYPE },
  'GET /api/push/public-key': { who: EVERY_SCHOOL_TYPE },
  'POST /api/push/subscriptions': { who: EVERY_SCHOOL_TYPE, body: {} },
  'DELETE /api/push/subscriptions': { who: EVERY_SCHOOL_TYPE, body: {} },
  'GET /api/alert-settings': { who: EVERY_SCHOOL_TYPE },
  'PUT /api/alert-settings': { who: EVERY_SCHOOL_TYPE, body: { channels: { messages: 'pigeon' } } },
  // Two-factor for staff (docs/decisions/0108-two-factor-for-staff.md): the staff's own, the principal's switch.
  'GET /api/two-factor': { who: TEACHER_PRINCIPAL },
  'POST /api/two-factor/setup': { who: TEACHER_PRINCIPAL, body: { unexpected: true } },
  'POST /api/two-factor/confirm': { who: TEACHER_PRINCIPAL, body: {} },
  'POST /api/two-factor/disable': { who: TEACHER_PRINCIPAL, body: {} },
  'POST /api/two-factor/recovery-codes': { who: TEACHER_PRINCIPAL, body: {} },
  'PUT /api/two-factor/requirement': { who: PRINCIPAL, body: {} },
  // The principal's list of the staff's two-factor and its reset (docs/decisions/0116-the-principal-resets-two-factor.md)
  'GET /api/two-factor/staff': { who: PRINCIPAL },
  'POST /api/users/:id/two-factor/reset': {
    who: PRINCIPAL,
    url: '/api/users/999999/two-factor/reset',
    body: { unexpected: true },
  },
  // The principal's sign-in provider (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md).
  'GET /api/admin/sign-in-provider': { who: PRINCIPAL },
  'PUT /api/admin/sign-in-provider': { who: PRINCIPAL, body: {} },
  'POST /api/admin/sign-in-provider/check': { who: PRINCIPAL, body: {} },
};

/** Routes for any logged-in user, whatever their type (their own account and session). */
const ANY_USER: Record<string, { body?: unknown }> = {
  'GET /api/users/profile': {},
  'PUT /api/users/profile': { body: { gender: 'not a gender' } },
  'PUT /api/users/language': { body: { language: 'klingon' } },
  'POST /api/users/logout': {},
};

/** Routes without a token. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/openapi.json',
  // A real school's first start: the printed link's token is the key (rate limited)
  'GET /api/setup',
  'POST /api/setup',
  'POST /api/users',
  'POST /api/users/login',
  // Signing in with the school's provider (docs/decisions/0107-sign-in-with-the-schools-provider.md):
  // whether it is on, the way to the provider (rate limited), and its answer (the state is the key)
  'GET /api/users/login/sso',
  'GET /api/users/login/sso/start',
  'GET /api/users/login/sso/callback',
  // The second factor of a log-in: the challenge of a right password is the key (docs/decisions/0108-two-factor-for-staff.md)
  'POST /api/users/login/second-factor',
  'POST /api/users/login/enrolment',
  // Password reset by mail (docs/decisions/0023-password-reset.md; rate limited)
  'POST /api/users/password-reset',
  'POST /api/users/password-reset/confirm',
  // The site's forms (rate limited)
  'POST /api/enquiries',
  'POST /api/bookings',
  'POST /api/newsletter',
  'POST /api/blog-comments',
  // The approved blog comments, shown under their posts
  'GET /api/blog-comments',
  // The links of the newsletter's mails: the token is the key (rate limited)
  'POST /api/newsletter/confirm',
  'POST /api/newsletter/unsubscribe',
  ...CONTENT_COLLECTION_NAMES.map((name) => `GET /api/${name}`),
  // The school's name, logo and contact details, for every page
  'GET /api/settings',
  // The school calendar's feeds for calendar apps (docs/decisions/0086-the-school-calendar.md): the
  // public one, and the secret ones whose address is the key
  'GET /api/calendar/school.ics',
  'GET /api/calendar/feeds/:secret',
  // The public site's calendar: the year's terms and public dates (docs/decisions/0088-closed-days.md)
  'GET /api/calendar/public',
  // The classes' free seats the public site shows (docs/decisions/0101-seats-that-mean-something.md)
  'GET /api/admissions/seats',
  // An offer's reply link: the token is the key (docs/decisions/0102-the-admissions-pipeline.md)
  'POST /api/admissions/offer',
  'POST /api/admissions/offer/reply',
  // An application's link: the token is the key, in the body or a header
  // (docs/decisions/0103-the-application-families-fill-in.md)
  'POST /api/admissions/application',
  'POST /api/admissions/application/draft',
  'POST /api/admissions/application/documents',
  'POST /api/admissions/application/documents/remove',
  'POST /api/admissions/application/submit',
  // The mailed link of a family's data archive: the token is the key
  // (docs/decisions/0109-a-familys-data-on-request.md)
  'GET /api/data-exports/download',
]);
/** Swagger UI serves the API documentation and its assets under this prefix. */
const PUBLIC_PREFIX = '/api/docs';

const key = (route: RouteEntry) => `${route.method} ${route.url}`;
const isPublic = (route: RouteEntry) =>
  PUBLIC.has(key(route)) || route.url === PUBLIC_PREFIX || route.url.startsWith(`${PUBLIC_PREFIX}/`);

/** Fails unless the answer of a guarded route forbids every cache to keep it. */
function expectPrivate(res: Pick<LightMyRequestResponse, 'headers'>, label: string): void {
  const cacheControl = res.headers['cache-control'];
  expect(forbidsStoring(cacheControl), `${label}: Cache-Control ${String(cacheControl)}, not no-store`).toBe(
    true,
  );
}

describe('the walk’s check of private answers', () => {
  it('fails on an answer a cache may keep, passes on no-store', () => {
    for (const cacheControl of [undefined, 'no-cache', 'private, max-age=60', 'public, max-age=86400']) {
      expect(() => expectPrivate({ headers: { 'cache-control': cacheControl } }, 'a fake answer')).toThrow(
        /not no-store/,
      );
    }
    expectPrivate({ headers: { 'cache-control': 'no-store' } }, 'a fake answer');
    expectPrivate({ headers: { 'cache-control': 'private, no-store' } }, 'a fake answer');
  });
});

const CALLER_OF: Record<SchoolType, Caller> = {
  [USER_TYPE.student]: 'student',
  [USER_TYPE.teacher]: 'teacher',
  [USER_TYPE.principal]: 'principal',
  [USER_TYPE.parent]: 'parent',
};

describe.each(TEST_ENGINES)('every route of the API has a stated rule on %s', (engine) => {
  let t: TestApp;
  let f: SchoolFixture;
  let apiRoutes: RouteEntry[];

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: true });
    f = await schoolFixture(t);
    // HEAD routes are Fastify's automatic twins of the GET routes.
    apiRoutes = t.app.routeCatalog.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** The route's URL with concrete ids of the demo school. */
  const urlOf = (route: RouteEntry, rule?: { url?: string }) => {
    const params: Record<string, string> = {
      id: String(f.users.student),
      classId: String(f.classes.KG),
      teacherid: String(f.users.teacher),
      collection: 'home',
    };
    return (rule?.url ?? route.url).replace(/:(\w+)/g, (_match, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`route-walk: give :${name} of ${key(route)} a concrete value`);
      return value;
    });
  };

  const send = (route: RouteEntry, token: string | undefined, rule?: { url?: string; body?: unknown }) =>
    t.app.inject({
      method: route.method as 'GET',
      url: urlOf(route, rule),
      headers: token ? bearer(token) : {},
      ...(rule?.body !== undefined ? { payload: rule.body as object } : {}),
    });

  it('the catalog holds the routes of every feature', () => {
    const keys = new Set(apiRoutes.map(key));
    for (const expected of [...PUBLIC, ...Object.keys(POLICY), ...Object.keys(ANY_USER)]) {
      expect(keys.has(expected), `${expected} is in a table of this test but not registered`).toBe(true);
    }
  });

  it('every route under /api is public, for any logged-in user, or in the POLICY table', () => {
    const unstated = apiRoutes.map(key).filter(
      (k) =>
        !(k in POLICY) &&
        !(k in ANY_USER) &&
        !isPublic({
          method: k.split(' ')[0] ?? '',
          url: k.split(' ')[1] ?? '',
        }),
    );
    expect(unstated, 'add these routes to POLICY, ANY_USER or PUBLIC with the rule they follow').toEqual([]);
  });

  it('the OpenAPI document describes every route under /api', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const undocumented = apiRoutes
      .filter((r) => !r.url.startsWith(PUBLIC_PREFIX) && r.url !== '/api/openapi.json')
      .filter((r) => !paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()])
      .map(key);
    expect(undocumented).toEqual([]);
  });

  it('public routes answer without a token', async () => {
    for (const route of apiRoutes.filter((r) => isPublic(r) && r.method === 'GET' && !/[:*]/.test(r.url))) {
      const res = await send(route, undefined);
      expect(res.statusCode, key(route)).not.toBe(401);
      expect(res.statusCode, key(route)).not.toBe(403);
    }
  });

  it('guarded routes: 401 without a token or with a bad one', async () => {
    for (const route of apiRoutes.filter((r) => !isPublic(r))) {
      const rule = POLICY[key(route)] ?? ANY_USER[key(route)];
      const none = await send(route, undefined, rule);
      expect(none.statusCode, `${key(route)} without a token`).toBe(401);
      expect(none.json().error.code).toBe('UNAUTHORIZED');
      expectPrivate(none, `${key(route)} without a token`);
      const forged = await send(route, 'x'.repeat(43), rule);
      expect(forged.statusCode, `${key(route)} with an unknown token`).toBe(401);
      expectPrivate(forged, `${key(route)} with an unknown token`);
    }
  });

  it('routes in POLICY: 403 for a type without a dashboard, and exactly the stated school types pass', async () => {
    for (const route of apiRoutes.filter((r) => key(r) in POLICY)) {
      const rule = POLICY[key(route)] as Rule;
      const director = await send(route, f.tokens.director, rule);
      expect(director.statusCode, `${key(route)} as a Director`).toBe(403);
      expect(director.json().error.code).toBe('FORBIDDEN');
      expectPrivate(director, `${key(route)} as a Director`);
      for (const type of SCHOOL_TYPES) {
        const res = await send(route, f.tokens[CALLER_OF[type]], rule);
        const label = `${key(route)} as ${type}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expectPrivate(res, label);
        if (rule.who.includes(type)) {
          expect([401, 403], label).not.toContain(res.statusCode);
          expect(res.statusCode, label).toBeLessThan(500);
        } else {
          expect(res.statusCode, label).toBe(403);
        }
      }
    }
  });

  it('routes for any logged-in user let every type through, a Director included', async () => {
    for (const route of apiRoutes.filter((r) => key(r) in ANY_USER)) {
      for (const caller of ['director', 'parent', 'student', 'teacher', 'principal'] as const) {
        // A session of its own: logout ends it, and the shared tokens must live on.
        const token = await createSession(t.db, f.users[caller]);
        const res = await send(route, token, ANY_USER[key(route)]);
        const label = `${key(route)} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expectPrivate(res, label);
        expect([401, 403], label).not.toContain(res.statusCode);
        expect(res.statusCode, label).toBeLessThan(500);
      }
    }
  });
});
