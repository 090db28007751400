import { describe, expect, it } from 'vitest';
import { USER_TYPE, USER_TYPES } from '../../../../shared/constants.js';
import { DASHBOARD_TILES } from '../../../../shared/screens.js';
import { ApiError } from '../../../lib/api-client.js';
import { getSessionToken, setSessionToken, subscribeToSession } from '../../../lib/session.js';
import { testTranslator } from '../../../test/i18n.js';
import { LoginError, parseRetryAfter, startSession } from '../api/login.js';
import { type ProfileFormValues, profileUpdateBody } from '../api/update-profile.js';
import { LOGIN_REASONS, loginFailureReason } from './login-errors.js';
import { parseId } from './prefetch.js';
import { accountFieldErrorsOf } from './server-errors.js';
import {
  APPROVALS_TILE,
  BLOG_COMMENTS_TILE,
  dashboardTilesFor,
  GUARDIANS_TILE,
  IMPORT_PUPILS_TILE,
  INBOX_TILE,
  MARKS_TILE,
  NEWSLETTERS_TILE,
  OUTBOX_TILE,
  SCHOOL_SETUP_TILE,
  SEND_NOTIFICATION_TILE,
  TODAY_TILE,
  tileLook,
  WEBSITE_TILE,
} from './tiles.js';

const en = testTranslator('en').t;
/** docs/decisions/0079-photo-consent.md */
const PHOTOS_TILE = { label: 'Photos', path: '/photos' };
/** docs/decisions/0080-conversations.md */
const MESSAGES_TILE = { label: 'Messages', path: '/conversations' };
describe('dashboard tiles', () => {
  it('are the contract’s menu per school type, plus Marks and Send Notification for staff and Approvals, Website, Inbox, ... Blog Comments for the principal', () => {
    // docs/decisions/0081-push-and-live.md: every school type's notification settings, last.
    const settings = { label: 'Notification settings', path: '/notification-settings' };
    // docs/decisions/0089-screens-for-the-school-year-and-calendar.md: everyone's calendar, and the principal's school years.
    const calendar = { label: 'Calendar', path: '/calendar' };
    const schoolYears = { label: 'School years', path: '/school-years' };
    // docs/decisions/0090-report-cards.md: report cards after them.
    const reportCards = { label: 'Report cards', path: '/report-cards' };
    expect(dashboardTilesFor(USER_TYPE.student)).toEqual([
      ...DASHBOARD_TILES[USER_TYPE.student],
      settings,
      calendar,
      reportCards,
    ]);
    // Today right after Profile: the register at the door is a teacher's first screen of the day.
    const [profile, ...rest] = DASHBOARD_TILES[USER_TYPE.teacher];
    expect(dashboardTilesFor(USER_TYPE.teacher)).toEqual([
      profile,
      TODAY_TILE,
      ...rest,
      MARKS_TILE,
      SEND_NOTIFICATION_TILE,
      PHOTOS_TILE,
      MESSAGES_TILE,
      settings,
      calendar,
      { label: 'Report card comments', path: '/report-card-comments' },
      // docs/decisions/0108-two-factor-for-staff.md
      { label: 'Sign-in security', path: '/security' },
    ]);
    expect(dashboardTilesFor(USER_TYPE.principal)).toEqual([
      ...DASHBOARD_TILES[USER_TYPE.principal],
      MARKS_TILE,
      SEND_NOTIFICATION_TILE,
      SCHOOL_SETUP_TILE,
      IMPORT_PUPILS_TILE,
      APPROVALS_TILE,
      WEBSITE_TILE,
      INBOX_TILE,
      TODAY_TILE,
      GUARDIANS_TILE,
      OUTBOX_TILE,
      NEWSLETTERS_TILE,
      BLOG_COMMENTS_TILE,
      // docs/decisions/0065-the-schools-own-words.md
      { label: 'Words', path: '/words' },
      PHOTOS_TILE,
      MESSAGES_TILE,
      settings,
      schoolYears,
      calendar,
      // docs/decisions/0091-the-year-rollover.md
      { label: 'New school year', path: '/rollover' },
      { label: 'Review report cards', path: '/report-cards-review' },
      // docs/decisions/0099-forms-and-permission-slips.md
      { label: 'Forms', path: '/school-forms' },
      // docs/decisions/0105-the-admissions-board.md
      { label: 'Admissions', path: '/admissions' },
      // docs/decisions/0110-retention-and-erasure.md
      { label: 'Keeping records', path: '/retention' },
      // docs/decisions/0108-two-factor-for-staff.md
      { label: 'Sign-in security', path: '/security' },
    ]);
  });

  it('are none for the types without a school area', () => {
    const without = USER_TYPES.filter((type) => dashboardTilesFor(type) === undefined);
    expect(without).toEqual(['Director', 'HOD', 'Pion', 'Gard', 'Driver']);
  });

  it('are none from the registry for a Parent: their dashboard has tiles per child (docs/decisions/0021-families.md)', () => {
    expect(dashboardTilesFor(USER_TYPE.parent)).toEqual([]);
  });

  it('each has its own icon and a line of text', () => {
    for (const tile of [
      ...Object.values(DASHBOARD_TILES).flat(),
      APPROVALS_TILE,
      MARKS_TILE,
      SEND_NOTIFICATION_TILE,
      SCHOOL_SETUP_TILE,
      IMPORT_PUPILS_TILE,
      TODAY_TILE,
      GUARDIANS_TILE,
      OUTBOX_TILE,
      NEWSLETTERS_TILE,
    ]) {
      expect(tileLook(tile.label).blurb).not.toBe('');
    }
  });
});

describe('log-in failures', () => {
  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:00 GMT')),
    ).toBe(60);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('turns a 429 into minutes to wait', () => {
    expect(loginFailureReason(en, new LoginError(429, 'TOO_MANY_ATTEMPTS', 'x', undefined, 61))).toBe(
      'Too many attempts. Please try again in 2 minutes.',
    );
    expect(loginFailureReason(en, new LoginError(429, 'TOO_MANY_ATTEMPTS', 'x', undefined, 30))).toBe(
      'Too many attempts. Please try again in 1 minute.',
    );
  });

  it('never leaves the visitor without a reason', () => {
    expect(loginFailureReason(en, new Error('boom'))).toBe(
      'The school server could not log you in just now. Please try again in a moment.',
    );
    expect(loginFailureReason(en, new ApiError(401, 'UNAUTHORIZED', 'x'))).toBe('Wrong email or password.');
  });

  it('gives its reasons in the page’s language', () => {
    const fr = testTranslator('fr').t;
    expect(loginFailureReason(fr, new ApiError(401, 'UNAUTHORIZED', 'x'))).toBe(
      fr(LOGIN_REASONS.invalidCredentials),
    );
    expect(loginFailureReason(fr, new LoginError(429, 'TOO_MANY_ATTEMPTS', 'x', undefined, 61))).toMatch(
      /2 minutes/,
    );
  });
});

describe('starting a session', () => {
  /** The token each session change left, as the app's listener (main.tsx) sees them. */
  function watchSession(): { seen: (string | undefined)[]; stop: () => void } {
    const seen: (string | undefined)[] = [];
    const stop = subscribeToSession(() => seen.push(getSessionToken()));
    return { seen, stop };
  }

  it('stores the token', () => {
    const { seen, stop } = watchSession();
    startSession('tok-new');
    stop();
    expect(getSessionToken()).toBe('tok-new');
    expect(seen).toEqual(['tok-new']);
  });

  it('ends an earlier session first, so what was cached for its user goes', () => {
    setSessionToken('tok-old');
    const { seen, stop } = watchSession();
    startSession('tok-new');
    stop();
    expect(getSessionToken()).toBe('tok-new');
    expect(seen).toEqual([undefined, 'tok-new']);
  });
});

describe('server errors', () => {
  it('reads per-field details, and puts a bare EMAIL_TAKEN at the email', () => {
    expect(
      accountFieldErrorsOf(new ApiError(400, 'VALIDATION_FAILED', 'x', [{ field: 'dob', message: 'm' }])),
    ).toEqual([{ field: 'dob', message: 'm' }]);
    expect(accountFieldErrorsOf(new ApiError(409, 'EMAIL_TAKEN', 'Taken.'))).toEqual([
      { field: 'email', message: 'Taken.' },
    ]);
    expect(accountFieldErrorsOf(new Error('x'))).toEqual([]);
  });
});

describe('profile update body', () => {
  const values: ProfileFormValues = {
    name: 'Asha',
    designation: 'Pupil',
    description: 'Hi',
    gender: 'Female',
    dob: '2016-03-09',
    address: 'Here',
    contact: '+1 555 0100',
    email: 'a@example.com',
    socialLink: '',
    currentPassword: '',
    newPassword: '',
  };

  it('is JSON without the password pair when no new password is set', () => {
    expect(profileUpdateBody(values)).toEqual({
      name: 'Asha',
      degination: 'Pupil',
      discription: 'Hi',
      gender: 'Female',
      dob: '2016-03-09',
      address: 'Here',
      contact: '+1 555 0100',
      email: 'a@example.com',
      social_link: '',
    });
  });

  it('is multipart with every photo when photos are chosen, with the password pair when set', () => {
    const photo = new File(['x'], 'me.png', { type: 'image/png' });
    const body = profileUpdateBody({
      ...values,
      images: [photo],
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
    });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('currentPassword')).toBe('old-secret');
    expect(form.get('newPassword')).toBe('new-secret');
    expect((form.getAll('images')[0] as File).name).toBe('me.png');
    expect(form.get('name')).toBe('Asha');
  });
});

describe('small helpers', () => {
  it('accepts only positive whole ids', () => {
    expect(parseId('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999', undefined])
      expect(parseId(bad)).toBeUndefined();
  });
});
