import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SchoolType } from '../../../../shared/constants.js';
import { seriousAxeViolations as blocking } from '../../../test/axe.js';
import { answer, renderScreen } from '../../../test/school-test-utils.js';
import { CLASSES, MONTH, mockCalendar, OWN_FEED } from '../testing/calendar.js';
import { CalendarScreen } from './CalendarScreen.js';

/**
 * axe-core on the calendar screen as jsdom renders it, at a phone's and a desktop's width, for each
 * account type (docs/decisions/0089-screens-for-the-school-year-and-calendar.md): the month's list
 * and a feed's addresses shown, the principal's form open too. Colour contrast needs a real browser
 * (e2e/a11y.spec.ts, e2e/school-calendar.spec.ts).
 */

const WIDTHS = [375, 1280] as const;
const TYPES = ['Student', 'Teacher', 'Principle', 'Parent'] as const satisfies readonly SchoolType[];
const initialWidth = window.innerWidth;

function atWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => atWidth(initialWidth));

describe('the calendar: accessibility', () => {
  it.each(WIDTHS.flatMap((width) => TYPES.map((type) => [width, type] as const)))(
    'at %i px for a %s: no serious or critical violation, with a feed’s address shown',
    async (width, type) => {
      atWidth(width);
      mockCalendar(type, { 'POST calendar/feed': answer(201, { data: OWN_FEED }) });
      const staff = type === 'Teacher' || type === 'Principle';
      const { container, user } = renderScreen(
        <CalendarScreen manage={type === 'Principle'} classes={staff ? CLASSES : undefined} />,
        { path: `/calendar?month=${MONTH}`, pattern: '/calendar' },
      );
      await screen.findByRole('article', { name: /Winter holiday/ });
      const own = screen.getByRole('region', { name: 'Your calendar' });
      await user.click(within(own).getByRole('button', { name: 'Make my address' }));
      await within(own).findByRole('status');
      await user.click(screen.getByText('How to add it to Google Calendar, Apple Calendar or Outlook'));
      expect(await blocking(container)).toEqual([]);

      if (type === 'Principle') {
        await user.click(screen.getByRole('button', { name: 'Add a closure or an event' }));
        const form = screen.getByRole('form', { name: 'A new closure or event' });
        await user.selectOptions(within(form).getByLabelText('For whom'), 'classes');
        // Errors shown: the title's (the first the schema finds).
        await user.click(within(form).getByRole('button', { name: 'Save' }));
        await within(form).findByText('Please enter a title');
        expect(await blocking(container)).toEqual([]);
      }
    },
  );
});
