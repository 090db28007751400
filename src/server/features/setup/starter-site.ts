import sharp from 'sharp';
import type { ContentCollection, ContentFields, ContentImage } from '../../../shared/api/content.js';
import type { Db } from '../../db/connect.js';
import {
  BRIGHT,
  COLORS,
  cloud,
  crayon,
  flower,
  grassTufts,
  hills,
  openBook,
  book as schoolBook,
  schoolHouse,
  skyGradient,
  sun,
  tree,
} from '../../demo/art.js';
import { createRandom } from '../../demo/random.js';
import { FileExistsError, type FileStore } from '../../lib/file-store/file-store.js';
import { insertContentRecord } from '../content/content.repository.js';

/**
 * The starter site of a real school (docs/decisions/0053-a-starter-site-for-a-real-school.md): what
 * the public pages show right after set-up, instead of empty frames. Short texts that name the
 * school and say honestly that more is coming, written to be replaced in the website editor; two
 * drawn pictures with no people in them; the headings of the sections that stay hidden until the
 * school adds their records (classes, gallery). No facilities, classes, teachers, testimonials or
 * posts: any of those would be a claim about a school we know nothing of.
 */

/** Folder under the uploads directory that holds the starter site's pictures. */
export const STARTER_IMAGE_FOLDER = 'starter';

interface StarterPicture {
  image: string;
  width: number;
  height: number;
  draw: (w: number, h: number) => string;
}

const svg = (w: number, h: number, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** A school house on a green hill under a sunny sky: the home banner's picture. */
function schoolOnAHill(w: number, h: number): string {
  const rng = createRandom(53);
  const horizon = h * 0.66;
  return [
    `<defs>${skyGradient('sky', '#7CCBFA', '#E8F8FF')}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    sun(w * 0.84, h * 0.16, Math.min(w, h) * 0.075),
    cloud(w * 0.16, h * 0.16, h / 600),
    cloud(w * 0.5, h * 0.1, (h / 600) * 0.85),
    hills(w, h, horizon, '#9BDB8A', '#74C56B', rng),
    tree(w * 0.14, horizon + 40, (h / 600) * 1.25, '#4FA95B', COLORS.red),
    tree(w * 0.86, horizon + 30, (h / 600) * 1.05, '#5DB85F'),
    schoolHouse(w * 0.5, horizon + h * 0.14, (h / 600) * 1.35, '#FFB562', COLORS.red),
    flower(w * 0.3, h * 0.9, h / 600, COLORS.yellow),
    flower(w * 0.7, h * 0.92, h / 600, COLORS.pink),
    grassTufts(w, h * 0.88, rng),
  ].join('');
}

/** Books, an open book and crayons on a warm table: the about section's picture. */
function booksAndCrayons(w: number, h: number): string {
  const s = h / 450;
  const parts = [
    `<rect width="${w}" height="${h}" fill="#FFF3C4"/>`,
    `<rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="#F4D6A0"/>`,
  ];
  const shelf = [COLORS.red, COLORS.blue, COLORS.green, COLORS.yellow, COLORS.purple, COLORS.orange];
  shelf.forEach((color, i) => {
    const bookHeight = (110 + (i % 3) * 18) * s;
    parts.push(schoolBook(w * 0.1 + i * 34 * s, h * 0.62 - bookHeight, 30 * s, bookHeight, color));
  });
  parts.push(openBook(w * 0.66, h * 0.74, 2.6 * s, COLORS.blue));
  BRIGHT.slice(0, 4).forEach((color, i) => {
    parts.push(crayon(w * 0.14 + i * 40 * s, h * 0.86 + (i % 2) * 14 * s, 90 * s, -8 + i * 5, color));
  });
  return parts.join('');
}

/** The starter site's pictures: one file each, in the width its section shows at most. */
export const STARTER_PICTURES = {
  hero: {
    image: `${STARTER_IMAGE_FOLDER}/school-house.webp`,
    width: 800,
    height: 600,
    draw: schoolOnAHill,
  },
  about: {
    image: `${STARTER_IMAGE_FOLDER}/books-and-crayons.webp`,
    width: 600,
    height: 450,
    draw: booksAndCrayons,
  },
} as const satisfies Record<string, StarterPicture>;

/**
 * Draws the starter pictures into the file store, keeping any already there (a restart before
 * set-up, several processes on one store). Done at the empty start that opens the set-up, so the
 * set-up itself only writes rows.
 */
export async function writeStarterPictures(files: FileStore): Promise<void> {
  for (const picture of Object.values(STARTER_PICTURES)) {
    if (await files.stat(picture.image)) continue;
    const bytes = await sharp(
      Buffer.from(svg(picture.width, picture.height, picture.draw(picture.width, picture.height))),
    )
      .webp({ quality: 80 })
      .toBuffer();
    try {
      await files.putBytes(picture.image, bytes);
    } catch (error) {
      if (!(error instanceof FileExistsError)) throw error;
    }
  }
}

interface StarterRecord<C extends ContentCollection> {
  fields: ContentFields<C>;
  images: ContentImage[];
}

type StarterContent = { [C in ContentCollection]?: StarterRecord<C>[] };

/** The starter site's records for the school called `schoolName`, in display order. */
export function starterContent(schoolName: string): StarterContent {
  return {
    home: [
      {
        fields: {
          heading: `Welcome to ${schoolName}`,
          title: 'A place to learn and grow',
          learnMoreLabel: 'About us',
          description: `This is the new website of ${schoolName}. Soon you will find here our classes, our teachers and news from school life. Until then, we are glad to answer your questions: write to us on the contact page.`,
        },
        images: [
          {
            image: STARTER_PICTURES.hero.image,
            alt: 'Drawing of a small school house on a green hill under a sunny sky',
          },
        ],
      },
    ],
    about: [
      // Record 0 holds the check-list: empty until the school writes what sets it apart.
      {
        fields: { label: '', title: '', checklist: '', description: '', learnMoreLabel: '' },
        images: [],
      },
      {
        fields: {
          label: 'About Us',
          title: `About ${schoolName}`,
          checklist: '',
          description: `${schoolName} will tell its story here: when it opened, what it believes in and what a day with us looks like. If you would like to visit before then, please get in touch.`,
          learnMoreLabel: '',
        },
        images: [{ image: STARTER_PICTURES.about.image, alt: 'Drawing of books, an open book and crayons' }],
      },
    ],
    // Headings only: the sections stay hidden until the school adds classes or pictures.
    class: [{ fields: { label: 'Our Classes', title: `Classes at ${schoolName}` }, images: [] }],
    gallery: [{ fields: { label: 'Our Gallery', title: `Life at ${schoolName}` }, images: [] }],
    contacts: [
      {
        fields: {
          label: 'Get In Touch',
          title: 'Contact Us',
          description: `Questions about ${schoolName}, admissions or a visit? Send us a message with this form and we will answer as soon as we can.`,
          address: '',
          email: '',
          phone: '',
          openingHours: '',
        },
        images: [],
      },
    ],
  };
}

/** Writes the starter site's records, in the caller's transaction (the set-up's). */
export async function plantStarterSite(trx: Db, schoolName: string): Promise<void> {
  const content = starterContent(schoolName);
  for (const collection of Object.keys(content) as ContentCollection[]) {
    const records = (content[collection] ?? []) as StarterRecord<typeof collection>[];
    for (const [position, record] of records.entries()) {
      await insertContentRecord(trx, collection, record.fields, record.images, position);
    }
  }
}
