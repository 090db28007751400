import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type SchoolSettings, SETTINGS_MESSAGES } from '../../../../shared/api/settings.js';
import { settingsQueryKey } from '../../../lib/settings.js';
import { jsonResponse } from '../../../test/render-app.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { en, mockApi, renderCms, testMedia } from '../testing/render-cms.js';
import { SAVED_MESSAGE, SCHOOL_FACTS_NOTE } from './RecordForm.js';
import { SchoolSettingsPanel } from './SchoolSettingsPanel.js';
import { WebsiteEditor } from './WebsiteEditor.js';

const NAME = 'b'.repeat(32);
const LOGO = testMedia({
  name: NAME,
  height: 800,
  widths: [400, 800],
  alt: 'Sun over a meadow',
  originalName: 'logo.png',
  bytes: 20_000,
});

/** Answers PUT admin/settings with what was sent (as the server stores it). */
const echo = ({ body }: { body: unknown }) => jsonResponse({ data: body });

const form = () => within(screen.getByRole('form', { name: 'School settings' }));

describe('SchoolSettingsPanel', () => {
  it('shows every setting, saves the changed name and address, and every page has them at once', async () => {
    const api = mockApi({ 'PUT /api/admin/settings': echo });
    const { user, queryClient } = renderCms(<SchoolSettingsPanel />);
    expect(form().getByLabelText('School name')).toHaveValue(TEST_SCHOOL.name);
    expect(form().getByLabelText('Short description')).toHaveValue(TEST_SCHOOL.description);
    expect(form().getByLabelText('Phone')).toHaveValue(TEST_SCHOOL.phone);
    expect(form().getByLabelText('Email')).toHaveValue(TEST_SCHOOL.email);
    expect(form().getByLabelText('Opening hours')).toHaveValue(TEST_SCHOOL.openingHours);
    expect(form().getByLabelText('Twitter')).toHaveValue(TEST_SCHOOL.socialLinks.twitter);
    expect(form().getByLabelText('LinkedIn')).toHaveValue('');
    expect(form().getByLabelText('Footer text')).toHaveValue(TEST_SCHOOL.footerText);
    expect(form().getByLabelText('Currency')).toHaveValue(TEST_SCHOOL.currency);
    expect(form().getByLabelText('Time zone')).toHaveValue(TEST_SCHOOL.timeZone);
    expect(form().getByText('The default logo')).toBeInTheDocument();

    await user.clear(form().getByLabelText('School name'));
    await user.type(form().getByLabelText('School name'), 'Hilltop Primary');
    await user.clear(form().getByLabelText('Address'));
    await user.type(form().getByLabelText('Address'), '2 Hill Road, Upton');
    await user.click(form().getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(en(SAVED_MESSAGE))).toBeInTheDocument();
    const expected: SchoolSettings = {
      ...TEST_SCHOOL,
      name: 'Hilltop Primary',
      address: '2 Hill Road, Upton',
    };
    expect(api.sent('PUT', '/api/admin/settings').map((call) => call.body)).toEqual([expected]);
    expect(queryClient.getQueryData(settingsQueryKey)).toEqual(expected);
  });

  it('checks the fields with the server’s schema before sending, and says what is wrong at each', async () => {
    const api = mockApi({ 'PUT /api/admin/settings': echo });
    const { user } = renderCms(<SchoolSettingsPanel />);
    await user.clear(form().getByLabelText('School name'));
    await user.clear(form().getByLabelText('Email'));
    await user.type(form().getByLabelText('Email'), 'office@');
    await user.clear(form().getByLabelText('Facebook'));
    await user.type(form().getByLabelText('Facebook'), 'javascript:alert(1)');
    await user.clear(form().getByLabelText('Currency'));
    await user.type(form().getByLabelText('Currency'), 'ZZZ');
    await user.clear(form().getByLabelText('Time zone'));
    await user.type(form().getByLabelText('Time zone'), 'Mars/Base');
    await user.click(form().getByRole('button', { name: 'Save' }));

    expect(await form().findByText(SETTINGS_MESSAGES.enterName)).toBeInTheDocument();
    expect(form().getByLabelText('School name')).toHaveAttribute('aria-invalid', 'true');
    expect(form().getByLabelText('Email')).toHaveAccessibleDescription(SETTINGS_MESSAGES.emailInvalid);
    expect(form().getByLabelText('Facebook')).toHaveAccessibleDescription(SETTINGS_MESSAGES.linkInvalid);
    expect(form().getByLabelText('Currency')).toHaveAccessibleDescription(
      expect.stringContaining(SETTINGS_MESSAGES.currencyInvalid),
    );
    expect(form().getByLabelText('Time zone')).toHaveAccessibleDescription(
      expect.stringContaining(SETTINGS_MESSAGES.timeZoneInvalid),
    );
    expect(api.sent('PUT', '/api/admin/settings')).toHaveLength(0);
  });

  it('shows the server’s reasons at the fields and keeps what was typed', async () => {
    mockApi({
      'PUT /api/admin/settings': () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'socialLinks.twitter: Not that one (and 1 more)',
              details: [
                { field: 'socialLinks.twitter', message: 'Not that one' },
                { field: 'phone', message: 'Not that number' },
              ],
            },
          },
          400,
        ),
    });
    const { user } = renderCms(<SchoolSettingsPanel />);
    await user.type(form().getByLabelText('Opening hours'), ', Sun closed');
    await user.click(form().getByRole('button', { name: 'Save' }));

    expect(await form().findByText('Not that one')).toBeInTheDocument();
    expect(form().getByLabelText('Twitter')).toHaveAttribute('aria-invalid', 'true');
    expect(form().getByLabelText('Phone')).toHaveAccessibleDescription('Not that number');
    expect(form().getByRole('alert')).toHaveTextContent('socialLinks.twitter: Not that one');
    expect(form().getByLabelText('Opening hours')).toHaveValue(`${TEST_SCHOOL.openingHours}, Sun closed`);
  });

  it('takes the logo from the media library, shows it, and can go back to the default logo', async () => {
    const api = mockApi({
      'GET /api/admin/media': { data: [LOGO], sitePictures: [] },
      'PUT /api/admin/settings': echo,
    });
    const { user } = renderCms(<SchoolSettingsPanel />);
    await user.click(form().getByRole('button', { name: 'Choose the logo from the library' }));
    await user.click(await form().findByRole('button', { name: 'Sun over a meadow' }));
    expect(form().getByText('An uploaded picture')).toBeInTheDocument();
    expect(document.querySelector('.cms-logo img')).toHaveAttribute('src', `/uploads/media/${NAME}-400.webp`);

    await user.click(form().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/admin/settings')).toHaveLength(1));
    expect(api.sent('PUT', '/api/admin/settings')[0]?.body).toMatchObject({ logo: LOGO.image });

    await user.click(await form().findByRole('button', { name: 'Use the default logo' }));
    expect(form().getByText('The default logo')).toBeInTheDocument();
    await user.click(form().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/admin/settings')).toHaveLength(2));
    expect(api.sent('PUT', '/api/admin/settings')[1]?.body).toMatchObject({ logo: '' });
  });
});

describe('the website editor’s School section', () => {
  it('comes first, opens the settings, and the Contact form leaves the school’s facts to it', async () => {
    mockApi({
      'GET /api/admin/media': { data: [], sitePictures: [] },
      'GET /api/home': { data: [] },
      'GET /api/contacts': {
        data: [
          {
            id: 5,
            heading1: 'Get In Touch',
            heading2: 'Contact Us',
            discription: 'Write to us.',
            address: TEST_SCHOOL.address,
            email: TEST_SCHOOL.email,
            phone: TEST_SCHOOL.phone,
            opening_hour: TEST_SCHOOL.openingHours,
            images: [],
          },
        ],
      },
    });
    const { user } = renderCms(<WebsiteEditor />);
    const sections = within(screen.getByRole('navigation', { name: 'Website sections' }));
    const buttons = sections.getAllByRole('button');
    expect(buttons[0]).toHaveTextContent('School');
    await user.click(sections.getByRole('button', { name: 'School' }));
    expect(await screen.findByRole('form', { name: 'School settings' })).toBeInTheDocument();

    await user.click(sections.getByRole('button', { name: 'Contact' }));
    await user.click(await screen.findByRole('button', { name: 'Edit “Get In Touch”' }));
    const contact = within(screen.getByRole('form', { name: 'Edit Contact record' }));
    expect(contact.getByText(en(SCHOOL_FACTS_NOTE))).toBeInTheDocument();
    expect(contact.getByLabelText('Label')).toHaveValue('Get In Touch');
    for (const label of ['Address', 'Email', 'Phone', 'Opening Hours']) {
      expect(contact.queryByLabelText(label)).not.toBeInTheDocument();
    }
  });

  it('asks before leaving the School section with unsaved changes', async () => {
    mockApi({ 'GET /api/admin/media': { data: [], sitePictures: [] }, 'GET /api/home': { data: [] } });
    const { user } = renderCms(<WebsiteEditor />);
    const sections = within(screen.getByRole('navigation', { name: 'Website sections' }));
    await user.click(sections.getByRole('button', { name: 'School' }));
    await user.type(await form().findByLabelText('School name'), ' Academy');
    await user.click(sections.getByRole('button', { name: 'Home banner' }));
    expect(screen.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
  });
});
