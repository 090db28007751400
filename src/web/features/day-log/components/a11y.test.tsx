import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousAxeViolations as blocking } from '../../../test/axe.js';
import { mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { childDay, entry, TODAY } from '../testing/day.js';
import { ChildDayScreen } from './ChildDayScreen.js';
import { QuickLog } from './QuickLog.js';

/**
 * axe-core on the daily log's screens as jsdom renders them, at a phone's and a desktop's width, for
 * each account type that sees them (docs/decisions/0078-the-daily-log.md). Colour contrast needs a
 * real browser (e2e/a11y.spec.ts); the ratios are in styles/day-log.css.
 */

const WIDTHS = [375, 1280] as const;
const initialWidth = window.innerWidth;

function atWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => atWidth(initialWidth));

describe('the daily log: accessibility', () => {
  it.each(
    WIDTHS.flatMap((width) => (['Teacher', 'Principle'] as const).map((type) => [width, type] as const)),
  )(
    'Today’s quick entries at %i px for a %s: no serious or critical violation, with the other entries open',
    async (width, type) => {
      atWidth(width);
      mockApi({
        'GET users/profile': profile(type),
        [`GET classes/2/day-log?date=${TODAY}`]: {
          date: TODAY,
          classId: 2,
          className: 'KG',
          data: [entry({})],
        },
      });
      const { container, user } = renderScreen(
        <QuickLog
          classId={2}
          pupils={[
            { studentId: 11, studentName: 'Ada Mensah' },
            { studentId: 12, studentName: 'Ben Osei' },
          ]}
        />,
        { path: '/today', pattern: '/today' },
      );
      await user.click(screen.getByRole('button', { name: 'Ben Osei' }));
      await user.click(screen.getByText('Other entries'));
      expect(await blocking(container)).toEqual([]);
    },
  );

  it.each(
    WIDTHS.flatMap((width) =>
      (['Parent', 'Teacher', 'Principle'] as const).map((type) => [width, type] as const),
    ),
  )('a child’s day at %i px for a %s: no serious or critical violation', async (width, type) => {
    atWidth(width);
    mockApi({
      'GET users/profile': profile(type),
      [`GET pupils/12/day?date=${TODAY}`]: childDay({ isGuardian: type === 'Parent' }),
    });
    const { container } = renderScreen(<ChildDayScreen studentId={12} />, {
      path: '/dashboard/children/12/day',
      pattern: '/dashboard/children/:id/day',
    });
    await screen.findByRole('list', { name: 'Ben Osei’s day' });
    expect(await blocking(container)).toEqual([]);
  });
});
