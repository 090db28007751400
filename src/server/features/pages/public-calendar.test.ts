import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicCalendarSchema } from '../../../shared/api/public-calendar.js';
import { DEFAULT_SCHOOL_SETTINGS } from '../../../shared/school-settings.js';
import { shortDate } from '../../../shared/school-time.js';
import { renderer } from '../../../web/entry-server.js';
import { parsedMessagesFor, translatorFor } from '../../lib/i18n.js';
import type { TestApp } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/databases.js';
import { createPagesTestApp } from '../../test/pages-app.js';
import { bearer, tokenOf } from '../users/test-helpers.js';

/**
 * The school calendar on the public home page (docs/decisions/0088-closed-days.md): the current
 * year's terms and its public dates, server-rendered in the page's language, from the kept answer
 * of `GET /api/calendar/public`, renewed when the calendar or the years change.
 */

const PUBLIC_URL = 'https://school.test';

/** The text of `#root`, tags removed, entities decoded. */
const visibleText = (html: string): string =>
  html
    .slice(html.indexOf('<div id="root">'))
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    // React's markers between two texts of one element are no space.
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe.each(TEST_ENGINES)('the public calendar (%s)', (engine) => {
  let t: TestApp;
  let principal: string;

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { demo: true, publicUrl: PUBLIC_URL });
    principal = await tokenOf(t.app, 'principal@demo.school');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const calendar = async () => {
    const res = await t.app.inject({ url: '/api/calendar/public' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    return PublicCalendarSchema.parse(res.json());
  };

  it('answers the current year’s terms and only its public dates, to anyone', async () => {
    const { year, dates } = await calendar();
    const current = await t.db
      .selectFrom('school_year')
      .select(['id', 'name'])
      .where('is_current', '=', 1)
      .executeTakeFirstOrThrow();
    const terms = await t.db
      .selectFrom('school_term')
      .select(['name', 'first_day as firstDay', 'last_day as lastDay'])
      .where('year_id', '=', current.id)
      .orderBy('first_day')
      .execute();
    expect(year).toEqual({ name: current.name, terms });
    const titles = dates.map((date) => date.title);
    // The demo's public sports day and whole-school holiday, not the KG trip nor the Nursery's closure.
    expect(titles).toEqual(expect.arrayContaining(['Sports day', 'Holiday week: the school is closed']));
    expect(titles).not.toContain('KG trip to Meadow Farm');
    expect(titles).not.toContain('Nursery closed: staff training day');
  });

  it('renders the terms and public dates on the home page, and renders afresh after a change', async () => {
    const { year, dates } = await calendar();
    const html = (await t.app.inject({ url: '/' })).body;
    const text = visibleText(html);
    expect(text).toContain('Term Dates and Events');
    for (const term of year?.terms ?? []) {
      expect(text).toContain(term.name);
      expect(text).toContain(shortDate(term.firstDay));
    }
    const sports = dates.find((date) => date.title === 'Sports day');
    expect(text).toContain(`${shortDate(sports?.startDate ?? '')} , 09:30–14:00 Sports day The school field`);
    expect(text).toContain('School closed: Holiday week: the school is closed');
    expect(html).toMatch(/<section class="school-calendar section-pad" aria-labelledby="[^"]+"/);
    expect(text).not.toContain('KG trip');

    // A new public event shows on the next render of the page; cancelling it takes it off.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/calendar',
      headers: bearer(principal),
      payload: {
        kind: 'event',
        title: 'Open morning for new families',
        startDate: sports?.startDate,
        startTime: '10:00',
        endTime: '12:00',
        audience: 'everyone',
        public: true,
      },
    });
    expect(added.statusCode).toBe(201);
    expect(visibleText((await t.app.inject({ url: '/' })).body)).toContain('Open morning for new families');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/calendar/${added.json().data.id}/cancellation`,
      headers: bearer(principal),
    });
    expect(visibleText((await t.app.inject({ url: '/' })).body)).not.toContain('Open morning');
  });

  it('speaks the page’s language: French and Arabic', async () => {
    const french = visibleText((await t.app.inject({ url: '/fr' })).body);
    expect(french).toContain('Dates des trimestres et événements');
    expect(french).toContain('École fermée :');
    const arabic = visibleText((await t.app.inject({ url: '/ar' })).body);
    expect(arabic).toContain('مواعيد الفصول الدراسية والفعاليات');
    expect(arabic).toContain('المدرسة مغلقة:');
  });
});

describe('a home page whose calendar the server could not read', () => {
  it('is not rendered: the app renders it in the browser', async () => {
    const rendering = renderer.renderPage({
      url: `${PUBLIC_URL}/`,
      settings: DEFAULT_SCHOOL_SETTINGS,
      publicUrl: PUBLIC_URL,
      readContent: async () => [],
      readBlogComments: async () => [],
      readPublicCalendar: async () => {
        throw new Error('the store is not answering');
      },
      readAdmissionSeats: async () => ({ year: null, classes: [] }),
      basename: '',
      translator: translatorFor('en'),
      islandMessages: (areas) => parsedMessagesFor('en', areas),
    });
    await expect(rendering).rejects.toThrow('could not be rendered');
  });
});
