import type { ContentCollection, ContentFields, ContentImage } from '../../shared/api/content.js';
import { type DemoPicture, demoImage, SCENE_PICTURES, sceneImage } from './images.js';
import { DEMO_SEATS, PARENTS, PRINCIPAL, SCHOOL_CONTACT, SCHOOL_NAME, TEACHERS } from './people.js';

/**
 * The public pages of the demo school, collection by collection, under the internal field names
 * of CONTENT_COLLECTIONS. Records are listed in display order.
 */

export interface DemoRecord<C extends ContentCollection> {
  fields: ContentFields<C>;
  images: ContentImage[];
}

export type DemoContent = { [C in ContentCollection]: DemoRecord<C>[] };

const img = (picture: DemoPicture, alt: string, category?: ContentImage['category']): ContentImage =>
  category ? { image: sceneImage(picture), alt, category } : { image: sceneImage(picture), alt };

/** The gallery's pictures, category by category, in the order given. */
const galleryImages = (
  byCategory: Record<NonNullable<ContentImage['category']>, [DemoPicture, string][]>,
): ContentImage[] =>
  Object.entries(byCategory).flatMap(([category, pictures]) =>
    pictures.map(([picture, alt]) => img(picture, alt, category as ContentImage['category'])),
  );

const photo = (file: string, alt: string): ContentImage => ({ image: demoImage(file), alt });

const P = SCENE_PICTURES;

export function demoContent(): DemoContent {
  const [amara, daniel, priya, hannah] = TEACHERS;
  if (!amara || !daniel || !priya || !hannah) throw new Error('The demo needs at least four teachers');
  return {
    home: [
      {
        fields: {
          heading: 'Kids Learning Center',
          title: 'New Approach to Kids Education',
          learnMoreLabel: 'Learn More',
          description: `At ${SCHOOL_NAME} children learn through play, curiosity and kindness. Small classes, caring teachers and a bright, safe campus help your little one grow in confidence from the very first day.`,
        },
        images: [
          img(
            P.hero,
            'Illustration of four happy children with balloons in front of a small school house under a rainbow',
          ),
        ],
      },
    ],
    about: [
      {
        fields: {
          label: '',
          title: '',
          checklist:
            'Small classes of no more than twenty children#Qualified teachers trained in early years education#Healthy breakfast and lunch cooked fresh every day#A safe campus with a big outdoor play garden#A weekly note to parents about every child’s progress',
          description: '',
          learnMoreLabel: '',
        },
        images: [],
      },
      {
        fields: {
          label: 'Learn About Us',
          title: 'Best School For Your Kids',
          checklist: '',
          description: `${SCHOOL_NAME} opened its doors in 2009 with one classroom and twelve children. Today four classes, from Nursery to Class 2, share a sunny building, a vegetable garden and a library full of picture books. We follow each child’s pace, celebrate small steps and keep parents close to everything we do.`,
          learnMoreLabel: 'Learn More',
        },
        images: [
          img(P.about1, 'A teacher reading a big picture book to a group of smiling children'),
          img(P.about2, 'Children building a tower of colourful blocks in the playroom'),
        ],
      },
    ],
    class: [
      {
        fields: { label: 'Popular Classes', title: 'Classes for Your Kids' },
        images: [],
      },
    ],
    // The four classes of the school (demo/people.ts CLASS_NAMES): each card names its class (the
    // demo's writer links them by title) and shows its free seats (docs/decisions/0101-seats-that-mean-something.md).
    kidsclasses: [
      {
        fields: {
          title: 'Nursery',
          description:
            'Our youngest explore colour, shape and texture with crayons, finger paint and clay, and learn to play together. Every term ends with a small exhibition for families.',
          ageOfKids: '3 - 4 Years',
          totalSeats: `${DEMO_SEATS.Nursery} Seats`,
          classTime: '08 am - 12 pm',
          tuitionFee: '$290 / Month',
          classId: '',
        },
        images: [img(P.classDrawing, 'A child painting a house and a sun on an easel in the art room')],
      },
      {
        fields: {
          title: 'KG',
          description:
            'Stories, songs and rhymes build vocabulary and a love of books. Children take a library book home every Friday to share with their family.',
          ageOfKids: '4 - 5 Years',
          totalSeats: `${DEMO_SEATS.KG} Seats`,
          classTime: '08 am - 01 pm',
          tuitionFee: '$250 / Month',
          classId: '',
        },
        images: [img(P.classReading, 'Two children reading picture books beside a colourful bookshelf')],
      },
      {
        fields: {
          title: 'Class 1',
          description:
            'Hands-on discovery in our school garden: planting seeds, watching butterflies and asking lots of “why?” questions with a magnifying glass, beside first reading and numbers.',
          ageOfKids: '5 - 6 Years',
          totalSeats: `${DEMO_SEATS['Class 1']} Seats`,
          classTime: '08 am - 02 pm',
          tuitionFee: '$270 / Month',
          classId: '',
        },
        images: [
          img(P.classScience, 'A child looking at flowers through a magnifying glass in the school garden'),
        ],
      },
      {
        fields: {
          title: 'Class 2',
          description:
            'Reading, writing and maths every morning, and every afternoon outdoors: sport, the garden and projects the class chooses together.',
          ageOfKids: '6 - 7 Years',
          totalSeats: `${DEMO_SEATS['Class 2']} Seats`,
          classTime: '08 am - 03 pm',
          tuitionFee: '$270 / Month',
          classId: '',
        },
        images: [img(P.blogOutdoor, 'Three children flying colourful kites on a green hill on a sunny day')],
      },
    ],
    comments: PARENTS.map((parent) => ({
      fields: { name: parent.name, designation: parent.designation, quote: parent.quote },
      images: parent.photo ? [photo(parent.photo, `Portrait of ${parent.name}`)] : [],
    })),
    teacher: [amara, daniel, priya, hannah].map((t, index) => ({
      fields: {
        label: index === 0 ? 'Our Teachers' : '',
        title: index === 0 ? 'Meet Our Teachers' : '',
        name: t.name,
        designation: t.designation,
      },
      images: [photo(t.photo, `Portrait of ${t.name}, ${t.designation.toLowerCase()}`)],
    })),
    blog: [
      {
        fields: {
          label: 'Latest Blog',
          title: 'Latest Articles From Blog',
          heading: 'Five Ways to Make Bedtime Reading Magical',
          description:
            'A story at bedtime is one of the best gifts you can give a young child. Let your child choose the book, use a different voice for every character, pause to guess what happens next, and keep the lights low. Ten cosy minutes a night build vocabulary, imagination and a lifelong love of books.',
          author: amara.name,
          category: 'Reading',
        },
        images: [img(P.blogReading, 'A child reading a book by lamplight at bedtime next to a teddy bear')],
      },
      {
        fields: {
          label: '',
          title: '',
          heading: 'Healthy Lunchbox Ideas Your Kids Will Actually Eat',
          description:
            'Colour is the secret: a rainbow of carrot sticks, grapes, apple slices and a wholemeal sandwich cut into triangles. Let your child help pack the box the evening before, add a bottle of water instead of juice, and keep treats for Fridays. Our kitchen team shares a new recipe every month.',
          author: priya.name,
          category: 'Health & Nutrition',
        },
        images: [
          img(
            P.blogLunch,
            'An open lunchbox with a sandwich, carrot sticks, grapes, an apple and a water bottle',
          ),
        ],
      },
      {
        fields: {
          label: '',
          title: '',
          heading: 'Why Outdoor Play Matters More Than Ever',
          description:
            'Running, climbing and flying a kite are not breaks from learning, they are learning. Outdoor play builds balance, confidence and friendships, and children come back to the classroom calmer and ready to focus. That is why every class at Sunny Meadows spends at least an hour outside every day, rain or shine.',
          author: PRINCIPAL.name,
          category: 'Play & Development',
        },
        images: [img(P.blogOutdoor, 'Three children flying colourful kites on a green hill on a sunny day')],
      },
    ],
    facilities: [
      {
        fields: {
          icon: 'bi-bus-front',
          heading: 'Safe School Bus',
          description:
            'Door-to-door pick-up on six routes, with a trained attendant on every bus and a message to parents at each stop.',
        },
        images: [],
      },
      {
        fields: {
          icon: 'bi-egg-fried',
          heading: 'Healthy Meals',
          description:
            'A balanced breakfast and lunch cooked fresh in our own kitchen, with vegetarian and allergy-friendly choices.',
        },
        images: [],
      },
      {
        fields: {
          icon: 'bi-palette',
          heading: 'Art & Creativity',
          description:
            'A bright art room with paints, clay and a junk-modelling corner, open to every class every week.',
        },
        images: [],
      },
      {
        fields: {
          icon: 'bi-music-note-beamed',
          heading: 'Music & Dance',
          description:
            'Singing, rhythm games and movement every morning, plus a little concert for families each term.',
        },
        images: [],
      },
      {
        fields: {
          icon: 'bi-shield-check',
          heading: 'Safe & Secure Campus',
          description:
            'Secure gates, a signed pick-up list and staff trained in paediatric first aid and child protection.',
        },
        images: [],
      },
      {
        fields: {
          icon: 'bi-tree',
          heading: 'Outdoor Play Garden',
          description:
            'Slides, swings, a sandpit and a vegetable patch where children grow their own snacks.',
        },
        images: [],
      },
    ],
    gallery: [
      {
        fields: { label: 'Our Gallery', title: 'Our Kids School Gallery' },
        images: galleryImages({
          Playing: [
            [P.playing1, 'A girl on the swing and a boy at the foot of the yellow slide in the playground'],
            [P.playing2, 'Children flying bright kites on the school field'],
            [P.playing3, 'Four children lifting a rainbow play parachute high above their heads'],
            [P.playing4, 'Two children playing with building blocks and a beach ball in the playroom'],
          ],
          Drawing: [
            [P.drawing1, 'A child painting at the easel in the art room'],
            [P.drawing2, 'A crayon drawing of a house, the sun and a happy family'],
            [P.drawing3, 'Chalk drawings of the sun, a house and a rainbow on the classroom board'],
            [P.drawing4, 'Three children painting a rainbow together at the craft table'],
          ],
          Reading: [
            [P.reading1, 'Children reading picture books in the school library'],
            [P.reading2, 'Three children reading books under an orange tree'],
            [P.reading3, 'Story time: a teacher reading aloud to the class'],
            [P.reading4, 'A bedtime story with a teddy bear in the reading corner'],
          ],
        }),
      },
    ],
    blogdetails: [
      {
        fields: {
          label: 'Play & Development',
          title: 'Why Outdoor Play Matters More Than Ever',
          description:
            'Children today spend more time indoors than any generation before them. At Sunny Meadows we think the playground is one of our most important classrooms, and here is why.',
        },
        images: [],
      },
      {
        fields: {
          label: `By ${PRINCIPAL.name}`,
          title: 'Learning happens everywhere',
          description:
            'Watch a group of four-year-olds on the climbing frame and you will see planning, turn-taking, counting and a great deal of courage. Play outside is how young children test ideas with their whole bodies.',
        },
        images: [img(P.blogLead, 'Children playing on the slide and the swing in the school playground')],
      },
      {
        fields: {
          label: 'What the research says',
          title: 'Stronger bodies, calmer minds',
          description:
            'Active outdoor play strengthens muscles and balance, helps children sleep better and improves attention when they come back inside. Fresh air and daylight lift everyone’s mood, teachers included.\n\nJust as important are the social lessons: agreeing the rules of a game, waiting for a turn on the swing, helping a friend who has fallen over. These are the first steps towards empathy and teamwork.',
        },
        images: [],
      },
      {
        fields: {
          label: 'At Sunny Meadows',
          title: 'How we do it every day',
          description:
            'Every class spends at least an hour outside each day. We keep spare boots and raincoats for everyone, grow vegetables in our garden and take a short nature walk every week. Parents are welcome to join our Saturday garden mornings.',
        },
        images: [],
      },
      {
        fields: {
          label: PRINCIPAL.name,
          title: `Principal, ${SCHOOL_NAME}`,
          description: PRINCIPAL.description,
        },
        images: [photo(PRINCIPAL.photo, `Portrait of ${PRINCIPAL.name}, principal`)],
      },
    ],
    contacts: [
      {
        fields: {
          label: 'Get In Touch',
          title: 'Contact Us For Any Query',
          description:
            'Questions about admissions, fees or a visit? Write to us or drop by: our office team answers every message within one school day.',
          // The school's facts: the same as its settings (the contact panel shows those).
          ...SCHOOL_CONTACT,
        },
        images: [],
      },
    ],
  };
}
