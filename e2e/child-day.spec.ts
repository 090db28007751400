import path from 'node:path';
import Database from 'better-sqlite3';
import { USER_TYPE } from '../src/shared/constants.js';
import { blockingViolations } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { samplePng } from './support/forms.js';

/**
 * The child's day, shared (docs/decisions/0078-the-daily-log.md, 0079-photo-consent.md,
 * 0080-conversations.md, 0082-the-parents-day.md), in the browser: a teacher logs lunch for three
 * children at once on Today and shares a photo of two of them; the parent of one sees both in the
 * child's day on their dashboard and downloads the photo; the parent of a fourth child sees neither;
 * a parent sends "Late pick-up 17:30" and the teacher sees it on Today, and unread in the navigation.
 *
 * This spec makes its own teacher, class, four pupils and their parents in the database (the demo
 * is not changed), each named with a stamp of this run, so it can run beside the others and again.
 */

interface Pupil {
  id: number;
  name: string;
  parentEmail: string;
}

interface Seeded {
  teacherEmail: string;
  className: string;
  pupils: [Pupil, Pupil, Pupil, Pupil];
}

function openDb(): Database.Database {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the specs with scripts/e2e.mjs');
  return new Database(path.join(dataDir, 'schoolyard.sqlite'));
}

/** Care details with every photo consent given: each family may see photos of the children together. */
const CONSENTING_CARE = JSON.stringify({
  emergencyContacts: [],
  medical: { allergies: '', conditions: '', medications: [], doctorName: '', doctorPhone: '' },
  pickups: [],
  photoConsent: { website: false, ownFamily: true, otherFamilies: true },
});

function seed(stamp: string): Seeded {
  const db = openDb();
  try {
    const now = new Date().toISOString();
    const user = (type: string, name: string, email: string): number =>
      (
        db
          .prepare(
            `insert into app_user (name, designation, description, type, gender, dob, address, contact,
               email, email_key, password_hash, social_link, status, created_at, updated_at)
             select ?, ?, '', ?, 'Other', '2000-01-01', '1 Day Road', '+1 555 0100', ?, ?,
               password_hash, '', 'active', ?, ?
             from app_user where email_key = 'teacher@demo.school'
             returning id`,
          )
          .get(name, type, type, email, email.toLowerCase(), now, now) as { id: number }
      ).id;
    const teacherEmail = `day.teacher.${stamp}@example.com`;
    const teacher = user(USER_TYPE.teacher, `Tess Day ${stamp}`, teacherEmail);
    const className = `Day Class ${stamp}`;
    const classId = (
      db
        .prepare('insert into school_class (name, name_key) values (?, ?) returning id')
        .get(className, className.toLowerCase()) as { id: number }
    ).id;
    const { subjectId } = db.prepare('select min(id) as subjectId from subject').get() as {
      subjectId: number;
    };
    const { slotId } = db.prepare('select min(id) as slotId from time_slot').get() as { slotId: number };
    const assignment = (
      db
        .prepare(
          `insert into class_assignment (teacher_id, class_id, subject_id, time_slot_id, created_at)
           values (?, ?, ?, ?, ?) returning id`,
        )
        .get(teacher, classId, subjectId, slotId, now) as { id: number }
    ).id;
    for (const day of [1, 2, 3, 4, 5, 6, 7])
      db.prepare(
        'insert into assignment_day (assignment_id, day, teacher_id, class_id, time_slot_id) values (?, ?, ?, ?, ?)',
      ).run(assignment, day, teacher, classId, slotId);
    const pupil = (first: string): Pupil => {
      const name = `${first} ${stamp}`;
      const id = user(USER_TYPE.student, name, `day.${first.toLowerCase()}.${stamp}@example.com`);
      db.prepare(
        'insert into enrolment (student_id, class_id, started_on, ended_on) values (?, ?, ?, null)',
      ).run(id, classId, '2026-09-01');
      db.prepare(
        `insert into care_record (student_id, document, has_allergy, updated_at, updated_by)
         values (?, ?, 0, ?, null)`,
      ).run(id, CONSENTING_CARE, now);
      // The consents are the ledger's (docs/decisions/0111-consent-as-a-ledger.md).
      for (const [kind, given] of [
        ['website', 0],
        ['ownFamily', 1],
        ['otherFamilies', 1],
      ] as const) {
        db.prepare(
          `insert into consent_entry (student_id, kind, given, at, how) values (?, ?, ?, ?, 'paper')`,
        ).run(id, kind, given, now);
      }
      const parentEmail = `day.parent.${first.toLowerCase()}.${stamp}@example.com`;
      const parent = user(USER_TYPE.parent, `Parent of ${name}`, parentEmail);
      db.prepare(
        'insert into guardian (parent_id, student_id, relationship, created_at) values (?, ?, ?, ?)',
      ).run(parent, id, 'Mother', now);
      return { id, name, parentEmail };
    };
    return {
      teacherEmail,
      className,
      pupils: [pupil('Ada'), pupil('Ben'), pupil('Cleo'), pupil('Dev')],
    };
  } finally {
    db.close();
  }
}

test.describe('the child’s day, shared', () => {
  test.use({ bypassCSP: true });

  test('lunch for three and a photo of two reach the right families; a late pick-up reaches Today', async ({
    browser,
    page,
    logInAs,
  }, testInfo) => {
    test.setTimeout(150_000);
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const school = seed(stamp);
    const [ada, ben, cleo, dev] = school.pupils;
    const caption = `Building a tower ${stamp}`;
    await logInAs(school.teacherEmail);

    await test.step('the teacher logs lunch for three children at once on Today', async () => {
      await page.goto('/today');
      const log = page.getByRole('region', { name: 'Daily log' });
      const chips = log.getByRole('list', { name: 'Children' });
      for (const child of [ada, ben, cleo]) await chips.getByRole('button', { name: child.name }).click();
      await expect(log.getByText('3 children chosen')).toBeVisible();
      await log.getByRole('button', { name: 'Meal: all' }).click();
      await expect(log.getByText('Logged for 3 children.')).toBeVisible();
    });

    await test.step('the teacher shares a photo of two of them', async () => {
      await page.goto('/photos');
      const form = page.getByRole('form', { name: 'Share a moment' });
      await form.getByLabel('Photos (1 to 10)').setInputFiles({
        name: 'tower.png',
        mimeType: 'image/png',
        buffer: samplePng(640),
      });
      await form.getByLabel('Caption').fill(caption);
      // Each child is a toggle button: the label a finger taps, over a hidden checkbox.
      for (const child of [ada, ben]) {
        await form.locator('label', { hasText: child.name }).click();
        await expect(form.getByLabel(child.name)).toBeChecked();
      }
      await form.getByLabel('Everyone visible in the photos is tagged').check();
      await form.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByText('The moment was shared with the families who may see it.')).toBeVisible();
    });

    const parentOf = async (child: Pupil) => {
      const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 780 } });
      const token = await logInAs(child.parentEmail, context);
      return { context, token, page: await context.newPage() };
    };

    await test.step('Ada’s parent sees lunch and the photo in her day, and downloads the photo', async () => {
      const parent = await parentOf(ada);
      await parent.page.goto('/dashboard');
      const today = parent.page.getByRole('main').getByRole('region', { name: 'Today' });
      const timeline = today.getByRole('list', { name: `${ada.name}’s day` });
      await expect(timeline.getByText('Meal: Lunch')).toBeVisible();
      await expect(timeline.getByText(`A photo: ${caption}`)).toBeVisible();
      const moment = timeline.getByRole('article', { name: caption });
      await expect(moment.getByRole('img')).toBeVisible();
      const download = parent.page.waitForEvent('download');
      await moment.getByRole('button', { name: 'Download photo 1' }).click();
      expect((await download).suggestedFilename()).toMatch(/\.webp$/);
      expect(await blockingViolations(parent.page, '/dashboard', 360)).toEqual([]);
      await testInfo.attach('parent-day-360', {
        body: await parent.page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
      await parent.context.close();
    });

    await test.step('Dev’s parent sees neither, and Ada’s day is not theirs to open', async () => {
      const parent = await parentOf(dev);
      await parent.page.goto('/dashboard');
      const today = parent.page.getByRole('main').getByRole('region', { name: 'Today' });
      await expect(today.getByText('Nothing logged yet for this day.')).toBeVisible();
      await expect(parent.page.getByText(caption)).toHaveCount(0);
      const headers = { authorization: `Bearer ${parent.token}` };
      const photos = await parent.page.request.get(`/api/photo-moments?childId=${ada.id}`, { headers });
      // Another family's child is as unknown to this parent as a child who does not exist.
      expect(photos.status()).toBe(404);
      expect((await parent.page.request.get(`/api/pupils/${ada.id}/day`, { headers })).status()).toBe(404);
      await parent.context.close();
    });

    await test.step('Ben’s parent sends “Late pick-up 17:30”; the teacher sees it on Today', async () => {
      const parent = await parentOf(ben);
      await parent.page.goto(`/conversations/${ben.id}`);
      const main = parent.page.getByRole('main');
      await main.getByLabel('Late pick-up', { exact: true }).check();
      await main.getByLabel('Pick-up time').fill('17:30');
      await main.getByRole('button', { name: 'Send' }).click();
      await expect(main.getByText('Late pick-up at 17:30')).toBeVisible();
      expect(await blockingViolations(parent.page, '/conversations/:id', 360)).toEqual([]);
      await testInfo.attach('parent-conversation-360', {
        body: await parent.page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
      await parent.context.close();

      await page.goto('/today');
      const notes = page.getByRole('main').getByRole('region', { name: 'Families’ messages for today' });
      await expect(notes.getByText(`${ben.name}: late pick-up at 17:30`)).toBeVisible();
      // Not yet read in the conversation: the navigation's Messages says so (one message, the new teacher's only).
      await expect(
        page
          .getByRole('navigation', { name: 'School area' })
          .getByRole('link', { name: 'Messages, 1 unread' }),
      ).toBeVisible();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await blockingViolations(page, '/today', width)).toEqual([]);
      }
    });
  });
});
