import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import { TodayScreen } from '../../register/components/TodayScreen.js';
import { ADA, BEN, CARE, CLASSES, register, TODAY } from '../../register/testing/today.js';
import { QuickLog } from './QuickLog.js';

/** Today as its route mounts it: the register, then the daily log's quick entries for its children. */
describe('Today with the daily log', () => {
  const renderMounted = (path = '/today') => {
    mockApi({
      'GET teacher/assign_class': CLASSES,
      'GET users/profile': profile('Teacher'),
      [`GET classes/2/register?date=${TODAY}`]: register([ADA, BEN]),
      'GET classes/2/register': register([ADA, BEN]),
      'GET pupils/12/care': CARE,
      [`GET classes/2/day-log?date=${TODAY}`]: { date: TODAY, classId: 2, className: 'KG', data: [] },
    });
    return renderScreen(
      <TodayScreen
        dayTools={({ classId, pupils }) => <QuickLog key={classId} classId={classId} pupils={pupils} />}
      />,
      {
        path,
        pattern: '/today',
      },
    );
  };

  it('offers the class’s children to log for today', async () => {
    renderMounted();
    expect(await screen.findByRole('heading', { name: 'Daily log' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Children' })).toHaveTextContent('Ada MensahBen Osei');
  });

  it('offers nothing to log on an earlier day, which is read only', async () => {
    renderMounted('/today?date=2026-01-05');
    expect(await screen.findByText(/An earlier day/)).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Ada Mensah' });
    expect(screen.queryByRole('heading', { name: 'Daily log' })).not.toBeInTheDocument();
  });
});
