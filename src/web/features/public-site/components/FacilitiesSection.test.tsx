import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contentIconPaths } from '../../../components/ui/icons.js';
import { LOAD_ERROR_TEXT } from '../../../components/ui/SectionState.js';
import { ApiError } from '../../../lib/api-client.js';
import { allowConsoleErrors } from '../../../test/console.js';
import { mockContent, renderSection } from '../testing/render-section.js';
import { FacilitiesSection } from './FacilitiesSection.js';

describe('FacilitiesSection', () => {
  it('shows each facility’s icon, heading and description', async () => {
    mockContent();
    renderSection(<FacilitiesSection />);

    const bus = await screen.findByRole('heading', { level: 3, name: 'Safe School Bus' });
    const item = bus.closest('li') as HTMLElement;
    expect(within(item).getByText('Door-to-door pick-up.')).toBeInTheDocument();
    expect(item.querySelector('svg path')?.getAttribute('d')).toBe(contentIconPaths('bi-bus-front')[0]?.d);
    expect(screen.getByRole('heading', { level: 3, name: 'Healthy Meals' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Our Facilities' })).toBeInTheDocument();
  });

  it('draws a generic icon for an icon name outside the set', async () => {
    mockContent();
    renderSection(<FacilitiesSection />);
    const item = (await screen.findByRole('heading', { name: 'Something New' })).closest('li') as HTMLElement;
    expect(item.querySelector('svg path')?.getAttribute('d')).toBe(contentIconPaths('bi-star')[0]?.d);
  });

  it('says it could not load, logs the error, and shows the facilities after Retry', async () => {
    allowConsoleErrors();
    const logged = vi.mocked(console.error);
    const api = mockContent({ failing: ['facilities'] });
    const { user } = renderSection(<FacilitiesSection />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LOAD_ERROR_TEXT);
    expect(logged).toHaveBeenCalledWith('Could not load ["content","facilities"]:', expect.any(ApiError));
    expect(api.callsTo('facilities')).toBe(1);

    api.recover();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Safe School Bus' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('facilities')).toBe(2);
  });
});
