import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_MESSAGES } from '../../../../shared/api/settings.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { jsonResponse } from '../../../test/render-app.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { en, mockApi, renderCms } from '../testing/render-cms.js';
import { CollectionPanel } from './CollectionPanel.js';
import { SchoolSettingsPanel } from './SchoolSettingsPanel.js';

/**
 * The school's languages in the website editor (docs/decisions/0064-content-in-the-schools-languages.md):
 * the default and offered languages under School, and a record's text in another language, each
 * field without a translation marked with the default language's text the pages show instead.
 */

const HOME = {
  id: 1,
  heading: 'Kindergarten',
  heading2: 'Learning Is Fun',
  learm_more: 'Learn More',
  discription: 'Every child learns through play.',
  images: [],
};
const TRANSLATION_URL = '/api/admin/content/home/1/translations/fr';
const FRENCH = {
  id: 1,
  language: 'fr',
  fields: { heading: '', heading2: 'Apprendre en jouant', learm_more: '', discription: '' },
};

/** Answers PUT with what was sent, as the server stores it. */
const echoTranslation = ({ body }: { body: unknown }) =>
  jsonResponse({
    data: {
      id: 1,
      language: 'fr',
      fields: { heading: '', heading2: '', learm_more: '', discription: '', ...(body as object) },
    },
  });

describe('a record in another language', () => {
  it('picks the language, marks each field not translated with the text shown instead, and saves the translation', async () => {
    const api = mockApi({
      'GET /api/home': { data: [HOME] },
      [`GET ${TRANSLATION_URL}`]: { data: FRENCH },
      [`PUT ${TRANSLATION_URL}`]: echoTranslation,
    });
    const { user } = renderCms(<CollectionPanel collection="home" />);
    const picker = await screen.findByLabelText(en('cms.translation.picker'));
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English (default)', 'French', 'Arabic']);
    const addInEnglish = en('cms.translation.addInDefault', { language: 'English' });
    expect(screen.queryByText(addInEnglish)).not.toBeInTheDocument();

    await user.selectOptions(picker, 'fr');
    // Records are added in the default language only.
    expect(screen.getByText(addInEnglish)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit “Kindergarten”' }));
    const form = within(await screen.findByRole('form', { name: 'Home banner record in French' }));
    expect(screen.getByRole('heading', { name: 'Home banner: the French text' })).toBeInTheDocument();

    const title = form.getByLabelText('Title');
    expect(title).toHaveValue('Apprendre en jouant');
    expect(title).toHaveAttribute('lang', 'fr');
    expect(title).not.toHaveAccessibleDescription();
    const small = form.getByLabelText('Small heading');
    expect(small).toHaveValue('');
    expect(small).toHaveAttribute('placeholder', 'Kindergarten');
    expect(small).toHaveAccessibleDescription('Not translated — shows “Kindergarten”');
    expect(form.getByLabelText('Description')).toHaveAccessibleDescription(
      'Not translated — shows “Every child learns through play.”',
    );
    // The icon-less home banner has no pictures here: nothing shared to mention.
    expect(
      form.queryByText(en('cms.translation.sharedNote', { defaultLanguage: 'English' })),
    ).not.toBeInTheDocument();

    await user.type(small, 'Jardin d’enfants');
    expect(small).not.toHaveAccessibleDescription();
    await user.clear(title);
    expect(title).toHaveAccessibleDescription('Not translated — shows “Learning Is Fun”');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.sent('PUT', TRANSLATION_URL)).toHaveLength(1));
    expect(api.sent('PUT', TRANSLATION_URL)[0]?.body).toEqual({
      heading: 'Jardin d’enfants',
      heading2: '',
      learm_more: '',
      discription: '',
    });
    expect(await screen.findByText(en('cms.translation.saved', { language: 'French' }))).toBeInTheDocument();
    // Back at the list, still writing French.
    expect(await screen.findByLabelText(en('cms.translation.picker'))).toHaveValue('fr');
  });

  it('previews the French page with the unsaved text, and saves nothing', async () => {
    const previewUrl = `${TRANSLATION_URL}/preview`;
    const api = mockApi({
      'GET /api/home': { data: [HOME] },
      [`GET ${TRANSLATION_URL}`]: { data: FRENCH },
      [`POST ${previewUrl}`]: (call: { body: unknown }) =>
        new Response(
          `<!doctype html><html lang="fr"><head></head><body><h1>${(call.body as { heading2: string }).heading2}</h1></body></html>`,
          { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
        ),
    });
    const { user } = renderCms(<CollectionPanel collection="home" />);
    await user.selectOptions(await screen.findByLabelText(en('cms.translation.picker')), 'fr');
    await user.click(screen.getByRole('button', { name: 'Edit “Kindergarten”' }));
    const form = within(await screen.findByRole('form', { name: 'Home banner record in French' }));
    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), 'Un brouillon');
    await user.click(form.getByRole('button', { name: 'Preview' }));

    // The French page's address: the default language's pages have none.
    const frame = await screen.findByTitle('Preview of the page /fr with the unsaved changes');
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Un brouillon</h1>');
    expect(api.sent('POST', previewUrl)[0]?.body).toEqual({
      heading: '',
      heading2: 'Un brouillon',
      learm_more: '',
      discription: '',
    });
    expect(api.sent('PUT', TRANSLATION_URL)).toHaveLength(0);
    expect(form.getByLabelText('Title')).toHaveValue('Un brouillon');
  });

  it('shows the server’s refusal at the field and keeps what was typed', async () => {
    const api = mockApi({
      'GET /api/home': { data: [HOME] },
      [`GET ${TRANSLATION_URL}`]: { data: FRENCH },
      [`PUT ${TRANSLATION_URL}`]: () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'heading: Not that word',
              details: [{ field: 'heading', message: 'Not that word' }],
            },
          },
          400,
        ),
    });
    const { user } = renderCms(<CollectionPanel collection="home" />);
    await user.selectOptions(await screen.findByLabelText(en('cms.translation.picker')), 'fr');
    await user.click(screen.getByRole('button', { name: 'Edit “Kindergarten”' }));
    const form = within(await screen.findByRole('form', { name: 'Home banner record in French' }));
    await user.type(form.getByLabelText('Small heading'), 'Maternelle');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Not that word')).toBeInTheDocument();
    expect(form.getByLabelText('Small heading')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Small heading')).toHaveValue('Maternelle');
    expect(api.sent('PUT', TRANSLATION_URL)).toHaveLength(1);
  });

  it('in the pseudo-locale, says everything through the catalogs; in Arabic, marks the fallback in Arabic', async () => {
    mockApi({
      'GET /api/home': { data: [HOME] },
      [`GET ${TRANSLATION_URL}`]: { data: FRENCH },
      'GET /api/admin/content/home/1/translations/ar': {
        data: { ...FRENCH, language: 'ar', fields: { ...FRENCH.fields, heading2: '' } },
      },
    });
    const pseudo = renderCms(<CollectionPanel collection="home" />, 'en-XA');
    const picker = await screen.findByRole('combobox');
    await pseudo.user.selectOptions(picker, 'fr');
    const pseudoT = testTranslator('en-XA').t;
    await pseudo.user.click(
      screen.getByRole('button', { name: pseudoT('cms.collection.editLabel', { summary: 'Kindergarten' }) }),
    );
    await screen.findByRole('form');
    const data = [
      ...Object.values(HOME).filter((v): v is string => typeof v === 'string'),
      'Apprendre en jouant',
      // react-toastify's name of its region (the app's toasts are the layout's, not the editor's).
      'Notifications Alt+T',
    ];
    expect(untranslatedTexts(document.body, data)).toEqual([]);
    pseudo.unmount();

    const arabic = testTranslator('ar');
    const view = renderCms(<CollectionPanel collection="home" />, 'ar');
    await view.user.selectOptions(await screen.findByRole('combobox'), 'ar');
    await view.user.click(
      screen.getByRole('button', { name: arabic.t('cms.collection.editLabel', { summary: 'Kindergarten' }) }),
    );
    const form = await screen.findByRole('form');
    expect(within(form).getByLabelText(arabic.t('cms.field.home.heading2'))).toHaveAccessibleDescription(
      arabic.t('cms.translation.notTranslated', { text: 'Learning Is Fun' }),
    );
    expect(within(form).getByLabelText(arabic.t('cms.field.home.heading2'))).toHaveAttribute('dir', 'rtl');
  });

  it('offers no picker when the school speaks one language', async () => {
    mockApi({ 'GET /api/home': { data: [HOME] } });
    const { queryClient } = renderCms(<CollectionPanel collection="home" />);
    queryClient.setQueryData(['settings'], { ...TEST_SCHOOL, languages: ['en'] });
    expect(await screen.findByRole('button', { name: 'Edit “Kindergarten”' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByLabelText(en('cms.translation.picker'))).not.toBeInTheDocument(),
    );
  });
});

describe('the school’s languages under School', () => {
  const settingsForm = () => within(screen.getByRole('form', { name: 'School settings' }));
  const echo = ({ body }: { body: unknown }) => jsonResponse({ data: body });

  it('shows the default and offered languages and saves a change', async () => {
    const api = mockApi({ 'PUT /api/admin/settings': echo });
    const { user } = renderCms(<SchoolSettingsPanel />);
    expect(settingsForm().getByLabelText('Default language')).toHaveValue('en');
    const offered = within(settingsForm().getByRole('group', { name: 'Languages offered' }));
    expect(offered.getByLabelText('English')).toBeChecked();
    expect(offered.getByLabelText('French')).toBeChecked();
    expect(offered.getByLabelText('Arabic')).toBeChecked();

    await user.click(offered.getByLabelText('Arabic'));
    await user.selectOptions(settingsForm().getByLabelText('Default language'), 'fr');
    await user.click(settingsForm().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/admin/settings')).toHaveLength(1));
    expect(api.sent('PUT', '/api/admin/settings')[0]?.body).toMatchObject({
      language: 'fr',
      languages: ['en', 'fr'],
    });
  });

  it('refuses a default language the school does not offer, before sending', async () => {
    const api = mockApi({ 'PUT /api/admin/settings': echo });
    const { user } = renderCms(<SchoolSettingsPanel />);
    const offered = within(settingsForm().getByRole('group', { name: 'Languages offered' }));
    await user.click(offered.getByLabelText('Arabic'));
    await user.selectOptions(settingsForm().getByLabelText('Default language'), 'ar');
    await user.click(settingsForm().getByRole('button', { name: 'Save' }));
    expect(await settingsForm().findByText(LANGUAGE_MESSAGES.defaultNotOffered)).toBeInTheDocument();
    expect(settingsForm().getByLabelText('Default language')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PUT', '/api/admin/settings')).toHaveLength(0);
  });
});
