import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousAxeViolations as blocking } from '../../../test/axe.js';
import { mockApi, profile, renderScreen } from '../../../test/school-test-utils.js';
import {
  CLASS_CARDS_PATH,
  CLASSES,
  classCards,
  MY_CARDS,
  PUBLISHED_CARD,
  SCHOOL_YEAR,
} from '../testing/cards.js';
import { CommentsScreen } from './CommentsScreen.js';
import { MyReportCardsScreen } from './MyReportCardsScreen.js';
import { ReviewScreen } from './ReviewScreen.js';

/**
 * axe-core on the report cards' screens as jsdom renders them, at a phone's and a desktop's width,
 * for each account type that uses them (docs/decisions/0090-report-cards.md). Colour contrast needs
 * a real browser (e2e/a11y.spec.ts).
 */

const WIDTHS = [375, 1280] as const;
const initialWidth = window.innerWidth;

function atWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => atWidth(initialWidth));

describe('report cards: accessibility', () => {
  it.each(
    WIDTHS.flatMap((width) => (['Teacher', 'Principle'] as const).map((type) => [width, type] as const)),
  )('the comments screen at %i px for a %s: no serious or critical violation', async (width, type) => {
    atWidth(width);
    mockApi({
      'GET users/profile': profile(type),
      'GET teacher/assign_class': CLASSES,
      'GET school-year': SCHOOL_YEAR,
      [CLASS_CARDS_PATH]: classCards(),
    });
    const { container, user } = renderScreen(<CommentsScreen />, {
      path: '/report-card-comments',
      pattern: '/report-card-comments',
    });
    await screen.findByRole('option', { name: 'KG' });
    await user.selectOptions(screen.getByLabelText('Class'), '2');
    await screen.findByRole('group', { name: 'Ada Mensah' });
    expect(await blocking(container)).toEqual([]);
  });

  it.each(WIDTHS)('the review at %i px for the principal, with the publish question open', async (width) => {
    atWidth(width);
    mockApi({
      'GET users/profile': profile('Principle'),
      'GET teacher/assign_class': CLASSES,
      'GET school-year': SCHOOL_YEAR,
      [CLASS_CARDS_PATH]: classCards({ mayPublish: true }),
    });
    const { container, user } = renderScreen(<ReviewScreen />, {
      path: '/report-cards-review',
      pattern: '/report-cards-review',
    });
    await screen.findByRole('option', { name: 'KG' });
    await user.selectOptions(screen.getByLabelText('Class'), '2');
    await screen.findByRole('article', { name: 'Ada Mensah' });
    expect(await blocking(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Publish the class’s cards' }));
    await screen.findByRole('alertdialog');
    expect(await blocking(document.body)).toEqual([]);
  });

  it.each(WIDTHS.flatMap((width) => (['Parent', 'Student'] as const).map((type) => [width, type] as const)))(
    'the published cards at %i px for a %s, one card open',
    async (width, type) => {
      atWidth(width);
      mockApi({
        'GET users/profile': profile(type),
        'GET report-cards': MY_CARDS,
        'GET report-cards/pupils/11/terms/5': PUBLISHED_CARD,
      });
      const { container, user } = renderScreen(<MyReportCardsScreen />, {
        path: '/report-cards',
        pattern: '/report-cards',
      });
      await user.click(await screen.findByRole('button', { name: /View the report card of Ada Mensah/ }));
      await screen.findByText('A fine term.');
      expect(await blocking(container)).toEqual([]);
    },
  );
});
