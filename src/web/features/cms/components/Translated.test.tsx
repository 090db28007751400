import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTENT_COLLECTION_NAMES, CONTENT_COLLECTIONS } from '../../../../shared/api/content.js';
import { CONTENT_ICON_NAMES } from '../../../components/ui/icons.js';
import { testTranslator, untranslatedTexts } from '../../../test/i18n.js';
import { TEST_SCHOOL } from '../../../test/school.js';
import { collectionTitleKey, fieldLabelKey, iconLabelKey } from '../lib/labels.js';
import { mockApi, renderCms, testMedia } from '../testing/render-cms.js';
import { BackupCard } from './BackupCard.js';
import { CollectionPanel } from './CollectionPanel.js';
import { MediaLibrary } from './MediaLibrary.js';
import { RecordForm } from './RecordForm.js';
import { SchoolSettingsPanel } from './SchoolSettingsPanel.js';
import { WebsiteEditor } from './WebsiteEditor.js';

/** The editor's screens in the pseudo-locale (no plain English but the test's data) and in French or Arabic. */

const MEDIA = testMedia({
  name: 'c'.repeat(32),
  height: 600,
  widths: [400, 800],
  alt: 'Sandpit',
  originalName: 'sandpit.jpg',
  bytes: 52_000,
  usedBy: [{ collection: 'gallery', id: 30 }],
});
const SITE_PICTURE = {
  image: 'demo/scenes/hero-1-800.webp',
  alt: 'Children under a rainbow',
  usedBy: [{ collection: 'home', id: 1 }],
};
const FACILITY = {
  id: 19,
  image: 'bi-bus-front',
  heading: 'Safe School Bus',
  discription: 'Door to door',
  images: [],
};
const ABOUT = {
  id: 1,
  heading1: '',
  heading2: '',
  heading3: 'Small classes#Kind teachers',
  discription: '',
  learn_more: '',
  images: [],
};

/** react-toastify's name of its region (the app's toasts are the layout's, not the editor's). */
const TOASTS = 'Notifications Alt+T';

const school = TEST_SCHOOL as unknown as Record<string, unknown> & { socialLinks: Record<string, string> };
/** What the school settings form shows of the test school: its own data, not the editor's words. */
const SCHOOL_DATA = [
  ...Object.values(school).filter((value): value is string => typeof value === 'string'),
  ...Object.values(school.socialLinks),
  'Twitter',
  'Facebook',
  'LinkedIn',
  'Instagram',
];

describe('the website editor’s names', () => {
  it('has a title for every collection, a label for every field and a name for every icon', () => {
    const english = testTranslator();
    const keys = [
      ...CONTENT_COLLECTION_NAMES.flatMap((name) => [
        collectionTitleKey(name),
        ...Object.values(CONTENT_COLLECTIONS[name].fields).map((field) => fieldLabelKey(name, field.wire)),
      ]),
      ...CONTENT_ICON_NAMES.map(iconLabelKey),
    ];
    expect(keys.filter((key) => english.t(key) === key)).toEqual([]);
    for (const name of CONTENT_COLLECTION_NAMES) {
      expect(english.t(collectionTitleKey(name))).toBe(CONTENT_COLLECTIONS[name].title);
    }
  });
});

describe('the website editor in the pseudo-locale', () => {
  it('the sections and a collection', async () => {
    mockApi({
      'GET /api/admin/media': { data: [], sitePictures: [] },
      'GET /api/home': {
        data: [
          {
            id: 1,
            heading: 'Welcome',
            heading2: 'Our school',
            learm_more: 'More',
            discription: 'Hi',
            images: [],
          },
        ],
      },
    });
    const { container } = renderCms(<WebsiteEditor />, 'en-XA');
    await screen.findByText('Welcome');
    expect(untranslatedTexts(container, ['Welcome', TOASTS])).toEqual([]);
  });

  it('a record’s form: fields, icon picker, pictures, categories, check-list', async () => {
    mockApi({ 'GET /api/admin/media': { data: [MEDIA], sitePictures: [SITE_PICTURE] } });
    const facility = renderCms(
      <RecordForm collection="facilities" record={FACILITY} position={0} onDone={() => {}} />,
      'en-XA',
    );
    expect(untranslatedTexts(facility.container, ['Safe School Bus', 'Door to door', TOASTS])).toEqual([]);
    facility.unmount();

    const pictures = [
      { image: MEDIA.image, alt: 'Sandpit' },
      { image: MEDIA.image, alt: 'Swings' },
    ];
    const home = renderCms(
      <RecordForm
        collection="home"
        record={{
          id: 1,
          heading: 'Welcome',
          heading2: 'Our school',
          learm_more: 'More',
          discription: 'Hi',
          images: pictures,
        }}
        position={0}
        onDone={() => {}}
      />,
      'en-XA',
    );
    const sources = home.container.querySelectorAll<HTMLButtonElement>('button[aria-pressed]');
    await home.user.click(sources[1] as HTMLButtonElement);
    await screen.findByText('Children under a rainbow');
    const homeData = [
      'Welcome',
      'Our school',
      'More',
      'Hi',
      'Sandpit',
      'Swings',
      'Children under a rainbow',
      TOASTS,
    ];
    expect(untranslatedTexts(home.container, homeData)).toEqual([]);
    await home.user.click(sources[0] as HTMLButtonElement);
    expect(untranslatedTexts(home.container, homeData)).toEqual([]);
    home.unmount();

    const gallery = renderCms(
      <RecordForm
        collection="gallery"
        record={{
          id: 30,
          heading1: 'Gallery',
          heading2: 'Our days',
          images: [{ image: MEDIA.image, alt: 'Sandpit', category: 'Playing' }],
        }}
        position={0}
        onDone={() => {}}
      />,
      'en-XA',
    );
    expect(untranslatedTexts(gallery.container, ['Gallery', 'Our days', 'Sandpit', TOASTS])).toEqual([]);
    gallery.unmount();

    const about = renderCms(
      <RecordForm collection="about" record={ABOUT} position={0} onDone={() => {}} />,
      'en-XA',
    );
    expect(untranslatedTexts(about.container, ['Small classes', 'Kind teachers', TOASTS])).toEqual([]);
  });

  it('a collection whose last record the page does not show, and the delete question', async () => {
    mockApi({ 'GET /api/facilities': { data: [FACILITY] } });
    const { container, user } = renderCms(<CollectionPanel collection="facilities" />, 'en-XA');
    await screen.findByText('Safe School Bus');
    expect(untranslatedTexts(container, ['Safe School Bus', TOASTS])).toEqual([]);
    const buttons = container.querySelectorAll<HTMLButtonElement>('.cms-records__actions button');
    await user.click(buttons[buttons.length - 1] as HTMLButtonElement);
    expect(untranslatedTexts(await screen.findByRole('alertdialog'), ['Safe School Bus'])).toEqual([]);
  });

  it('the school settings and the backup card', async () => {
    mockApi({
      'GET /api/admin/backup/status': {
        data: {
          everyHours: 24,
          keep: 7,
          lastRun: {
            startedAt: '2026-11-25T02:00:00.000Z',
            finishedAt: '2026-11-25T02:01:00.000Z',
            state: 'ok',
            fileName: 'schoolyard-2026-11-25.tar.gz',
            bytes: 1_468_006,
            message: null,
          },
        },
      },
    });
    const { container } = renderCms(
      <>
        <SchoolSettingsPanel />
        <BackupCard />
      </>,
      'en-XA',
    );
    await screen.findByText(/schoolyard-2026-11-25/);
    expect(
      untranslatedTexts(container, [
        ...SCHOOL_DATA,
        'schoolyard-2026-11-25.tar.gz',
        'npm run restore',
        'Nov',
        TOASTS,
      ]),
    ).toEqual([]);
  });

  it('the media library', async () => {
    mockApi({ 'GET /api/admin/media': { data: [MEDIA], sitePictures: [SITE_PICTURE] } });
    const { container } = renderCms(<MediaLibrary />, 'en-XA');
    await screen.findByText('sandpit.jpg');
    expect(
      untranslatedTexts(container, [
        'sandpit.jpg',
        'Sandpit',
        'Children under a rainbow',
        'hero-1-800.webp',
        TOASTS,
      ]),
    ).toEqual([]);
  });
});

describe('the website editor in French and Arabic', () => {
  it('French: the sections, a collection’s title and the school settings', async () => {
    mockApi({
      'GET /api/admin/media': { data: [], sitePictures: [] },
      'GET /api/home': { data: [] },
    });
    const { user } = renderCms(<WebsiteEditor />, 'fr');
    const nav = within(await screen.findByRole('navigation', { name: 'Sections du site web' }));
    expect(nav.getByRole('button', { name: 'Bannière d’accueil' })).toBeInTheDocument();
    expect(await screen.findByText('Aucun élément pour le moment.')).toBeInTheDocument();
    await user.click(nav.getByRole('button', { name: 'École' }));
    const form = within(await screen.findByRole('form', { name: 'Paramètres de l’école' }));
    expect(form.getByLabelText('Nom de l’école')).toHaveValue(TEST_SCHOOL.name);
    expect(
      await screen.findByText(
        'Les sauvegardes programmées sont désactivées (BACKUP_EVERY_HOURS du serveur).',
      ),
    ).toBeInTheDocument();
  });

  it('Arabic: the media library with its sizes and uses', async () => {
    mockApi({ 'GET /api/admin/media': { data: [MEDIA], sitePictures: [SITE_PICTURE] } });
    renderCms(<MediaLibrary />, 'ar');
    expect(await screen.findByRole('heading', { name: 'مكتبة الوسائط' })).toBeInTheDocument();
    expect(screen.getByText('800 × 600، 51 كيلوبايت')).toBeInTheDocument();
    expect(screen.getByText('مستخدمة في معرض الصور رقم 30')).toBeInTheDocument();
    expect(screen.getByText('مستخدمة في لافتة الصفحة الرئيسية رقم 1')).toBeInTheDocument();
  });
});
