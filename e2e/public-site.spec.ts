import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { splitChecklist } from '../src/shared/api/content.js';
import {
  BLOG_DEFAULTS,
  GALLERY_CATEGORIES,
  MESSAGES,
  TESTIMONIAL_AUTOPLAY_MS,
} from '../src/shared/constants.js';
import { expectIslandsHydrated } from './support/islands.js';

/**
 * The public site against the demo school (docs/contract/product.md#public-pages): every page at a phone and
 * a desktop width, with the texts taken from the API, plus the carousel, the gallery filters and lightbox,
 * and the contact form's messages.
 */

type WireRecord = Record<string, string> & {
  id: number;
  images: { image: string; alt: string; category?: string }[];
};

async function content(request: APIRequestContext, collection: string): Promise<WireRecord[]> {
  const response = await request.get(`/api/${collection}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: WireRecord[] };
  expect(body.data.length).toBeGreaterThan(0);
  return body.data;
}

const first = (records: WireRecord[]): WireRecord => records[0] as WireRecord;

/** Waits until no section is loading any more and the page's interactive parts have hydrated. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectIslandsHydrated(page);
}

async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

const section = (page: Page, title: string): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

async function expectAbout(page: Page, request: APIRequestContext): Promise<void> {
  const about = await content(request, 'about');
  const main = about[1] as WireRecord;
  const block = section(page, main.heading2 as string);
  await expect(block).toBeVisible();
  await expect(block.getByText(main.heading1 as string, { exact: true })).toBeVisible();
  await expect(block.getByText(main.discription as string)).toBeVisible();
  for (const item of splitChecklist(first(about).heading3)) {
    await expect(block.getByRole('listitem').filter({ hasText: item })).toBeVisible();
  }
  for (const image of main.images) await expect(block.getByRole('img', { name: image.alt })).toBeVisible();
  await expect(block.getByRole('link', { name: main.learn_more as string })).toBeVisible();
}

async function expectFacilities(page: Page, request: APIRequestContext): Promise<void> {
  for (const facility of await content(request, 'facilities')) {
    const heading = page.getByRole('heading', { level: 3, name: facility.heading as string, exact: true });
    await expect(heading).toBeVisible();
    await expect(page.getByText(facility.discription as string)).toBeVisible();
  }
}

async function expectClasses(page: Page, request: APIRequestContext): Promise<void> {
  const heading = first(await content(request, 'class'));
  const block = section(page, heading.heading2 as string);
  await expect(block.getByText(heading.heading1 as string, { exact: true })).toBeVisible();
  const classes = await content(request, 'kidsclasses');
  // The free seats of the class a card names (docs/decisions/0101-seats-that-mean-something.md).
  const seats = (await (await request.get('/api/admissions/seats')).json()) as {
    classes: { classId: number; free: number | null }[];
  };
  const freeOf = (classId: unknown) => seats.classes.find((row) => String(row.classId) === classId)?.free;
  await expect(block.getByRole('article')).toHaveCount(classes.length);
  for (const kidsClass of classes) {
    const card = block.getByRole('article').filter({
      has: page.getByRole('heading', { level: 3, name: kidsClass.heading as string, exact: true }),
    });
    await expect(card.getByText(kidsClass.discription as string)).toBeVisible();
    const free = freeOf(kidsClass.class_id);
    const seatsText =
      free === undefined || free === null
        ? (kidsClass.total_seat as string)
        : free === 0
          ? 'Waiting list'
          : `${free} ${free === 1 ? 'seat' : 'seats'} left`;
    for (const [label, text] of [
      ['Age of Kids', kidsClass.age_of_kids as string],
      [free === undefined || free === null ? 'Total Seats' : 'Free seats', seatsText],
      ['Class Time', kidsClass.class_time as string],
      ['Tuition Fee', kidsClass.tution_fee as string],
    ] as const) {
      const row = card.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
      await expect(row.getByRole('cell')).toHaveText(text);
    }
    await expect(card.getByRole('link', { name: /^Join Now/ })).toHaveAttribute(
      'href',
      new RegExp(`\\?seat=${kidsClass.id}#book-a-seat$`),
    );
  }
}

async function expectBookASeat(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Book A Seat' });
  await expect(form.getByLabel('Your Name')).toBeVisible();
  await expect(form.getByLabel('Your Email')).toBeVisible();
  await expect(form.getByLabel('Select A Class')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Book Now' })).toBeVisible();
}

async function expectTeachers(page: Page, request: APIRequestContext): Promise<void> {
  const teachers = await content(request, 'teacher');
  const block = section(page, first(teachers).heading2 as string);
  await expect(block.getByText(first(teachers).heading1 as string, { exact: true })).toBeVisible();
  for (const teacher of teachers) {
    const card = block.getByRole('article').filter({
      has: page.getByRole('heading', { level: 3, name: teacher.teacher_name as string }),
    });
    await expect(card.getByText(teacher.designation as string, { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: teacher.images[0]?.alt })).toBeVisible();
  }
}

async function expectTestimonials(page: Page, request: APIRequestContext): Promise<void> {
  const comments = await content(request, 'comments');
  const carousel = page.getByRole('region', { name: 'Testimonials' });
  await expect(section(page, 'What Parents Say!')).toBeVisible();
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(comments.length);
  await expect(carousel.getByRole('button', { name: /^Go to testimonial \d+$/ })).toHaveCount(
    comments.length,
  );
}

async function expectBlog(page: Page, request: APIRequestContext, count: number): Promise<void> {
  const posts = await content(request, 'blog');
  const block = section(page, first(posts).heading2 as string);
  await expect(block.getByText(first(posts).heading1 as string, { exact: true })).toBeVisible();
  const shown = posts.slice(0, count);
  await expect(block.getByRole('article')).toHaveCount(shown.length);
  for (const post of shown) {
    const card = block.getByRole('article').filter({
      has: page.getByRole('heading', { level: 3, name: post.heading as string }),
    });
    await expect(card.getByText(post.author || BLOG_DEFAULTS.author, { exact: true })).toBeVisible();
    await expect(card.getByText(post.category || BLOG_DEFAULTS.category, { exact: true })).toBeVisible();
    // Each card has its own post's text (clamped visually, whole in the page).
    await expect(card.locator('.blog-card__text')).toHaveText(post.discription as string);
    await expect(card.getByRole('link', { name: /^Read More/ })).toHaveAttribute(
      'href',
      `/blogdetail?post=${post.id}`,
    );
  }
}

for (const width of [375, 1280]) {
  test.describe(`public pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('/ shows the hero and every home section', async ({ page, request }) => {
      const home = first(await content(request, 'home'));
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.heading2 as string);
      await settled(page);
      await expectFacilities(page, request);
      await expectAbout(page, request);
      await expectClasses(page, request);
      await expectBookASeat(page);
      await expectTeachers(page, request);
      await expectTestimonials(page, request);
      await expectBlog(page, request, 3);
      await expectNoHorizontalScroll(page, width);
    });

    test('/about shows the about section, facilities and teachers', async ({ page, request }) => {
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
      await settled(page);
      await expectAbout(page, request);
      await expectFacilities(page, request);
      await expectTeachers(page, request);
      await expectNoHorizontalScroll(page, width);
    });

    test('/class shows the class cards and Book A Seat', async ({ page, request }) => {
      await page.goto('/class');
      await expect(page.getByRole('heading', { level: 1, name: 'Class' })).toBeVisible();
      await settled(page);
      await expectClasses(page, request);
      await expectBookASeat(page);
      await expectNoHorizontalScroll(page, width);
    });

    test('/teacher shows the teachers and the testimonials', async ({ page, request }) => {
      await page.goto('/teacher');
      await expect(page.getByRole('heading', { level: 1, name: 'Teacher' })).toBeVisible();
      await settled(page);
      await expectTeachers(page, request);
      await expectTestimonials(page, request);
      await expectNoHorizontalScroll(page, width);
    });

    test('/gallery shows the heading, the filters and every picture', async ({ page, request }) => {
      const gallery = first(await content(request, 'gallery'));
      await page.goto('/gallery');
      await settled(page);
      const block = section(page, gallery.heading2 as string);
      await expect(block.getByText(gallery.heading1 as string, { exact: true })).toBeVisible();
      for (const name of ['All', ...GALLERY_CATEGORIES]) {
        await expect(block.getByRole('button', { name, exact: true })).toBeVisible();
      }
      await expect(block.locator('.gallery__grid img')).toHaveCount(gallery.images.length);
      await expectNoHorizontalScroll(page, width);
    });

    test('/blog shows every post', async ({ page, request }) => {
      const posts = await content(request, 'blog');
      await page.goto('/blog');
      await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
      await settled(page);
      await expectBlog(page, request, posts.length);
      await expectNoHorizontalScroll(page, width);
    });

    test('/blogdetail shows the post, the author card, comments, form and sidebar', async ({
      page,
      request,
    }) => {
      const entries = await content(request, 'blogdetails');
      await page.goto('/blogdetail');
      await settled(page);
      const article = page.getByRole('article');
      await expect(article.getByRole('heading', { level: 2 })).toHaveText(first(entries).heading2 as string);
      await expect(article.getByText(first(entries).discription as string)).toBeVisible();
      const leadImage = entries.slice(0, 3).flatMap((entry) => entry.images)[0];
      if (leadImage) await expect(article.getByRole('img', { name: leadImage.alt })).toBeVisible();
      const author = entries[4] as WireRecord;
      const card = page.getByRole('region', { name: 'About the author' });
      await expect(card.getByRole('heading', { name: author.heading1 as string })).toBeVisible();
      await expect(card.getByText(author.heading2 as string)).toBeVisible();
      // The approved comments (docs/decisions/0049-blog-comments.md): other specs may have had one
      // approved, so the count is read, not fixed.
      await expect(page.getByRole('heading', { level: 2, name: /^\d+ Comments?$/ })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Leave a comment' })).toBeVisible();
      await expect(page.getByRole('searchbox', { name: 'Search the blog' })).toBeVisible();
      for (const title of ['Categories', 'Recent Posts', 'Tag Cloud', 'Related Posts']) {
        await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      }
      await expectNoHorizontalScroll(page, width);
    });

    test('/contact shows the form and the contact details', async ({ page, request }) => {
      const contact = first(await content(request, 'contacts'));
      await page.goto('/contact');
      await settled(page);
      await expect(page.getByRole('heading', { level: 2, name: contact.heading2 as string })).toBeVisible();
      await expect(page.getByText(contact.heading1 as string, { exact: true }).first()).toBeVisible();
      const form = page.getByRole('form', { name: 'Contact us' });
      for (const label of ['Your Name', 'Your Email', 'Subject', 'Message']) {
        await expect(form.getByLabel(label, { exact: true })).toBeVisible();
      }
      const panel = page.getByRole('complementary', { name: 'How to reach us' });
      await expect(panel.getByText(contact.discription as string)).toBeVisible();
      for (const field of ['address', 'email', 'phone', 'opening_hour']) {
        await expect(panel.getByText(contact[field] as string, { exact: true })).toBeVisible();
      }
      await expectNoHorizontalScroll(page, width);
    });
  });
}

/** Which testimonial the carousel shows (1-based), read from its current dot. */
async function currentTestimonial(page: Page): Promise<number> {
  const label = await page
    .getByRole('region', { name: 'Testimonials' })
    .locator('button[aria-current="true"]')
    .getAttribute('aria-label');
  return Number(label?.replace('Go to testimonial ', ''));
}

/**
 * Opens /teacher on Playwright's clock (installed before the page loads, so the carousel's timers are
 * fake ones) and waits until the carousel island has hydrated. The clock still runs on its own until
 * a test pauses it; `runFor` moves it on without waiting.
 */
async function openCarousel(page: Page): Promise<Locator> {
  await page.clock.install();
  await page.goto('/teacher');
  await settled(page);
  const carousel = page.getByRole('region', { name: 'Testimonials' });
  // The dots appear once the carousel has measured its slides.
  await expect(carousel.getByRole('button', { name: 'Go to testimonial 1' })).toBeVisible();
  return carousel;
}

/** Whether the carousel rotates by itself now (its slides are announced only while it does not). */
const track = (carousel: Locator): Locator => carousel.locator('.testimonial-carousel__track');

test.describe('the testimonial carousel', () => {
  test('advances by itself every 2 seconds', async ({ page }) => {
    const carousel = await openCarousel(page);
    const count = await carousel.getByRole('button', { name: /^Go to testimonial/ }).count();
    expect(count).toBeGreaterThan(1);
    await test.step('stop the clock, and start the rotation afresh on it', async () => {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      // Hovering stops the rotation; leaving starts its 2 s timer again, at the paused clock's time.
      await carousel.hover();
      await expect(track(carousel)).toHaveAttribute('aria-live', 'polite');
      await page.mouse.move(0, 0);
      await expect(track(carousel)).toHaveAttribute('aria-live', 'off');
    });
    const before = await currentTestimonial(page);
    await test.step('nothing moves before 2 s', async () => {
      await page.clock.runFor(TESTIMONIAL_AUTOPLAY_MS - 1);
      expect(await currentTestimonial(page)).toBe(before);
    });
    await test.step('one slide on at 2 s, and one more at 4 s', async () => {
      await page.clock.runFor(1);
      await expect.poll(() => currentTestimonial(page)).toBe((before % count) + 1);
      await page.clock.runFor(TESTIMONIAL_AUTOPLAY_MS);
      await expect.poll(() => currentTestimonial(page)).toBe(((before + 1) % count) + 1);
    });
    await expect(carousel.locator('.is-selected')).toHaveCount(1);
  });

  test('moves with its arrows, its dots and the arrow keys, and stays put while focused', async ({
    page,
  }) => {
    const carousel = await openCarousel(page);
    const count = await carousel.getByRole('button', { name: /^Go to testimonial/ }).count();
    expect(count).toBeGreaterThan(1);

    await test.step('the dots and the arrows', async () => {
      await carousel.getByRole('button', { name: 'Go to testimonial 1' }).click();
      await expect.poll(() => currentTestimonial(page)).toBe(1);
      await carousel.getByRole('button', { name: 'Next testimonial' }).click();
      await expect.poll(() => currentTestimonial(page)).toBe(2);
      await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
      await expect.poll(() => currentTestimonial(page)).toBe(1);
      await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
      await expect.poll(() => currentTestimonial(page)).toBe(count); // it loops
    });

    await test.step('the arrow keys, and no rotation while focused', async () => {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => currentTestimonial(page)).toBe(1);
      // Focus is inside the carousel: it does not rotate by itself, however long it waits.
      await expect(track(carousel)).toHaveAttribute('aria-live', 'polite');
      await page.clock.runFor(TESTIMONIAL_AUTOPLAY_MS * 2);
      expect(await currentTestimonial(page)).toBe(1);
    });
  });

  test('does not move by itself when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const carousel = await openCarousel(page);
    await page.mouse.move(0, 0);
    await expect(track(carousel)).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(TESTIMONIAL_AUTOPLAY_MS * 2);
    expect(await currentTestimonial(page)).toBe(1);
    await expect(page.getByRole('button', { name: 'Play testimonials' })).toBeVisible();
  });
});

test('a gallery filter shows only its category, and a picture opens in the lightbox until Escape', async ({
  page,
  request,
}) => {
  const gallery = first(await content(request, 'gallery'));
  const drawing = gallery.images.filter((image) => image.category === 'Drawing');
  expect(drawing.length).toBeGreaterThan(0);
  await page.goto('/gallery');
  await settled(page);

  await page.getByRole('button', { name: 'Drawing', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Drawing', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  const shown = page.locator('.gallery__grid img');
  await expect(shown).toHaveCount(drawing.length);
  expect(await shown.evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual(
    drawing.map((image) => image.alt),
  );
  for (const other of gallery.images.filter((image) => image.category !== 'Drawing')) {
    await expect(page.getByRole('button', { name: other.alt, exact: true })).toHaveCount(0);
  }

  const opener = page.getByRole('button', { name: drawing[0]?.alt, exact: true });
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: drawing[0]?.alt })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the contact form shows its four messages when sent empty', async ({ page }) => {
  await page.goto('/contact');
  await expectIslandsHydrated(page);
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  for (const message of [
    MESSAGES.enterName,
    MESSAGES.enterEmail,
    MESSAGES.enterSubject,
    MESSAGES.enterMessage,
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
});
