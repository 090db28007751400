/**
 * The product's fixed values (spec sections 2, 4 and 9). Server, client and tests import them from
 * here so a text or a number is written once. Spellings are the spec's: they are shown to users.
 */

/** Login state lives in this cookie (spec 3, 9). */
export const SESSION_COOKIE = 'kids_pre_token';
export const SESSION_DAYS = 7;

/**
 * Each user type by its right name; the value is the spec's spelling, which the JSON carries and
 * the registration form shows (a principal is 'Principle' on the wire, spec 2.5).
 */
export const USER_TYPE = {
  teacher: 'Teacher',
  student: 'Student',
  director: 'Director',
  principal: 'Principle',
  hod: 'HOD',
  peon: 'Pion',
  guard: 'Gard',
  driver: 'Driver',
  parent: 'Parent',
} as const;

/** Every type in the order the registration form lists them. */
export const USER_TYPES = [
  USER_TYPE.teacher,
  USER_TYPE.student,
  USER_TYPE.director,
  USER_TYPE.principal,
  USER_TYPE.hod,
  USER_TYPE.peon,
  USER_TYPE.guard,
  USER_TYPE.driver,
  USER_TYPE.parent,
] as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

/** The types that have a dashboard and a school area (spec 2.5). */
export const SCHOOL_TYPES = [
  USER_TYPE.student,
  USER_TYPE.teacher,
  USER_TYPE.principal,
] as const satisfies readonly UserType[];
export type SchoolType = (typeof SCHOOL_TYPES)[number];
export const isSchoolType = (type: string): type is SchoolType =>
  (SCHOOL_TYPES as readonly string[]).includes(type);

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export const ACCOUNT_STATUSES = ['pending', 'active', 'rejected'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Banner title by the first path segment (spec 2.3), exactly as written there. */
export const BANNER_TITLES: Readonly<Record<string, string>> = {
  about: 'About',
  class: 'Class',
  teacher: 'Teacher',
  gallery: 'Gallery',
  blog: 'Blog',
  blogdetail: 'Blog detail',
  contact: 'Contact',
  registation: 'Registation form',
  login: 'Sign Up',
  dashboard: 'Dashboard',
  profile: 'Personal Profile',
  'student-class': 'Class Details',
  exam: 'Exam Program',
  results: 'Result Summery',
  notification: 'Notification',
  'teacher-class': 'Classes Details',
  exams: 'Exam Summary',
  'final-results': 'Final Results',
  'result-summary': 'Result Summary',
  schedule: 'Class Schedule',
  'schedule-summary': 'Schedule Summary',
  'classwise-student': 'ClassWise List',
  'student-list': 'Student List',
  'student-attendence': 'Attendence',
  // Screens the spec's tiles point at without a title of their own (decisions item 5).
  'student-profile': 'Personal Profile',
  studentresult: 'Result Summery',
  'attendance-report': 'Attendance Report',
  attendence: 'Attendence',
  payment: 'Payment',
  approvals: 'Approvals',
  website: 'Website',
  inbox: 'Inbox',
  marks: 'Marks Entry',
  'send-notification': 'Send Notification',
  'school-setup': 'School Set-up',
  'import-pupils': 'Import Pupils',
  'mark-history': 'Mark History',
};

/** The first path segment decides the banner title; unknown segments get none. */
export function bannerTitleFor(pathname: string): string | undefined {
  const segment = pathname.split('/').filter(Boolean)[0];
  return segment === undefined ? undefined : BANNER_TITLES[segment];
}

export interface DashboardTile {
  /** The label shown on the tile, as the spec writes it. */
  label: string;
  /** Where the tile leads: the lowercased label unless decisions item 5 says otherwise. */
  path: string;
}

const tile = (label: string, path = `/${label.toLowerCase()}`): DashboardTile => ({ label, path });

/** Dashboard tiles per type (spec 2.5, with the targets of decisions item 5). */
export const DASHBOARD_TILES: Readonly<Record<SchoolType, readonly DashboardTile[]>> = {
  [USER_TYPE.student]: [
    tile('Profile'),
    tile('Student-Class'),
    tile('Exam'),
    tile('Results'),
    tile('Notification'),
    tile('Attendance-Report'),
  ],
  [USER_TYPE.teacher]: [
    tile('Profile'),
    tile('Student-Attendence'),
    tile('Teacher-Class'),
    tile('Exams'),
    tile('Final-Results'),
    tile('Notification'),
    tile('Schedule'),
    tile('ClassWise-Student'),
  ],
  [USER_TYPE.principal]: [
    tile('Profile'),
    tile('Attendence'),
    tile('Class', '/student-class'),
    tile('Exams'),
    tile('Results'),
    tile('Schedule'),
    tile('Notification'),
    tile('Payment'),
  ],
};

/** Authenticated routes of spec 2.2 plus the ones decisions item 5 adds. */
export const SCHOOL_ROUTE_PREFIXES = [
  'dashboard',
  'profile',
  'student-class',
  'exam',
  'results',
  'notification',
  'teacher-class',
  'student-profile',
  'studentresult',
  'exams',
  'final-results',
  'result-summary',
  'schedule',
  'schedule-summary',
  'classwise-student',
  'student-list',
  'student-attendence',
  'attendance-report',
  'attendence',
  'payment',
  'approvals',
  'website',
  'inbox',
  'marks',
  'send-notification',
  'school-setup',
  'import-pupils',
  'mark-history',
] as const;

export const ATTENDANCE_STATUSES = [
  { code: 1, label: 'Present' },
  { code: 2, label: 'Absent' },
  { code: 3, label: 'On Leave' },
] as const;
export type AttendanceCode = (typeof ATTENDANCE_STATUSES)[number]['code'];

export const SCHOOL_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type SchoolDay = (typeof SCHOOL_DAYS)[number];

export const GALLERY_CATEGORIES = ['Playing', 'Drawing', 'Reading'] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

export const TESTIMONIAL_AUTOPLAY_MS = 2000;
export const DEFAULT_AVATAR_PX = 70;
export const REGISTRATION_MESSAGE_MS = 10_000;

/** react-toastify settings of spec section 9. */
export const TOAST_SETTINGS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: 'touch',
  draggablePercent: 80,
  theme: 'light',
} as const;

export const BLOG_DEFAULTS = { author: 'Admin', category: 'Web Design', commentCount: 15 } as const;

/** Every user-facing message the spec quotes (sections 4, 5 and 8). */
export const MESSAGES = {
  registered: 'Registered Successfully!',
  registrationFailed: 'Registered Failed!',
  dataCleared: 'Data clear!',
  loginFailed: 'Something Went Wrong!',
  classAdded: 'Class details added successfully',
  classAddFailed: 'Failed to add class details',
  attendanceSaved: 'Attendance saved successfully!',
  attendanceFailed: 'Failed to save attendance',
  attendanceNeedsDate: 'Please select a date before submitting attendance.',
  enterName: 'Please enter your name',
  enterEmail: 'Please enter your email',
  enterSubject: 'Please enter a subject',
  enterMessage: 'Please enter your message',
} as const;
