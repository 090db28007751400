import type { ContentCollection } from '../../../../shared/api/content.js';
import type { PublicCalendar } from '../../../../shared/api/public-calendar.js';

/** Public content as the API sends it (wire names), shaped like the demo school's. */
export const WIRE: Record<ContentCollection, Record<string, unknown>[]> = {
  home: [
    {
      id: 1,
      heading: 'Kids Learning Center',
      heading2: 'New Approach to Kids Education',
      learm_more: 'Learn More',
      discription: 'Children learn through play.',
      images: [{ image: 'demo/hero.webp', alt: 'Happy children under a rainbow' }],
    },
  ],
  about: [
    {
      id: 2,
      heading1: '',
      heading2: '',
      heading3: 'Small classes#  Qualified teachers ##Healthy meals#',
      discription: '',
      learn_more: '',
      images: [],
    },
    {
      id: 3,
      heading1: 'Learn About Us',
      heading2: 'Best School For Your Kids',
      heading3: 'Not#the#list',
      discription: 'Sunny Meadows opened in 2009.',
      learn_more: 'Learn More',
      images: [
        { image: 'demo/about-1.webp', alt: 'A teacher reading to children' },
        { image: 'demo/about-2.webp', alt: 'Children building a tower' },
      ],
    },
  ],
  class: [
    { id: 4, heading1: 'Popular Classes', heading2: 'Classes for Your Kids', images: [] },
    { id: 40, heading1: 'Ignored label', heading2: 'Ignored title', images: [] },
  ],
  kidsclasses: [
    {
      id: 5,
      heading: 'Drawing & Painting',
      discription: 'Little artists explore colour.',
      age_of_kids: '3 - 6 Years',
      total_seat: '40 Seats',
      class_time: '08 - 10 am',
      tution_fee: '$290 / Month',
      class_id: '',
      images: [{ image: 'demo/class-drawing.webp', alt: 'A child painting' }],
    },
    {
      id: 6,
      heading: 'Language & Storytelling',
      discription: 'Stories, songs and rhymes.',
      age_of_kids: '4 - 7 Years',
      total_seat: '30 Seats',
      class_time: '10 - 12 am',
      tution_fee: '$250 / Month',
      class_id: '',
      images: [{ image: 'demo/class-reading.webp', alt: 'Two children reading' }],
    },
  ],
  comments: [
    {
      id: 8,
      name: 'Farida Rahman',
      degination: 'Parent of Aisha, KG',
      discription: 'Aisha runs in singing every morning.',
      images: [{ image: 'demo/parent-1.webp', alt: 'Portrait of Farida Rahman' }],
    },
    {
      id: 9,
      name: 'Tom Becker',
      degination: 'Parent of Jonas, Class 1',
      discription: 'We love the weekly notes.',
      images: [{ image: 'demo/parent-2.webp', alt: 'Portrait of Tom Becker' }],
    },
    {
      id: 11,
      name: 'Carlos Mendoza',
      degination: 'Parent of Sofia, Class 2',
      discription: 'Sofia reads to her brother every night.',
      images: [],
    },
  ],
  teacher: [
    {
      id: 12,
      heading1: 'Our Teachers',
      heading2: 'Meet Our Teachers',
      teacher_name: 'Amara Okafor',
      designation: 'English Teacher',
      images: [{ image: 'demo/teacher-1.webp', alt: 'Portrait of Amara Okafor' }],
    },
    {
      id: 13,
      heading1: 'Not this label',
      heading2: 'Not this title',
      teacher_name: 'Daniel Whitfield',
      designation: 'Mathematics Teacher',
      images: [{ image: 'demo/teacher-2.webp', alt: 'Portrait of Daniel Whitfield' }],
    },
  ],
  blog: [
    {
      id: 16,
      heading1: 'Latest Blog',
      heading2: 'Latest Articles From Blog',
      heading: 'Bedtime Reading',
      discription: 'A story at bedtime is a gift.',
      author: 'Amara Okafor',
      category: 'Reading',
      images: [{ image: 'demo/blog-1.webp', alt: 'A child reading by lamplight' }],
    },
    {
      id: 17,
      heading1: 'Other label',
      heading2: 'Other title',
      heading: 'Healthy Lunchboxes',
      discription: 'Colour is the secret.',
      author: '',
      category: '',
      images: [{ image: 'demo/blog-2.webp', alt: 'An open lunchbox' }],
    },
    {
      id: 18,
      heading1: '',
      heading2: '',
      heading: 'Outdoor Play',
      discription: 'Running and climbing are learning.',
      author: 'Margaret Osei',
      category: 'Reading',
      images: [],
    },
  ],
  facilities: [
    {
      id: 19,
      image: 'bi-bus-front',
      heading: 'Safe School Bus',
      discription: 'Door-to-door pick-up.',
      images: [],
    },
    { id: 20, image: 'bi-egg-fried', heading: 'Healthy Meals', discription: 'Cooked fresh.', images: [] },
    {
      id: 21,
      image: 'fa-unknown',
      heading: 'Something New',
      discription: 'An icon we do not ship.',
      images: [],
    },
  ],
  gallery: [
    {
      id: 25,
      heading1: 'Our Gallery',
      heading2: 'Our Kids School Gallery',
      images: [
        { image: 'demo/p1.webp', alt: 'Children on the swings', category: 'Playing' },
        { image: 'demo/p2.webp', alt: 'Children flying kites', category: 'Playing' },
        { image: 'demo/d1.webp', alt: 'A child painting at the easel', category: 'Drawing' },
        { image: 'demo/r1.webp', alt: 'Children reading in the library', category: 'Reading' },
        { image: 'demo/r2.webp', alt: 'Story time with a teacher', category: 'Reading' },
      ],
    },
  ],
  blogdetails: [
    {
      id: 26,
      heading1: 'Play & Development',
      heading2: 'Why Outdoor Play Matters',
      discription: 'The playground is a classroom.',
      images: [],
    },
    {
      id: 27,
      heading1: 'By Margaret Osei',
      heading2: 'Learning happens everywhere',
      discription: 'Watch a group of four-year-olds.',
      images: [{ image: 'demo/blog-detail.webp', alt: 'Children on the slide' }],
    },
    {
      id: 28,
      heading1: 'What the research says',
      heading2: 'Stronger bodies, calmer minds',
      discription: 'Play strengthens muscles.\n\nIt also teaches turn-taking.',
      images: [],
    },
    {
      id: 29,
      heading1: 'At Sunny Meadows',
      heading2: 'How we do it every day',
      discription: 'An hour outside every day.',
      images: [],
    },
    {
      id: 30,
      heading1: 'Margaret Osei',
      heading2: 'Principal, Sunny Meadows Kids School',
      discription: 'Margaret has led the school for twelve years.',
      images: [{ image: 'demo/principal.webp', alt: 'Portrait of Margaret Osei' }],
    },
  ],
  contacts: [
    {
      id: 31,
      heading1: 'Get In Touch',
      heading2: 'Contact Us For Any Query',
      discription: 'We answer within one school day.',
      address: '14 Orchard Lane, Greenfield',
      email: 'hello@demo.school',
      phone: '+1 555 0142 310',
      opening_hour: 'Mon - Sat: 8:00 am - 4:00 pm',
      images: [],
    },
  ],
};

/**
 * `GET admissions/seats` (docs/decisions/0101-seats-that-mean-something.md): no class takes
 * admissions yet, so the cards show their own Total Seats and Book A Seat their titles.
 */
export const ADMISSION_SEATS = { year: { id: 1, name: '2026–2027' }, classes: [] };

/** `GET calendar/public`: a school year of two terms, a public event and a closure (decision 0088). */
export const PUBLIC_CALENDAR: PublicCalendar = {
  year: {
    name: '2026–2027',
    terms: [
      { name: 'Autumn 2026', firstDay: '2026-09-01', lastDay: '2026-12-18' },
      { name: 'Spring 2027', firstDay: '2027-01-05', lastDay: '2027-03-27' },
    ],
  },
  dates: [
    {
      uid: 'sports@test',
      kind: 'event',
      title: 'Sports day',
      description: 'Races and a picnic.',
      place: 'The school field',
      startDate: '2026-12-03',
      endDate: '2026-12-03',
      startTime: '09:30',
      endTime: '14:00',
    },
    {
      uid: 'holiday@test',
      kind: 'closure',
      title: 'Winter holiday',
      description: '',
      place: '',
      startDate: '2026-12-21',
      endDate: '2027-01-04',
      startTime: null,
      endTime: null,
    },
  ],
};
