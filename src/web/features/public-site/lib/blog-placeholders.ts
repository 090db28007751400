/**
 * The blog detail page's parts that no call provides yet (docs/contract/product.md#public-pages: static
 * comments and tag cloud). Written like a real school blog, so the page reads well until comments and tags
 * exist.
 */

export interface PlaceholderComment {
  id: string;
  author: string;
  date: string;
  text: string;
  replies?: PlaceholderComment[];
}

export const PLACEHOLDER_COMMENTS: readonly PlaceholderComment[] = [
  {
    id: 'c1',
    author: 'Sophie Laurent',
    date: '14 May',
    text: 'We started a “shoes on, straight outside” rule after school and the difference in our twins is huge: they sleep better and squabble less. Thank you for the reminder that rainy days count too. We have just bought proper puddle boots!',
    replies: [
      {
        id: 'c2',
        author: 'Margaret Osei',
        date: '15 May',
        text: 'Thank you, Sophie! Puddle-jumping is science in our book. We would love to see the twins at one of the Saturday garden mornings.',
      },
    ],
  },
  {
    id: 'c3',
    author: 'James Okoye',
    date: '16 May',
    text: 'Our son starts Nursery in September and he would live in the garden if we let him. Is there somewhere for the children to change into dry clothes after a muddy morning?',
  },
];

export const TAGS: readonly string[] = [
  'Early Years',
  'Outdoor Play',
  'Reading',
  'Healthy Eating',
  'Art & Craft',
  'Music',
  'Parenting Tips',
  'School Life',
  'Wellbeing',
  'Nature',
];
