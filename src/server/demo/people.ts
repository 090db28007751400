import { USER_TYPE } from '../../shared/constants.js';
import type { HairStyle } from './art.js';

/**
 * The people of the demo school: staff, pupils, the parents quoted on the site and two people
 * waiting for approval. Names are made up; emails use the reserved-looking `demo.school` domain.
 */

export const DEMO_DOMAIN = 'demo.school';

export const SCHOOL_NAME = 'Sunny Meadows Kids School';

/**
 * How to reach the demo school: its settings (demo/settings.ts) and its contact record (content.ts)
 * both take them from here, so the site cannot show two addresses.
 */
export const SCHOOL_CONTACT = {
  address: '14 Orchard Lane, Greenfield, GF4 2QL',
  email: `hello@${DEMO_DOMAIN}`,
  phone: '+1 555 0142 310',
  openingHours: 'Mon - Sat: 8:00 am - 4:00 pm',
} as const;

export type DemoGender = 'Male' | 'Female' | 'Other';

export interface DemoPerson {
  name: string;
  gender: DemoGender;
  /** Index into SKIN_TONES, so portraits match across the site and the school area. */
  skin: number;
  /** Fixed features, where the seeded look would make two portraits too alike. */
  hairStyle?: HairStyle;
  glasses?: boolean;
}

export interface DemoStaff extends DemoPerson {
  type: typeof USER_TYPE.teacher | typeof USER_TYPE.principal;
  email: string;
  designation: string;
  description: string;
  /** The subject a teacher normally teaches (a name from SUBJECT_NAMES). */
  subject?: string;
  age: number;
  photo: string;
}

export const CLASS_NAMES = ['Nursery', 'KG', 'Class 1', 'Class 2'] as const;
/**
 * Each class's seats in the current year (docs/decisions/0101-seats-that-mean-something.md): with the
 * ten pupils of each, a few left in most classes and Class 1 full, so its card says "Waiting list".
 */
export const DEMO_SEATS: Readonly<Record<(typeof CLASS_NAMES)[number], number>> = {
  Nursery: 13,
  KG: 12,
  'Class 1': 10,
  'Class 2': 14,
};
/** Pupils' age (in whole years) per class. */
export const CLASS_AGES: Readonly<Record<(typeof CLASS_NAMES)[number], number>> = {
  Nursery: 4,
  KG: 5,
  'Class 1': 6,
  'Class 2': 7,
};

export const SUBJECT_NAMES = [
  'English',
  'Mathematics',
  'Science',
  'Social Studies',
  'Art & Craft',
  'General Knowledge',
] as const;

export const TIME_SLOT_LABELS = [
  '08:00 - 08:45',
  '08:50 - 09:35',
  '09:40 - 10:25',
  '10:45 - 11:30',
  '11:35 - 12:20',
  '12:25 - 13:10',
] as const;

export const PRINCIPAL: DemoStaff = {
  name: 'Margaret Osei',
  gender: 'Female',
  skin: 5,
  hairStyle: 'bob',
  glasses: true,
  type: USER_TYPE.principal,
  email: `principal@${DEMO_DOMAIN}`,
  designation: 'Principal',
  description:
    'Margaret has led Sunny Meadows for twelve years. Before that she taught reception classes for a decade and still reads a story to every class once a week.',
  age: 52,
  photo: 'principal.webp',
};

/** In order: teacher@ (English), teacher2@ (Mathematics), then the other four. */
export const TEACHERS: readonly DemoStaff[] = [
  {
    name: 'Amara Okafor',
    gender: 'Female',
    skin: 4,
    type: USER_TYPE.teacher,
    email: `teacher@${DEMO_DOMAIN}`,
    designation: 'English Teacher',
    description:
      'Amara makes every lesson a story. She is the class teacher of KG and runs the Friday library club.',
    subject: 'English',
    age: 34,
    photo: 'teacher-1.webp',
  },
  {
    name: 'Daniel Whitfield',
    gender: 'Male',
    skin: 0,
    type: USER_TYPE.teacher,
    email: `teacher2@${DEMO_DOMAIN}`,
    designation: 'Mathematics Teacher',
    description:
      'Daniel turns numbers into games with dice, beads and shop role-play. He is the class teacher of Class 2.',
    subject: 'Mathematics',
    age: 41,
    photo: 'teacher-2.webp',
  },
  {
    name: 'Priya Raman',
    gender: 'Female',
    skin: 2,
    type: USER_TYPE.teacher,
    email: `priya.raman@${DEMO_DOMAIN}`,
    designation: 'Science Teacher',
    description:
      'Priya looks after the school garden and the classroom caterpillars. She is the class teacher of Class 1.',
    subject: 'Science',
    age: 29,
    photo: 'teacher-3.webp',
  },
  {
    name: 'Hannah Lindqvist',
    gender: 'Female',
    skin: 0,
    type: USER_TYPE.teacher,
    email: `hannah.lindqvist@${DEMO_DOMAIN}`,
    designation: 'Art & Craft Teacher',
    description:
      'Hannah believes every child is an artist. She is the class teacher of Nursery and organises the spring exhibition.',
    subject: 'Art & Craft',
    age: 38,
    photo: 'teacher-4.webp',
  },
  {
    name: 'Yusuf Haddad',
    gender: 'Male',
    skin: 3,
    type: USER_TYPE.teacher,
    email: `yusuf.haddad@${DEMO_DOMAIN}`,
    designation: 'Social Studies Teacher',
    description: 'Yusuf brings the world into the classroom with maps, music and food from many countries.',
    subject: 'Social Studies',
    age: 45,
    photo: 'teacher-5.webp',
  },
  {
    name: 'Mateo Alvarez',
    gender: 'Male',
    skin: 2,
    type: USER_TYPE.teacher,
    email: `mateo.alvarez@${DEMO_DOMAIN}`,
    designation: 'General Knowledge Teacher',
    description: 'Mateo runs the weekly quiz and the nature walks, and coaches the little football team.',
    subject: 'General Knowledge',
    age: 31,
    photo: 'teacher-6.webp',
  },
];

/** Which teacher's register each class is (the teacher who records attendance). */
export const CLASS_TEACHER: Readonly<Record<(typeof CLASS_NAMES)[number], string>> = {
  Nursery: 'Hannah Lindqvist',
  KG: 'Amara Okafor',
  'Class 1': 'Priya Raman',
  'Class 2': 'Daniel Whitfield',
};

export interface DemoPupil {
  first: string;
  last: string;
  gender: DemoGender;
  className: (typeof CLASS_NAMES)[number];
  /** Set for the two pupils with a demo log-in. */
  email?: string;
}

const pupil = (
  className: DemoPupil['className'],
  first: string,
  last: string,
  gender: 'M' | 'F',
  email?: string,
): DemoPupil => ({
  first,
  last,
  gender: gender === 'M' ? 'Male' : 'Female',
  className,
  ...(email ? { email } : {}),
});

export const STUDENT_EMAIL = `student@${DEMO_DOMAIN}`;
export const STUDENT2_EMAIL = `student2@${DEMO_DOMAIN}`;

export const PUPILS: readonly DemoPupil[] = [
  pupil('Nursery', 'Zara', 'Ahmed', 'F'),
  pupil('Nursery', 'Noah', 'Kim', 'M'),
  pupil('Nursery', 'Lily', 'Chen', 'F'),
  pupil('Nursery', 'Elijah', 'Brooks', 'M'),
  pupil('Nursery', 'Maya', 'Patel', 'F'),
  pupil('Nursery', 'Oscar', 'Nilsson', 'M'),
  pupil('Nursery', 'Amina', 'Diallo', 'F'),
  pupil('Nursery', 'Kai', 'Nakamura', 'M'),
  pupil('Nursery', 'Isla', 'Murphy', 'F'),
  pupil('Nursery', 'Hugo', 'Laurent', 'M'),
  pupil('KG', 'Aisha', 'Rahman', 'F', STUDENT_EMAIL),
  pupil('KG', 'Ethan', 'Walker', 'M'),
  pupil('KG', 'Chloe', 'Dubois', 'F'),
  pupil('KG', 'Omar', 'Siddiqui', 'M'),
  pupil('KG', 'Nia', 'Mensah', 'F'),
  pupil('KG', 'Diego', 'Silva', 'M'),
  pupil('KG', 'Hana', 'Sato', 'F'),
  pupil('KG', 'Samuel', 'Adeyemi', 'M'),
  pupil('KG', 'Freya', 'Johansson', 'F'),
  pupil('KG', 'Arjun', 'Mehta', 'M'),
  pupil('Class 1', 'Leo', 'Fischer', 'M', STUDENT2_EMAIL),
  pupil('Class 1', 'Jonas', 'Becker', 'M'),
  pupil('Class 1', 'Ava', 'Thompson', 'F'),
  pupil('Class 1', 'Yara', 'Khalil', 'F'),
  pupil('Class 1', 'Mohammed', 'Ali', 'M'),
  pupil('Class 1', 'Emma', 'Novak', 'F'),
  pupil('Class 1', 'Kofi', 'Asante', 'M'),
  pupil('Class 1', 'Ines', 'Costa', 'F'),
  pupil('Class 1', 'Ryan', "O'Connor", 'M'),
  pupil('Class 1', 'Mia', 'Kowalski', 'F'),
  pupil('Class 2', 'Sofia', 'Mendoza', 'F'),
  pupil('Class 2', 'Benjamin', 'Clarke', 'M'),
  pupil('Class 2', 'Layla', 'Hassan', 'F'),
  // Aisha's older brother: the demo parent is the guardian of both (GUARDIAN below).
  pupil('Class 2', 'Yusuf', 'Rahman', 'M'),
  pupil('Class 2', 'Ananya', 'Iyer', 'F'),
  pupil('Class 2', 'Felix', 'Wagner', 'M'),
  pupil('Class 2', 'Zainab', 'Okoro', 'F'),
  pupil('Class 2', 'Lucas', 'Moreau', 'M'),
  pupil('Class 2', 'Olivia', 'Grant', 'F'),
  pupil('Class 2', 'Malik', 'Johnson', 'M'),
];

/** Kid portraits shared by the pupils (girls take the first three, boys the others). */
export const PUPIL_PORTRAITS: readonly (DemoPerson & { photo: string })[] = [
  { name: 'pupil-1', gender: 'Female', skin: 1, photo: 'pupil-1.webp' },
  { name: 'pupil-2', gender: 'Female', skin: 4, photo: 'pupil-2.webp', hairStyle: 'pigtails' },
  { name: 'pupil-3', gender: 'Female', skin: 2, photo: 'pupil-3.webp' },
  { name: 'pupil-4', gender: 'Male', skin: 5, photo: 'pupil-4.webp' },
  { name: 'pupil-5', gender: 'Male', skin: 0, photo: 'pupil-5.webp' },
  { name: 'pupil-6', gender: 'Male', skin: 3, photo: 'pupil-6.webp' },
];

/** Parents quoted in the testimonials; the last one has no photo, so the default avatar shows. */
export const PARENTS: readonly (DemoPerson & { designation: string; quote: string; photo?: string })[] = [
  {
    name: 'Farida Rahman',
    gender: 'Female',
    skin: 3,
    designation: 'Parent of Aisha, KG',
    quote:
      'Aisha used to hide behind me at the gate. After one term she runs in singing, and every evening she tells us about her friends and the stories Ms Okafor reads. The teachers truly know each child.',
    photo: 'parent-1.webp',
  },
  {
    name: 'Tom Becker',
    gender: 'Male',
    skin: 1,
    designation: 'Parent of Jonas, Class 1',
    quote:
      'We love the weekly notes from the class teacher. We always know what Jonas is learning, and he is proud to show us his garden diary. Pick-up is calm and the staff are always smiling.',
    photo: 'parent-2.webp',
  },
  {
    name: 'Mei-Ling Chen',
    gender: 'Female',
    skin: 1,
    designation: 'Parent of Lily, Nursery',
    quote:
      'Settling in was so gentle. Lily had a buddy from the first day and the nursery team sent us a photo at lunchtime. Two years on, she still asks if it is a school day yet.',
    photo: 'parent-3.webp',
  },
  {
    name: 'Carlos Mendoza',
    gender: 'Male',
    skin: 2,
    designation: 'Parent of Sofia, Class 2',
    quote:
      'Sofia reads to her little brother every night now. The library club and the patient, encouraging teachers made all the difference. Thank you, Sunny Meadows!',
  },
];

/** Two registrations waiting for the principal's approval. */
export const APPLICANTS: readonly (DemoPerson & {
  type: typeof USER_TYPE.parent | typeof USER_TYPE.teacher;
  email: string;
  designation: string;
  description: string;
  age: number;
  photo: string;
})[] = [
  {
    name: 'Grace Mensah',
    gender: 'Female',
    skin: 5,
    type: 'Parent',
    email: `grace.mensah@${DEMO_DOMAIN}`,
    designation: 'Parent of Nia, KG',
    description: 'Would like to follow Nia’s timetable and notifications online.',
    age: 36,
    photo: 'parent-4.webp',
  },
  {
    name: 'Sam Rivera',
    gender: 'Other',
    skin: 2,
    type: USER_TYPE.teacher,
    email: `sam.rivera@${DEMO_DOMAIN}`,
    designation: 'Music Teacher (applicant)',
    description:
      'Music and movement teacher, five years in early years settings; plays piano, guitar and ukulele.',
    age: 27,
    photo: 'applicant-1.webp',
  },
];

export const PARENT_EMAIL = `parent@${DEMO_DOMAIN}`;

/**
 * The demo parent (docs/decisions/0021-families.md): an active Parent, the guardian of student@
 * (KG) and of her brother in Class 2.
 */
export const GUARDIAN = {
  name: 'Kofi Rahman',
  gender: 'Male' as DemoGender,
  email: PARENT_EMAIL,
  relationship: 'Father' as const,
  designation: 'Parent of Aisha (KG) and Yusuf (Class 2)',
  description: 'Father of Aisha and Yusuf; follows their timetables, marks and notifications online.',
  age: 39,
  photo: 'parent-2.webp',
  children: [STUDENT_EMAIL, emailFor('Yusuf', 'Rahman')],
} as const;

/** The children the waiting parent named when registering: the principal sees the matching pupil. */
export const APPLICANT_CHILDREN: Readonly<Record<string, readonly { pupilEmail: string }[]>> = {
  [`grace.mensah@${DEMO_DOMAIN}`]: [{ pupilEmail: emailFor('Nia', 'Mensah') }],
};

/** `firstname.lastname@demo.school`, letters only. */
export function emailFor(first: string, last: string): string {
  const slug = (s: string) =>
    s
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${slug(first)}.${slug(last)}@${DEMO_DOMAIN}`;
}

export const STREETS = [
  'Maple Street',
  'Orchard Lane',
  'Willow Road',
  'Riverside Avenue',
  'Chestnut Close',
  'Meadow View',
  'Station Road',
  'Primrose Gardens',
  'Hillcrest Drive',
  'Baker Street',
] as const;

export const PUPIL_TRAITS = [
  'Loves puzzles and building the tallest block towers in class.',
  'Always first to the reading corner; favourite book is about a brave little owl.',
  'Enjoys painting, especially anything with rainbows.',
  'A keen helper who waters the class plants every morning.',
  'Counts everything: steps, buttons, birds on the fence.',
  'Loves singing and knows every action song by heart.',
  'Curious about bugs and carries a magnifying glass at break time.',
  'A kind friend who makes sure nobody plays alone.',
  'Enjoys football and racing around the garden track.',
  'Tells wonderful stories about dragons and dinosaurs.',
  'Likes sorting shapes and colours and tidying the craft shelf.',
  'Loves dancing and music-and-movement time.',
  'Enjoys cooking days and always asks for the recipe.',
  'Builds amazing cardboard rockets at the junk-modelling table.',
] as const;
