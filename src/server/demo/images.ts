import sharp from 'sharp';
import { demoSceneImageOf, mediaVariants } from '../../shared/media-files.js';
import { FileExistsError, type FileStore } from '../lib/file-store/file-store.js';
import { type Look, randomLook, SKIN_TONES } from './art.js';
import { APPLICANTS, type DemoPerson, PARENTS, PRINCIPAL, PUPIL_PORTRAITS, TEACHERS } from './people.js';
import { createRandom, seedFrom } from './random.js';
import {
  artClass,
  bedtimeStory,
  chalkboard,
  crayonDrawing,
  kitePark,
  library,
  lunchbox,
  natureGarden,
  paintTable,
  parachute,
  playground,
  playroom,
  portraitScene,
  readingTree,
  type Scene,
  schoolDay,
  storyCircle,
  svgDocument,
} from './scenes.js';

/** Folder under the uploads directory that holds the demo pictures. */
export const DEMO_IMAGE_FOLDER = 'demo';

/** The stored image value for a demo portrait: a path relative to /uploads/. */
export const demoImage = (file: string): string => `${DEMO_IMAGE_FOLDER}/${file}`;

export interface DemoPicture {
  file: string;
  width: number;
  height: number;
  scene: Scene;
}

const picture = (file: string, scene: Scene, width: number, height: number): DemoPicture => ({
  file,
  scene,
  width,
  height,
});

/** The scenes of the public pages, by the file name the content refers to. */
export const SCENE_PICTURES = {
  hero: picture('hero-1.webp', schoolDay, 800, 600),
  about1: picture('about-1.webp', storyCircle, 600, 450),
  about2: picture('about-2.webp', playroom, 600, 400),
  classDrawing: picture('class-drawing.webp', artClass, 600, 400),
  classReading: picture('class-reading.webp', library, 600, 400),
  classScience: picture('class-science.webp', natureGarden, 600, 400),
  blogReading: picture('blog-1.webp', bedtimeStory, 600, 400),
  blogLunch: picture('blog-2.webp', lunchbox, 600, 400),
  blogOutdoor: picture('blog-3.webp', kitePark, 600, 400),
  blogLead: picture('blog-detail.webp', playground, 800, 500),
  playing1: picture('gallery-playing-1.webp', playground, 600, 600),
  playing2: picture('gallery-playing-2.webp', kitePark, 600, 600),
  playing3: picture('gallery-playing-3.webp', parachute, 600, 600),
  playing4: picture('gallery-playing-4.webp', playroom, 600, 600),
  drawing1: picture('gallery-drawing-1.webp', artClass, 600, 600),
  drawing2: picture('gallery-drawing-2.webp', crayonDrawing, 600, 600),
  drawing3: picture('gallery-drawing-3.webp', chalkboard, 600, 600),
  drawing4: picture('gallery-drawing-4.webp', paintTable, 600, 600),
  reading1: picture('gallery-reading-1.webp', library, 600, 600),
  reading2: picture('gallery-reading-2.webp', readingTree, 600, 600),
  reading3: picture('gallery-reading-3.webp', storyCircle, 600, 600),
  reading4: picture('gallery-reading-4.webp', bedtimeStory, 600, 600),
} as const satisfies Record<string, DemoPicture>;

/**
 * The stored image value of a scene: its widest file, `demo/scenes/<name>-<width>.webp`; the
 * narrower ones follow from it (shared/media-files.ts), so the pages give them to the browser in a
 * srcset and a phone is sent the width it shows.
 */
export const sceneImage = (p: DemoPicture): string =>
  demoSceneImageOf(p.file.replace(/\.webp$/, ''), p.width);

const SCENES: ReadonlySet<DemoPicture> = new Set(Object.values(SCENE_PICTURES));

const PORTRAIT_SIZE = 300;

/** A person's cartoon look, the same every time for the same name. */
export function lookOf(person: DemoPerson, adult: boolean): Look {
  const rng = createRandom(seedFrom(person.name));
  const gender =
    person.gender === 'Female' ? 'girl' : person.gender === 'Male' ? 'boy' : rng.chance(0.5) ? 'girl' : 'boy';
  const look = randomLook(rng, {
    adult,
    gender,
    skin: SKIN_TONES[person.skin % SKIN_TONES.length] ?? SKIN_TONES[0],
  });
  if (person.hairStyle) {
    look.hairStyle = person.hairStyle;
    delete look.scarf;
  }
  if (person.glasses !== undefined) look.glasses = person.glasses;
  return look;
}

function portraitPicture(person: DemoPerson, file: string, adult: boolean): DemoPicture {
  return picture(
    file,
    portraitScene(lookOf(person, adult), adult, createRandom(seedFrom(`bg-${file}`))),
    PORTRAIT_SIZE,
    PORTRAIT_SIZE,
  );
}

/** Every picture of the demo, about forty, each drawn once. */
export function demoPictures(): DemoPicture[] {
  const list: DemoPicture[] = Object.values(SCENE_PICTURES);
  for (const staff of [PRINCIPAL, ...TEACHERS]) list.push(portraitPicture(staff, staff.photo, true));
  for (const parent of PARENTS) if (parent.photo) list.push(portraitPicture(parent, parent.photo, true));
  for (const applicant of APPLICANTS) list.push(portraitPicture(applicant, applicant.photo, true));
  for (const kid of PUPIL_PORTRAITS) list.push(portraitPicture(kid, kid.photo, false));
  const seen = new Set<string>();
  return list.filter((p) => {
    if (seen.has(p.file)) return false;
    seen.add(p.file);
    return true;
  });
}

export function pictureSvg(p: DemoPicture): string {
  return svgDocument(p.width, p.height, p.scene(createRandom(seedFrom(p.file)), p.width, p.height));
}

/** Renders one picture to WebP, `width` px wide (its own width unless narrower). */
export function renderPicture(p: DemoPicture, width = p.width): Promise<Buffer> {
  const drawn = sharp(Buffer.from(pictureSvg(p)));
  return (width < p.width ? drawn.resize({ width }) : drawn).webp({ quality: 80 }).toBuffer();
}

/** The files of one picture: every stored width of a scene, the one file of a portrait. */
function storedFiles(p: DemoPicture): { image: string; width: number }[] {
  if (!SCENES.has(p)) return [{ image: demoImage(p.file), width: p.width }];
  return mediaVariants(sceneImage(p)) ?? [{ image: sceneImage(p), width: p.width }];
}

/**
 * Draws every demo picture into the store's `demo/` folder and answers the stored files
 * (`demo/<file>`, `demo/scenes/<name>-<width>.webp`). A picture already stored is kept, not drawn again: a second seeding (another
 * process on the same database, a database emptied by hand) must not fail on the files of the
 * first, and stored files are never replaced. Runs a few renders at a time; sharp itself uses the
 * other cores.
 */
export async function writeDemoPictures(files: FileStore): Promise<string[]> {
  const renders = demoPictures().flatMap((p) => storedFiles(p).map((file) => ({ ...file, picture: p })));
  const batch = 4;
  for (let i = 0; i < renders.length; i += batch) {
    await Promise.all(
      renders.slice(i, i + batch).map(async ({ image, width, picture }) => {
        if (await files.stat(image)) return;
        try {
          await files.putBytes(image, await renderPicture(picture, width));
        } catch (error) {
          if (!(error instanceof FileExistsError)) throw error;
        }
      }),
    );
  }
  return renders.map((r) => r.image);
}
