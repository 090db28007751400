import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/school-test-utils.js';
import { PAYMENT_TITLE, PaymentScreen } from './PaymentScreen.js';

describe('Payment', () => {
  it('says kindly that the tuition fee ledger is coming, and makes no call', () => {
    renderScreen(<PaymentScreen />);
    expect(screen.getByRole('heading', { name: PAYMENT_TITLE })).toHaveTextContent(
      'Coming soon: tuition fee ledger',
    );
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(fetch).not.toHaveBeenCalled();
  });
});
