import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.js';
import { testTranslator, untranslatedTexts } from '../../test/i18n.js';
import { LOAD_ERROR_TEXT, SectionState, sectionStatus } from './SectionState.js';

const query = (state: Partial<{ data: unknown; isPending: boolean; isError: boolean }>) => ({
  data: undefined,
  isPending: false,
  isError: false,
  refetch: vi.fn(),
  ...state,
});

describe('sectionStatus', () => {
  it('is pending while any query is pending', () => {
    expect(sectionStatus(query({ data: [] }), query({ isPending: true })).pending).toBe(true);
    expect(sectionStatus(query({ data: [] })).pending).toBe(false);
  });

  it('has failed when a query errored with nothing to show, and retries only those', () => {
    const ok = query({ data: [] });
    const failed = query({ isError: true });
    const staleButShown = query({ isError: true, data: [1] });
    const status = sectionStatus(ok, failed, staleButShown);
    expect(status.failed).toBe(true);
    status.retry();
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(ok.refetch).not.toHaveBeenCalled();
    expect(staleButShown.refetch).not.toHaveBeenCalled();
    expect(sectionStatus(ok, staleButShown).failed).toBe(false);
  });
});

describe('SectionState', () => {
  it('shows nothing while all is well', () => {
    const { container } = render(<SectionState status={{ failed: false, retry: vi.fn() }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says the part could not load and retries on request', async () => {
    const retry = vi.fn();
    render(<SectionState status={{ failed: true, retry }} />);
    expect(screen.getByRole('alert')).toHaveTextContent(LOAD_ERROR_TEXT);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('SectionState in other languages', () => {
  it('says so and offers Retry in the page’s language', () => {
    const status = { failed: true, retry: vi.fn() };
    const { container, unmount } = render(
      <I18nProvider translator={testTranslator('en-XA')}>
        <SectionState status={status} />
      </I18nProvider>,
    );
    expect(untranslatedTexts(container)).toEqual([]);
    unmount();
    render(
      <I18nProvider translator={testTranslator('fr')}>
        <SectionState status={status} />
      </I18nProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Désolé, nous n’avons pas pu charger cette partie de la page.',
    );
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
