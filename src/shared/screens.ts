import { type SchoolType, USER_TYPE, type UserType } from './constants.js';
import type { MessageKey } from './i18n/message-keys.js';
import { FORGOT_PASSWORD_PATH, MAIL_LINK_PATHS } from './mail-links.js';
import { SETUP_PATH } from './setup-link.js';

/**
 * The one registry of the web app's screens. Each entry says where a screen is (its path), what its
 * banner says, who may open it and, per school type, the dashboard tile that leads to it. The
 * router's pages, the server's answer for page paths (routes.ts), the banner titles, the dashboard
 * tiles and the link builders are all derived from it; the web app adds only each screen's lazily
 * loaded module (SCREEN_MODULES in src/web/app/router.tsx), keyed by these paths; see
 * docs/adding-a-screen.md.
 *
 * Paths and titles keep the product's spellings (docs/contract/product.md#public-routes,
 * docs/contract/product.md#school-routes): they are the contract at the edge.
 */

/** Who may open a screen: any visitor, any logged-in user, or only some school types. */
export type Audience = 'everyone' | 'signed-in' | readonly SchoolType[];

/** The Bootstrap Icons a dashboard tile may show (the web app draws them). */
export type TileIcon =
  | 'award'
  | 'bell'
  | 'calendar-check'
  | 'calendar-event'
  | 'calendar-week'
  | 'clipboard-check'
  | 'easel2'
  | 'envelope-paper'
  | 'journal-text'
  | 'megaphone'
  | 'mortarboard'
  | 'pencil-square'
  | 'people'
  | 'person-badge'
  | 'person-check'
  | 'trophy'
  | 'wallet2';

export interface TileEntry {
  /** The label shown on the tile, as the product writes it (docs/contract/product.md#school-screens). */
  label: string;
  /** Its place among the tiles of the type's dashboard (1 first). */
  order: number;
  /** One line under the label: what the tile leads to. */
  blurb: string;
  icon: TileIcon;
  /**
   * Set on tiles that are not in the product's menu of the type (docs/contract/product.md#school-screens);
   * the decision that added one is named in a comment beside it (a comment, not a value: this registry
   * is in every page's scripts, the public pages' too).
   */
  addedBy?: true;
  /**
   * The tile's name in the `navigation` catalog (`tile.<name>`, `tile.<name>.blurb`) when it is not
   * its path's first segment: a second tile of the same screen with other words.
   */
  messageName?: string;
  /**
   * The label's and blurb's messages when they are in the screen's own catalog area rather than the
   * `navigation` catalog (a place added by a feature that owns its words).
   */
  labelKey?: MessageKey;
  blurbKey?: MessageKey;
}

export interface ScreenEntry {
  /** The route pattern; `:name` stands for one path segment. */
  path: string;
  /** The banner title (docs/contract/product.md#shared-elements); the home page has its own banner instead. */
  title?: string;
  /** The title's message when it is not `navigation.title.<first segment>` (see TileEntry.labelKey). */
  titleKey?: MessageKey;
  who: Audience;
  tiles?: Partial<Record<SchoolType, TileEntry>>;
}

const STAFF = [USER_TYPE.teacher, USER_TYPE.principal] as const satisfies readonly SchoolType[];
const PRINCIPAL_ONLY = [USER_TYPE.principal] as const satisfies readonly SchoolType[];
const SCHOOL = [
  USER_TYPE.student,
  USER_TYPE.teacher,
  USER_TYPE.principal,
] as const satisfies readonly SchoolType[];
/**
 * The school, and parents for their own children (docs/decisions/0021-families.md): the pupil's
 * screens a parent reaches from their dashboard's tiles.
 */
const SCHOOL_AND_PARENTS = [...SCHOOL, USER_TYPE.parent] as const satisfies readonly SchoolType[];
/** A child's conversation: its guardians, its class's teachers and the principal (docs/decisions/0080-conversations.md). */
const CONVERSATION_MEMBERS = [
  USER_TYPE.teacher,
  USER_TYPE.principal,
  USER_TYPE.parent,
] as const satisfies readonly SchoolType[];
/** A child's care details: the guardians and the principal edit, the class teachers read. */
const CARE = [USER_TYPE.parent, ...STAFF] as const satisfies readonly SchoolType[];

/** The same tile on the dashboards of several types, at the order given for each. */
function tileFor(
  orders: Partial<Record<SchoolType, number>>,
  tile: Omit<TileEntry, 'order'>,
): Partial<Record<SchoolType, TileEntry>> {
  return Object.fromEntries(Object.entries(orders).map(([type, order]) => [type, { ...tile, order }]));
}

/**
 * The screens, public ones first, in the router's order. `who` of a school screen names the types
 * the server lets read what the screen shows (the route walk's POLICY); the client itself only
 * checks that a session exists (docs/contract/product.md#roles) and shows the server's 403 to anyone else.
 */
export const SCREENS = [
  // docs/contract/product.md#public-routes: the public site.
  { path: '/', who: 'everyone' },
  { path: '/about', title: 'About', who: 'everyone' },
  { path: '/class', title: 'Class', who: 'everyone' },
  { path: '/teacher', title: 'Teacher', who: 'everyone' },
  { path: '/gallery', title: 'Gallery', who: 'everyone' },
  { path: '/blog', title: 'Blog', who: 'everyone' },
  { path: '/blogdetail', title: 'Blog detail', who: 'everyone' },
  { path: '/contact', title: 'Contact', who: 'everyone' },
  { path: '/registation', title: 'Registation form', who: 'everyone' },
  { path: '/login', title: 'Sign Up', who: 'everyone' },
  // Password reset by mail (docs/decisions/0023-password-reset.md): asking for a link, and the
  // page the link opens.
  { path: FORGOT_PASSWORD_PATH, title: 'Forgot password', who: 'everyone' },
  { path: MAIL_LINK_PATHS.resetPassword, title: 'New password', who: 'everyone' },
  // docs/decisions/0025-newsletter.md: the pages the newsletter's mails link to (one banner title for both).
  { path: MAIL_LINK_PATHS.confirmNewsletter, title: 'Newsletter', who: 'everyone' },
  { path: MAIL_LINK_PATHS.unsubscribe, title: 'Newsletter', who: 'everyone' },
  // The family's side of admissions (docs/decisions/0103-the-application-families-fill-in.md): an
  // offer's reply page and the application, each opened by a mail's link (one banner title for both).
  {
    path: MAIL_LINK_PATHS.admissionReply,
    title: 'Admissions',
    titleKey: 'admissions.title',
    who: 'everyone',
  },
  {
    path: MAIL_LINK_PATHS.admissionApply,
    title: 'Admissions',
    titleKey: 'admissions.title',
    who: 'everyone',
  },
  // A real school's first start (docs/decisions/0041-first-start-of-a-real-school.md): the page of
  // the one-time link the server prints, the only page until it is used.
  { path: SETUP_PATH, title: 'Set up the school', who: 'everyone' },
  // docs/contract/product.md#school-routes and docs/contract/product.md#school-screens: the school area, with the screens of docs/contract/fixes-and-gaps.md#fix-4, docs/contract/fixes-and-gaps.md#fix-5 and docs/contract/fixes-and-gaps.md#fix-9.
  { path: '/dashboard', title: 'Dashboard', who: 'signed-in' },
  {
    path: '/profile',
    title: 'Personal Profile',
    who: 'signed-in',
    tiles: tileFor(
      { Student: 1, Teacher: 1, Principle: 1 },
      { label: 'Profile', icon: 'person-badge', blurb: 'Your details and photo' },
    ),
  },
  {
    path: '/student-class',
    title: 'Class Details',
    who: SCHOOL,
    tiles: {
      Student: {
        label: 'Student-Class',
        order: 2,
        icon: 'easel2',
        blurb: 'Your teachers, subjects and times',
      },
      Principle: {
        label: 'Class',
        messageName: 'class',
        order: 3,
        icon: 'easel2',
        blurb: 'Teachers, subjects and times per class',
      },
    },
  },
  {
    path: '/exam',
    title: 'Exam Program',
    who: [USER_TYPE.student, USER_TYPE.principal],
    tiles: tileFor({ Student: 3 }, { label: 'Exam', icon: 'pencil-square', blurb: 'Your exam programme' }),
  },
  {
    path: '/results',
    title: 'Result Summery',
    who: SCHOOL,
    tiles: tileFor(
      { Student: 4, Principle: 5 },
      { label: 'Results', icon: 'trophy', blurb: 'Marks by subject' },
    ),
  },
  {
    path: '/notification',
    title: 'Notification',
    who: SCHOOL_AND_PARENTS,
    tiles: tileFor(
      { Student: 5, Teacher: 7, Principle: 7 },
      { label: 'Notification', icon: 'bell', blurb: 'News from your teachers' },
    ),
  },
  {
    path: '/teacher-class',
    title: 'Classes Details',
    who: STAFF,
    tiles: tileFor(
      { Teacher: 4 },
      { label: 'Teacher-Class', icon: 'easel2', blurb: 'Your classes and their pupils' },
    ),
  },
  { path: '/student-profile/:id', title: 'Personal Profile', who: SCHOOL_AND_PARENTS },
  { path: '/studentresult/:id', title: 'Result Summery', who: SCHOOL_AND_PARENTS },
  {
    path: '/exams',
    title: 'Exam Summary',
    who: SCHOOL,
    tiles: tileFor(
      { Teacher: 5, Principle: 4 },
      { label: 'Exams', icon: 'journal-text', blurb: 'Exam timetable by class' },
    ),
  },
  {
    path: '/final-results',
    title: 'Final Results',
    who: STAFF,
    tiles: tileFor({ Teacher: 6 }, { label: 'Final-Results', icon: 'award', blurb: 'Each pupil’s result' }),
  },
  { path: '/result-summary/:id', title: 'Result Summary', who: SCHOOL_AND_PARENTS },
  {
    path: '/schedule',
    title: 'Class Schedule',
    who: SCHOOL,
    tiles: tileFor(
      { Teacher: 8, Principle: 6 },
      { label: 'Schedule', icon: 'calendar-week', blurb: 'The weekly class timetable' },
    ),
  },
  { path: '/schedule-summary', title: 'Schedule Summary', who: SCHOOL_AND_PARENTS },
  {
    path: '/classwise-student',
    title: 'ClassWise List',
    who: STAFF,
    tiles: tileFor(
      { Teacher: 9 },
      { label: 'ClassWise-Student', icon: 'people', blurb: 'Pupils, class by class' },
    ),
  },
  { path: '/student-list/:id', title: 'Student List', who: STAFF },
  {
    path: '/student-attendence',
    title: 'Attendence',
    who: STAFF,
    tiles: tileFor(
      { Teacher: 3 },
      { label: 'Student-Attendence', icon: 'clipboard-check', blurb: 'Take today’s register' },
    ),
  },
  { path: '/student-attendence/:id', title: 'Attendence', who: SCHOOL_AND_PARENTS },
  {
    path: '/attendance-report',
    title: 'Attendance Report',
    who: SCHOOL,
    tiles: tileFor(
      { Student: 6 },
      { label: 'Attendance-Report', icon: 'calendar-check', blurb: 'Your days present and absent' },
    ),
  },
  {
    path: '/attendence',
    title: 'Attendence',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 2 },
      { label: 'Attendence', icon: 'calendar-check', blurb: 'Every class’s attendance for a day' },
    ),
  },
  {
    path: '/payment',
    title: 'Payment',
    who: PRINCIPAL_ONLY,
    tiles: tileFor({ Principle: 8 }, { label: 'Payment', icon: 'wallet2', blurb: 'The tuition fee ledger' }),
  },
  // docs/decisions/0026-fees.md: a parent's children's invoices, payments and receipts, reached from
  // each child's tiles on the parent's dashboard (features/family).
  { path: '/fees', title: 'Fees', who: [USER_TYPE.parent] },
  {
    path: '/approvals',
    title: 'Approvals',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 13 },
      {
        label: 'Approvals',
        icon: 'person-check',
        blurb: 'New registrations to review',
        // docs/contract/fixes-and-gaps.md#fix-9
        addedBy: true,
      },
    ),
  },
  {
    path: '/website',
    title: 'Website',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 14 },
      {
        label: 'Website',
        icon: 'pencil-square',
        blurb: 'Edit the public website',
        // docs/decisions/0006-media-and-content-editing.md
        addedBy: true,
      },
    ),
  },
  {
    path: '/inbox',
    title: 'Inbox',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 15 },
      {
        label: 'Inbox',
        icon: 'bell',
        blurb: 'Enquiries, bookings and subscribers',
        // docs/decisions/0006-media-and-content-editing.md
        addedBy: true,
      },
    ),
  },
  {
    path: '/marks',
    title: 'Marks Entry',
    who: STAFF,
    tiles: tileFor(
      { Teacher: 10, Principle: 9 },
      {
        label: 'Marks',
        icon: 'pencil-square',
        blurb: 'Enter marks for a class',
        // docs/decisions/0009-running-the-school-year.md
        addedBy: true,
      },
    ),
  },
  {
    path: '/send-notification',
    title: 'Send Notification',
    who: STAFF,
    tiles: tileFor(
      { Teacher: 11, Principle: 10 },
      {
        label: 'Send Notification',
        icon: 'bell',
        blurb: 'Write to a class or a pupil',
        // docs/decisions/0009-running-the-school-year.md
        addedBy: true,
      },
    ),
  },
  {
    path: '/school-setup',
    title: 'School Set-up',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 11 },
      {
        label: 'School Set-up',
        icon: 'easel2',
        blurb: 'Classes, subjects, times, enrolments, exams',
        // docs/decisions/0009-running-the-school-year.md
        addedBy: true,
      },
    ),
  },
  {
    path: '/import-pupils',
    title: 'Import Pupils',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 12 },
      {
        label: 'Import Pupils',
        icon: 'people',
        blurb: 'Add many pupils from a CSV file',
        // docs/decisions/0009-running-the-school-year.md
        addedBy: true,
      },
    ),
  },
  { path: '/mark-history/:id', title: 'Mark History', who: PRINCIPAL_ONLY },
  // docs/decisions/0021-families.md: a child's care details, reached from the parent's dashboard.
  { path: '/care/:id', title: 'Care Details', who: CARE },
  // docs/decisions/0078-the-daily-log.md: a child's day as a timeline (guardians, class teachers,
  // principal); under the dashboard, whose banner title it keeps.
  { path: '/dashboard/children/:id/day', title: 'Dashboard', who: CARE },
  // docs/decisions/0021-families.md#staff-screens: the day's register and the principal's linking of parents.
  {
    path: '/today',
    title: 'Today',
    who: STAFF,
    tiles: tileFor(
      { Teacher: 2, Principle: 16 },
      {
        label: 'Today',
        icon: 'clipboard-check',
        blurb: 'Who is in, who collected them',
        // docs/decisions/0021-families.md
        addedBy: true,
      },
    ),
  },
  {
    path: '/guardians',
    title: 'Guardians',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 17 },
      {
        label: 'Guardians',
        icon: 'people',
        blurb: 'Link parents to their children',
        // docs/decisions/0021-families.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0022-email-outbox.md: every mail the school sent or is about to send.
  {
    path: '/outbox',
    title: 'Outbox',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 18 },
      {
        label: 'Outbox',
        icon: 'envelope-paper',
        blurb: 'Mail sent and waiting',
        // docs/decisions/0022-email-outbox.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0025-newsletter.md: the principal writes to the confirmed newsletter subscribers.
  {
    path: '/newsletters',
    title: 'Newsletters',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 19 },
      {
        label: 'Newsletters',
        icon: 'megaphone',
        blurb: 'Write to your subscribers',
        // docs/decisions/0025-newsletter.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0049-blog-comments.md: visitors' comments wait for the principal's approval.
  {
    path: '/blog-comments',
    title: 'Blog Comments',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 20 },
      {
        label: 'Blog Comments',
        icon: 'journal-text',
        blurb: 'Approve visitors’ comments',
        // docs/decisions/0049-blog-comments.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0065-the-schools-own-words.md: the school's own words for any text, per language.
  {
    path: '/words',
    title: 'Words',
    titleKey: 'words.place.title',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 21 },
      {
        label: 'Words',
        icon: 'journal-text',
        blurb: 'Your school’s own words for any text',
        labelKey: 'words.place.tile',
        blurbKey: 'words.place.blurb',
        // docs/decisions/0065-the-schools-own-words.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0079-photo-consent.md: photo moments, shared by staff, seen by families as consent allows.
  {
    path: '/photos',
    title: 'Photos',
    titleKey: 'photo-moments.title',
    who: CARE,
    tiles: tileFor(
      { Teacher: 12, Principle: 22 },
      {
        label: 'Photos',
        icon: 'easel2',
        blurb: 'Share the day’s moments with families',
        labelKey: 'photo-moments.place.tile',
        blurbKey: 'photo-moments.place.blurb',
        // docs/decisions/0079-photo-consent.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0080-conversations.md: messages between home and school, one conversation per child.
  {
    path: '/conversations',
    title: 'Messages',
    titleKey: 'conversations.place.title',
    who: CONVERSATION_MEMBERS,
    tiles: tileFor(
      { Teacher: 13, Principle: 23 },
      {
        label: 'Messages',
        icon: 'envelope-paper',
        blurb: 'Families’ messages, unread first',
        labelKey: 'conversations.place.tile',
        blurbKey: 'conversations.place.blurb',
        // docs/decisions/0080-conversations.md
        addedBy: true,
      },
    ),
  },
  {
    path: '/conversations/:id',
    title: 'Messages',
    titleKey: 'conversations.place.title',
    who: CONVERSATION_MEMBERS,
  },
  // docs/decisions/0081-push-and-live.md: how each user is told of news outside the app.
  {
    path: '/notification-settings',
    title: 'Notification settings',
    titleKey: 'alerts.title',
    who: SCHOOL_AND_PARENTS,
    tiles: tileFor(
      { Student: 7, Teacher: 14, Principle: 24 },
      {
        label: 'Notification settings',
        icon: 'bell',
        blurb: 'Push, email or off, for each kind of news',
        labelKey: 'alerts.place.tile',
        blurbKey: 'alerts.place.blurb',
        // docs/decisions/0081-push-and-live.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0089-screens-for-the-school-year-and-calendar.md: the principal's school years and
  // their terms (docs/decisions/0085-school-years-and-terms.md).
  {
    path: '/school-years',
    title: 'School years',
    titleKey: 'school-years.place.title',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 25 },
      {
        label: 'School years',
        icon: 'calendar-week',
        blurb: 'Years, their terms and the current year',
        labelKey: 'school-years.place.tile',
        blurbKey: 'school-years.place.blurb',
        // docs/decisions/0089-screens-for-the-school-year-and-calendar.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0089-screens-for-the-school-year-and-calendar.md: the school calendar
  // (docs/decisions/0086-the-school-calendar.md) and its feeds, for every account type; a parent
  // reaches it from their dashboard's family tiles and the navigation.
  {
    path: '/calendar',
    title: 'Calendar',
    titleKey: 'calendar.place.title',
    who: SCHOOL_AND_PARENTS,
    tiles: tileFor(
      { Student: 8, Teacher: 15, Principle: 26 },
      {
        label: 'Calendar',
        icon: 'calendar-event',
        blurb: 'Holidays, closures and events',
        labelKey: 'calendar.place.tile',
        blurbKey: 'calendar.place.blurb',
        // docs/decisions/0089-screens-for-the-school-year-and-calendar.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0091-the-year-rollover.md: a pupil's school years, for those who see the pupil.
  { path: '/past-years/:id', title: 'Past years', titleKey: 'rollover.years.title', who: SCHOOL_AND_PARENTS },
  // docs/decisions/0091-the-year-rollover.md: the principal moves the school into its next year.
  {
    path: '/rollover',
    title: 'New school year',
    titleKey: 'rollover.place.title',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 27 },
      {
        label: 'New school year',
        // Pupils moving up a year, not the years' dates (the "School years" tile's calendar).
        icon: 'mortarboard',
        blurb: 'Move the pupils up into next year',
        labelKey: 'rollover.place.tile',
        blurbKey: 'rollover.place.blurb',
        // docs/decisions/0091-the-year-rollover.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0090-report-cards.md: teachers write a class's comments, the principal reviews and
  // publishes, pupils and families read the published cards.
  {
    path: '/report-card-comments',
    title: 'Report card comments',
    titleKey: 'report-cards.comments.title',
    who: STAFF,
    tiles: tileFor(
      { Teacher: 16 },
      {
        label: 'Report card comments',
        icon: 'journal-text',
        blurb: 'Comments for a class’s report cards',
        labelKey: 'report-cards.tile.comments',
        blurbKey: 'report-cards.tile.comments.blurb',
        // docs/decisions/0090-report-cards.md
        addedBy: true,
      },
    ),
  },
  {
    path: '/report-cards-review',
    title: 'Review report cards',
    titleKey: 'report-cards.review.title',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 28 },
      {
        label: 'Review report cards',
        icon: 'award',
        blurb: 'Review and publish report cards',
        labelKey: 'report-cards.tile.review',
        blurbKey: 'report-cards.tile.review.blurb',
        // docs/decisions/0090-report-cards.md
        addedBy: true,
      },
    ),
  },
  {
    path: '/report-cards',
    title: 'Report cards',
    titleKey: 'report-cards.mine.title',
    who: [USER_TYPE.student, USER_TYPE.parent],
    tiles: tileFor(
      { Student: 9 },
      {
        label: 'Report cards',
        icon: 'award',
        blurb: 'Published report cards and their PDFs',
        labelKey: 'report-cards.tile.mine',
        blurbKey: 'report-cards.tile.mine.blurb',
        // docs/decisions/0090-report-cards.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0099-forms-and-permission-slips.md: forms and permission slips. The principal
  // writes and follows them, a class's teachers read them, parents answer and sign for their
  // children (a parent reaches them from their dashboard's family tiles and the navigation): the
  // types of a child's conversation. A form's page is /school-forms?form=<id> and the principal's
  // editor /school-forms?new: states of this screen, as every page carries this registry.
  {
    path: '/school-forms',
    title: 'Forms',
    who: CONVERSATION_MEMBERS,
    tiles: tileFor(
      { Principle: 29 },
      {
        label: 'Forms',
        icon: 'clipboard-check',
        blurb: 'Permission slips for families',
        // docs/decisions/0099-forms-and-permission-slips.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0105-the-admissions-board.md: the principal's admissions board
  // (docs/decisions/0102-the-admissions-pipeline.md). A case's page is /admissions?case=<id> and the
  // new case form /admissions?new: states of this screen, as every page carries this registry.
  {
    path: '/admissions',
    title: 'Admissions',
    titleKey: 'admissions.place.title',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 30 },
      {
        label: 'Admissions',
        icon: 'person-check',
        blurb: 'Enquiries, visits, offers and the waiting list',
        labelKey: 'admissions.place.tile',
        blurbKey: 'admissions.place.blurb',
        // docs/decisions/0105-the-admissions-board.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0110-retention-and-erasure.md: how long leavers' records are kept, and erasure.
  {
    path: '/retention',
    title: 'Keeping records',
    titleKey: 'retention.place.title',
    who: PRINCIPAL_ONLY,
    tiles: tileFor(
      { Principle: 31 },
      {
        label: 'Keeping records',
        icon: 'clipboard-check',
        blurb: 'How long leavers’ records are kept; erasure',
        labelKey: 'retention.place.tile',
        blurbKey: 'retention.place.blurb',
        // docs/decisions/0110-retention-and-erasure.md
        addedBy: true,
      },
    ),
  },
  // docs/decisions/0108-two-factor-for-staff.md: a staff member's two-step sign-in, and the
  // principal's switch that requires it of all staff.
  {
    path: '/security',
    title: 'Sign-in security',
    titleKey: 'two-factor.title',
    who: STAFF,
    tiles: tileFor(
      { Teacher: 17, Principle: 32 },
      {
        label: 'Sign-in security',
        icon: 'person-check',
        blurb: 'Two-step sign-in and recovery codes',
        labelKey: 'two-factor.place.tile',
        blurbKey: 'two-factor.place.blurb',
        // docs/decisions/0108-two-factor-for-staff.md
        addedBy: true,
      },
    ),
  },
] as const satisfies readonly ScreenEntry[];

/** A path pattern of the registry; the web app's module record is keyed by these. */
export type ScreenPath = (typeof SCREENS)[number]['path'];

/** The registry read as plain entries, for what is derived from it. */
export const SCREEN_ENTRIES: readonly ScreenEntry[] = SCREENS;

/** Whether a user of this type may open the screen at this pattern. */
export function mayOpen(type: UserType, path: ScreenPath): boolean {
  const who = SCREEN_ENTRIES.find((entry) => entry.path === path)?.who;
  if (who === 'everyone' || who === 'signed-in') return true;
  return who?.some((allowed) => allowed === type) ?? false;
}

/** A path's first segment: what the banner title and the school area's prefixes go by. */
export const firstSegment = (path: string): string | undefined => path.split('/').filter(Boolean)[0];

/** Banner title by the first path segment (docs/contract/product.md#shared-elements), exactly as written there. */
export const BANNER_TITLES: Readonly<Record<string, string>> = Object.fromEntries(
  SCREEN_ENTRIES.flatMap((entry) => {
    const segment = firstSegment(entry.path);
    return segment === undefined || entry.title === undefined ? [] : [[segment, entry.title]];
  }),
);

/** The first path segment decides the banner title; unknown segments get none. */
export function bannerTitleFor(pathname: string): string | undefined {
  const segment = firstSegment(pathname);
  return segment === undefined ? undefined : BANNER_TITLES[segment];
}

/**
 * The banner title's message (`navigation.title.<segment>`, whose English is BANNER_TITLES'), for
 * showing it in the reader's language; undefined where bannerTitleFor gives none.
 */
export function bannerTitleKeyFor(pathname: string): MessageKey | undefined {
  const segment = firstSegment(pathname);
  if (segment === undefined || BANNER_TITLES[segment] === undefined) return undefined;
  return BANNER_TITLE_KEYS.get(segment) ?? (`navigation.title.${segment}` as MessageKey);
}

/** The banner titles whose message is the screen's own (`titleKey`), by first segment. */
const BANNER_TITLE_KEYS: ReadonlyMap<string, MessageKey> = new Map(
  SCREEN_ENTRIES.flatMap((entry): [string, MessageKey][] => {
    const segment = firstSegment(entry.path);
    return segment === undefined || entry.titleKey === undefined ? [] : [[segment, entry.titleKey]];
  }),
);

export interface DashboardTile {
  /** The label shown on the tile, as the product writes it (docs/contract/product.md#school-screens). */
  label: string;
  /** Where the tile leads. */
  path: string;
}

/** Every tile of a type's dashboard, in order, with its look. */
export function tileEntriesOf(type: SchoolType): (TileEntry & { path: ScreenPath })[] {
  return SCREEN_ENTRIES.flatMap((entry) => {
    const tile = entry.tiles?.[type];
    return tile ? [{ ...tile, path: entry.path as ScreenPath }] : [];
  }).sort((a, b) => a.order - b.order);
}

const asTile = ({ label, path }: DashboardTile): DashboardTile => ({ label, path });

/** Each tile label's name in the `navigation` catalog: its own, or its screen's first segment. */
const TILE_MESSAGE_NAMES: ReadonlyMap<string, string> = new Map(
  SCREEN_ENTRIES.flatMap((entry) =>
    Object.values(entry.tiles ?? {}).map((tile): [string, string] => [
      tile.label,
      tile.messageName ?? firstSegment(entry.path) ?? '',
    ]),
  ),
);

/** The tiles whose label and blurb are messages of their screen's own area, by label. */
const OWN_TILE_KEYS: ReadonlyMap<string, { label: MessageKey; blurb: MessageKey }> = new Map(
  SCREEN_ENTRIES.flatMap((entry) =>
    Object.values(entry.tiles ?? {}).flatMap((tile): [string, { label: MessageKey; blurb: MessageKey }][] =>
      tile.labelKey && tile.blurbKey ? [[tile.label, { label: tile.labelKey, blurb: tile.blurbKey }]] : [],
    ),
  ),
);

/**
 * A tile's label and blurb as messages (`navigation.tile.<name>`, `navigation.tile.<name>.blurb`),
 * whose English is the registry's label and blurb. The tile's label (the contract's words) names it.
 */
export function tileMessageKeys(tile: Pick<DashboardTile, 'label'>): {
  label: MessageKey;
  blurb: MessageKey;
} {
  const own = OWN_TILE_KEYS.get(tile.label);
  if (own) return own;
  const name = TILE_MESSAGE_NAMES.get(tile.label) ?? tile.label;
  return {
    label: `navigation.tile.${name}` as MessageKey,
    blurb: `navigation.tile.${name}.blurb` as MessageKey,
  };
}

/** The tiles of a type's dashboard, in order: the product's menu and what was added after it. */
export const dashboardTilesOf = (type: SchoolType): DashboardTile[] => tileEntriesOf(type).map(asTile);

// Pure: only tests read DASHBOARD_TILES, so a page's scripts may drop these calls (every page
// carries this registry; docs/decisions/0099-forms-and-permission-slips.md).
const specMenuOf = /* @__NO_SIDE_EFFECTS__ */ (type: SchoolType): DashboardTile[] =>
  tileEntriesOf(type)
    .filter((tile) => tile.addedBy === undefined)
    .map(asTile);

/** The product's dashboard menu per type (docs/contract/product.md#school-screens, with the targets of docs/contract/fixes-and-gaps.md#fix-5). */
export const DASHBOARD_TILES: Readonly<Record<SchoolType, readonly DashboardTile[]>> = {
  [USER_TYPE.student]: specMenuOf(USER_TYPE.student),
  [USER_TYPE.teacher]: specMenuOf(USER_TYPE.teacher),
  [USER_TYPE.principal]: specMenuOf(USER_TYPE.principal),
  [USER_TYPE.parent]: specMenuOf(USER_TYPE.parent),
};

/** One value per `:name` segment of a pattern. */
type ParamsOf<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string | number, ...ParamsOf<`/${Rest}`>]
  : P extends `${string}:${string}`
    ? [string | number]
    : [];

/** A link to a registered screen: the pattern with its `:name` segments filled in, in order. */
export function linkTo<P extends ScreenPath>(pattern: P, ...params: ParamsOf<P>): string {
  let next = 0;
  return pattern.replace(/:[A-Za-z]+/g, () => String(params[next++]));
}
