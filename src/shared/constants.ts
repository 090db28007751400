/**
 * The product's fixed values (spec sections 2, 4 and 9). Server, client and tests import them from
 * here so a text or a number is written once. Spellings are the product's
 * (docs/contract/product.md#spelling): they are shown to users.
 */

/**
 * Login state lives in this cookie (docs/contract/product.md#login-state,
 * docs/contract/product.md#session-cookie).
 */
export const SESSION_COOKIE = 'kids_pre_token';
export const SESSION_DAYS = 7;

export const USER_TYPES = [
  'Teacher',
  'Student',
  'Director',
  'Principle',
  'HOD',
  'Pion',
  'Gard',
  'Driver',
  'Parent',
] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The types that have a dashboard and a school area (docs/contract/product.md#school-screens). */
export const SCHOOL_TYPES = ['Student', 'Teacher', 'Principle'] as const satisfies readonly UserType[];
export type SchoolType = (typeof SCHOOL_TYPES)[number];
export const isSchoolType = (type: string): type is SchoolType =>
  (SCHOOL_TYPES as readonly string[]).includes(type);

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export const ACCOUNT_STATUSES = ['pending', 'active', 'rejected'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * Banner title by the first path segment (docs/contract/product.md#banner-titles), exactly as written there.
 */
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
  // Screens the original tiles point at without a title of their own (docs/contract/fixes-and-gaps.md#fix-5).
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
  /** The label shown on the tile, as docs/contract/product.md#dashboard-menus writes it. */
  label: string;
  /**
   * Where the tile leads: the lowercased label unless docs/contract/fixes-and-gaps.md#fix-5 says otherwise.
   */
  path: string;
}

const tile = (label: string, path = `/${label.toLowerCase()}`): DashboardTile => ({ label, path });

/**
 * Dashboard tiles per type (docs/contract/product.md#dashboard-menus, with the targets of
 * docs/contract/fixes-and-gaps.md#fix-5).
 */
export const DASHBOARD_TILES: Readonly<Record<SchoolType, readonly DashboardTile[]>> = {
  Student: [
    tile('Profile'),
    tile('Student-Class'),
    tile('Exam'),
    tile('Results'),
    tile('Notification'),
    tile('Attendance-Report'),
  ],
  Teacher: [
    tile('Profile'),
    tile('Student-Attendence'),
    tile('Teacher-Class'),
    tile('Exams'),
    tile('Final-Results'),
    tile('Notification'),
    tile('Schedule'),
    tile('ClassWise-Student'),
  ],
  Principle: [
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

/**
 * Authenticated routes of docs/contract/product.md#school-routes plus the ones
 * docs/contract/fixes-and-gaps.md#fix-5 adds.
 */
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

/** react-toastify settings of docs/contract/product.md#toast-settings. */
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

/** Every user-facing message of docs/contract/product.md#messages (and #states, #validation). */
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
