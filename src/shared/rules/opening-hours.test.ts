import { describe, expect, it } from 'vitest';
import { type DayOfWeek, readOpeningHours } from './opening-hours.js';

const WEEKDAYS: DayOfWeek[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const spec = (dayOfWeek: DayOfWeek[], opens: string, closes: string) => ({
  '@type': 'OpeningHoursSpecification',
  dayOfWeek,
  opens,
  closes,
});

describe('reading a school’s opening hours', () => {
  it.each([
    ['Mon-Fri 8:00-17:00', [spec(WEEKDAYS, '08:00', '17:00')]],
    ['Monday to Friday, 7.30 am - 5 pm', [spec(WEEKDAYS, '07:30', '17:00')]],
    ['Mon - Sat: 8:00 am - 4:00 pm', [spec([...WEEKDAYS, 'Saturday'], '08:00', '16:00')]],
    ['Mo-Fr 08:00-17:00', [spec(WEEKDAYS, '08:00', '17:00')]],
    ['Mon–Fri: 8:00 AM – 5:00 PM', [spec(WEEKDAYS, '08:00', '17:00')]],
    ['Monday—Friday 07:30—18:00', [spec(WEEKDAYS, '07:30', '18:00')]],
    ['Weekdays 8am-6pm', [spec(WEEKDAYS, '08:00', '18:00')]],
    ['Open daily from 7am to 7pm', [spec([...WEEKDAYS, 'Saturday', 'Sunday'], '07:00', '19:00')]],
    ['Every day 9:00-12:00', [spec([...WEEKDAYS, 'Saturday', 'Sunday'], '09:00', '12:00')]],
    ['Mon to Fri from 8 a.m. until 5 p.m.', [spec(WEEKDAYS, '08:00', '17:00')]],
    ['Mon, Wed, Fri 9:00-12:00', [spec(['Monday', 'Wednesday', 'Friday'], '09:00', '12:00')]],
    ['Tues and Thurs 1-5 pm', [spec(['Tuesday', 'Thursday'], '13:00', '17:00')]],
    ['Mon-Fri 8 - 5 pm', [spec(WEEKDAYS, '08:00', '17:00')]],
    ['Mon-Fri 8-17', [spec(WEEKDAYS, '08:00', '17:00')]],
    ['Mon-Fri 8h30-16h30', [spec(WEEKDAYS, '08:30', '16:30')]],
    ['Mondays to Fridays 9am - noon', [spec(WEEKDAYS, '09:00', '12:00')]],
    ['Mon-Fri 8:00-12:00, 13:00-17:00', [spec(WEEKDAYS, '08:00', '12:00'), spec(WEEKDAYS, '13:00', '17:00')]],
    [
      'Mon-Fri 8:00-17:00; Sat 9:00-12:00',
      [spec(WEEKDAYS, '08:00', '17:00'), spec(['Saturday'], '09:00', '12:00')],
    ],
    [
      'Monday - Friday: 8am to 5pm, Saturday: 9am to 1pm',
      [spec(WEEKDAYS, '08:00', '17:00'), spec(['Saturday'], '09:00', '13:00')],
    ],
    [
      'Mon-Fri 7:30am-6pm\nSat 8am-12pm\nSun closed',
      [spec(WEEKDAYS, '07:30', '18:00'), spec(['Saturday'], '08:00', '12:00')],
    ],
    ['Mon-Fri 8-17, Sat & Sun closed', [spec(WEEKDAYS, '08:00', '17:00')]],
    ['Closed on Sundays; Mon-Sat 8:00-14:00', [spec([...WEEKDAYS, 'Saturday'], '08:00', '14:00')]],
    ['Fri-Mon 10:00-16:00', [spec(['Monday', 'Friday', 'Saturday', 'Sunday'], '10:00', '16:00')]],
    ['Weekends 10:00-14:00', [spec(['Saturday', 'Sunday'], '10:00', '14:00')]],
    ['Mon-Fri 6:00-24:00', [spec(WEEKDAYS, '06:00', '23:59')]],
  ])('%s', (text, expected) => {
    expect(readOpeningHours(text)).toEqual(expected);
  });

  it.each([
    '',
    '   ',
    'By appointment',
    'Term time only: Mon-Fri 8:00-15:30',
    'Monday–Friday 07:30–18:00 (holidays excluded)',
    'Lun-Ven 8:00-17:00',
    'Montag bis Freitag 8-17 Uhr',
    // No days: every day, or only school days? Not said.
    '8:00-17:00',
    '8am - 5pm',
    // A closing before the opening without am/pm: 9 to 5 meant, 09:00-05:00 written.
    'Mon-Fri 9-5',
    'Mon-Fri 17:00-08:00',
    'Mon-Fri 25:00-26:00',
    'Mon-Fri 8:75-17:00',
    'Mon-Fri 13pm-5pm',
    '24/7',
    'Mon-Fri',
    'Mon-Fri 8:00',
    'Mon-Fri 8:00-',
    'Mon-Fri 8:00-17:00, Sat',
    'Mon-Fri 8:00-17:00 except public holidays',
    'Call 555 0142 for hours',
    'Mon-Fri 8:00-17:00 <b>',
    'constructor 8-17',
  ])('leaves %j as words', (text) => {
    expect(readOpeningHours(text)).toBeUndefined();
  });

  it('reads nothing from an absent text', () => {
    expect(readOpeningHours(undefined)).toBeUndefined();
  });
});
