import crypto from 'node:crypto';
import sharp from 'sharp';
import { mediaWidthsFor } from '../../shared/media-files.js';
import { dateInZone } from '../../shared/school-time.js';
import type { Db } from '../db/connect.js';
import type { FileStore } from '../lib/file-store/file-store.js';
import { FileExistsError } from '../lib/file-store/file-store.js';
import { zonedInstant } from './care.js';
import { CLASS_TEACHER, PRINCIPAL, STUDENT_EMAIL, STUDENT2_EMAIL } from './people.js';
import { createRandom, seedFrom } from './random.js';
import {
  artClass,
  lunchbox,
  natureGarden,
  paintTable,
  parachute,
  readingTree,
  type Scene,
  storyCircle,
  svgDocument,
} from './scenes.js';
import { schoolDaysBefore } from './school.js';

/**
 * A week of photo moments for the demo classes (docs/decisions/0079-photo-consent.md), drawn like
 * the demo's other pictures (scenes.ts) and dated on the school days before the demo's today. The
 * demo's consents (care.ts) make the matrix visible: the demo parent sees the KG moments of Aisha
 * with Chloe or Omar, but not the story circle, where Ethan is tagged (his photos are shared with his
 * own family only); Ethan's family sees it.
 */

/** Each photo is drawn in this size and stored in the media widths up to it. */
const PHOTO = { width: 640, height: 480 } as const;

interface DemoMoment {
  /** Days before today (1: the school day before). */
  daysAgo: number;
  hour: number;
  minute: number;
  className: keyof typeof CLASS_TEACHER;
  caption: string;
  /** Pupils by their email or name. */
  children: readonly string[];
  scenes: readonly Scene[];
}

const DEMO_MOMENTS: readonly DemoMoment[] = [
  {
    daysAgo: 5,
    hour: 10,
    minute: 20,
    className: 'KG',
    caption: 'Sponge painting: big orange suns for the hallway.',
    children: [STUDENT_EMAIL, 'Chloe Dubois'],
    scenes: [paintTable],
  },
  {
    daysAgo: 4,
    hour: 11,
    minute: 5,
    className: 'KG',
    caption: 'Story circle: everyone guessed what the caterpillar would eat next.',
    children: [STUDENT_EMAIL, 'Ethan Walker'],
    scenes: [storyCircle],
  },
  {
    daysAgo: 4,
    hour: 9,
    minute: 40,
    className: 'Nursery',
    caption: 'Parachute games in the hall.',
    children: ['Zara Ahmed'],
    scenes: [parachute],
  },
  {
    daysAgo: 3,
    hour: 14,
    minute: 15,
    className: 'KG',
    caption: 'We planted beans in the garden and gave them names.',
    children: [STUDENT_EMAIL, 'Omar Siddiqui', 'Chloe Dubois'],
    scenes: [natureGarden, artClass],
  },
  {
    daysAgo: 2,
    hour: 12,
    minute: 30,
    className: 'Class 1',
    caption: 'Reading under the tree after lunch.',
    children: [STUDENT2_EMAIL],
    scenes: [readingTree],
  },
  {
    daysAgo: 1,
    hour: 12,
    minute: 10,
    className: 'KG',
    caption: 'Lunch together: Omar and Chloe shared their fruit.',
    children: ['Omar Siddiqui', 'Chloe Dubois'],
    scenes: [lunchbox],
  },
];

interface DrawnPhoto {
  name: string;
  widths: number[];
}

/** The stored name of a demo photo: 32 hex digits from its moment and place, the same on every seeding. */
const photoName = (moment: number, n: number): string =>
  crypto.createHash('sha256').update(`demo-moment-${moment}-${n}`).digest('hex').slice(0, 32);

/**
 * Draws the demo moments' photos into the store (`moments/<name>-<width>.webp`) and answers them by
 * moment. Before the seeding's transaction: the database file store writes through its own
 * connection. A photo already stored is kept.
 */
export async function writeDemoMomentPhotos(files: FileStore): Promise<DrawnPhoto[][]> {
  const widths = mediaWidthsFor(PHOTO.width);
  const drawn: DrawnPhoto[][] = [];
  for (const [index, moment] of DEMO_MOMENTS.entries()) {
    const photos: DrawnPhoto[] = [];
    for (const [place, scene] of moment.scenes.entries()) {
      const name = photoName(index, place + 1);
      const svg = svgDocument(
        PHOTO.width,
        PHOTO.height,
        scene(createRandom(seedFrom(`moment-${name}`)), PHOTO.width, PHOTO.height),
      );
      for (const width of widths) {
        const stored = `moments/${name}-${width}.webp`;
        if (await files.stat(stored)) continue;
        const bytes = await sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 80 }).toBuffer();
        try {
          await files.putBytes(stored, bytes);
        } catch (error) {
          if (!(error instanceof FileExistsError)) throw error;
        }
      }
      photos.push({ name, widths });
    }
    drawn.push(photos);
  }
  return drawn;
}

/** Writes the demo moments (inside the seeding's transaction), with the photos writeDemoMomentPhotos stored. */
export async function writeDemoMoments(
  trx: Db,
  photos: readonly DrawnPhoto[][],
  today: number,
  timeZone: string,
  now: Date = new Date(today),
): Promise<void> {
  const pupils = await trx
    .selectFrom('app_user')
    .select(['id', 'name', 'email_key'])
    .where('type', '=', 'Student')
    .execute();
  const staff = await trx
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('type', 'in', ['Teacher', 'Principle'])
    .execute();
  // The school's today, as the register's demo days count it (care.ts).
  const schoolToday = Math.min(today, Date.parse(dateInZone(now, timeZone)));
  const days = schoolDaysBefore(schoolToday, Math.max(...DEMO_MOMENTS.map((m) => m.daysAgo)));
  for (const [index, moment] of DEMO_MOMENTS.entries()) {
    const day = days[moment.daysAgo - 1];
    if (!day) continue;
    const poster =
      staff.find((s) => s.name === CLASS_TEACHER[moment.className]) ??
      staff.find((s) => s.name === PRINCIPAL.name);
    const children = moment.children.map((who) => {
      const pupil = pupils.find((p) => p.email_key === who || p.name === who);
      if (!pupil) throw new Error(`Demo photo moments: unknown pupil ${who}`);
      return pupil.id;
    });
    const { id } = await trx
      .insertInto('photo_moment')
      .values({
        caption: moment.caption,
        posted_by: poster?.id ?? null,
        posted_by_name: poster?.name ?? PRINCIPAL.name,
        posted_at: zonedInstant(day, moment.hour, moment.minute, timeZone),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('photo_moment_photo')
      .values(
        (photos[index] ?? []).map((photo, place) => ({
          moment_id: id,
          position: place + 1,
          name: photo.name,
          widths: photo.widths.join(','),
          width: PHOTO.width,
          height: PHOTO.height,
        })),
      )
      .execute();
    await trx
      .insertInto('photo_moment_child')
      .values(children.map((studentId) => ({ moment_id: id, student_id: studentId })))
      .execute();
  }
}
