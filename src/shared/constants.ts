/**
 * The product's fixed values (docs/contract/product.md#constants). Server, client and tests import them from
 * here so a text or a number is written once. Spellings are the product's
 * (docs/contract/product.md#spelling): they are shown to users.
 */

/**
 * Login state lives in this cookie (docs/contract/product.md#login-state,
 * docs/contract/product.md#session-cookie).
 */
export const SESSION_COOKIE = 'kids_pre_token';
export const SESSION_DAYS = 7;

/**
 * Each user type by its right name; the value is the product's spelling, which the JSON carries and
 * the registration form shows (a principal is 'Principle' on the wire, docs/contract/product.md#school-screens).
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

/**
 * The types that have a dashboard and a school area (docs/contract/product.md#school-screens), and
 * parents, who see their own children's part of it (docs/decisions/0021-families.md).
 */
export const SCHOOL_TYPES = [
  USER_TYPE.student,
  USER_TYPE.teacher,
  USER_TYPE.principal,
  USER_TYPE.parent,
] as const satisfies readonly UserType[];
export type SchoolType = (typeof SCHOOL_TYPES)[number];
export const isSchoolType = (type: string): type is SchoolType =>
  (SCHOOL_TYPES as readonly string[]).includes(type);

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export const ACCOUNT_STATUSES = ['pending', 'active', 'rejected'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

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
