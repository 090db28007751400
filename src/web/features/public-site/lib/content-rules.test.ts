import { describe, expect, it } from 'vitest';
import type { ContentRecord } from '../../../../shared/api/content.js';
import {
  aboutContent,
  blogCard,
  blogCategories,
  blogDetailContent,
  filterGallery,
  headingOf,
  paragraphs,
} from './content-rules.js';

const img = (image: string, category?: 'Playing' | 'Drawing' | 'Reading') =>
  category ? { image, alt: image, category } : { image, alt: image };

const post = (id: number, fields: Partial<ContentRecord<'blog'>> = {}): ContentRecord<'blog'> => ({
  id,
  label: '',
  title: '',
  heading: `Post ${id}`,
  description: `Text of post ${id}`,
  author: '',
  category: '',
  images: [],
  ...fields,
});

const entry = (id: number, images: string[] = []): ContentRecord<'blogdetails'> => ({
  id,
  label: `Label ${id}`,
  title: `Title ${id}`,
  description: `Text ${id}`,
  images: images.map((name) => img(name)),
});

describe('headingOf', () => {
  it('takes label and title from record 0 only', () => {
    const records = [
      { label: 'Our Teachers', title: 'Meet Our Teachers' },
      { label: 'Other', title: 'Ignored' },
    ];
    expect(headingOf(records)).toEqual({ label: 'Our Teachers', title: 'Meet Our Teachers' });
  });

  it('is empty until records arrive', () => {
    expect(headingOf(undefined)).toEqual({ label: '', title: '' });
    expect(headingOf([])).toEqual({ label: '', title: '' });
  });
});

describe('aboutContent', () => {
  it('takes the text and images from record 1 and the check-list from record 0, split on #', () => {
    const about = aboutContent([
      {
        id: 1,
        label: 'x',
        title: 'x',
        checklist: 'Small classes##  Caring teachers # #Healthy meals#',
        description: 'x',
        learnMoreLabel: 'x',
        images: [],
      },
      {
        id: 2,
        label: 'Learn About Us',
        title: 'Best School',
        checklist: 'ignored#list',
        description: 'Since 2009.',
        learnMoreLabel: 'Learn More',
        images: [img('a.webp'), img('b.webp')],
      },
    ]);
    expect(about).toEqual({
      label: 'Learn About Us',
      title: 'Best School',
      description: 'Since 2009.',
      learnMoreLabel: 'Learn More',
      mainImage: img('a.webp'),
      secondImage: img('b.webp'),
      checklist: ['Small classes', 'Caring teachers', 'Healthy meals'],
    });
  });

  it('is empty with no records', () => {
    expect(aboutContent(undefined).checklist).toEqual([]);
    expect(aboutContent(undefined).title).toBe('');
  });
});

describe('blogCard', () => {
  it('shows the post’s own title, description, author and category', () => {
    const card = blogCard(post(3, { author: 'Priya Raman', category: 'Health', images: [img('p.webp')] }));
    expect(card).toEqual({
      id: 3,
      title: 'Post 3',
      description: 'Text of post 3',
      author: 'Priya Raman',
      category: 'Health',
      commentCount: 15,
      image: img('p.webp'),
    });
  });

  it('defaults an empty author to Admin and an empty category to Web Design', () => {
    const card = blogCard(post(4, { author: '  ', category: '' }));
    expect(card.author).toBe('Admin');
    expect(card.category).toBe('Web Design');
  });
});

describe('blogCategories', () => {
  it('counts the posts per category, defaults included', () => {
    const posts = [post(1, { category: 'Reading' }), post(2), post(3, { category: 'Reading' })];
    expect(blogCategories(posts)).toEqual([
      { name: 'Reading', count: 2 },
      { name: 'Web Design', count: 1 },
    ]);
  });
});

describe('filterGallery', () => {
  const images = [img('p1', 'Playing'), img('d1', 'Drawing'), img('r1', 'Reading'), img('p2', 'Playing')];

  it('keeps every image for All', () => {
    expect(filterGallery(images, 'All')).toEqual(images);
  });

  it('keeps only the chosen category', () => {
    expect(filterGallery(images, 'Playing').map((i) => i.image)).toEqual(['p1', 'p2']);
    expect(filterGallery(images, 'Reading').map((i) => i.image)).toEqual(['r1']);
  });
});

describe('paragraphs', () => {
  it('splits on blank lines and drops empty parts', () => {
    expect(paragraphs('One.\n\nTwo\nstill two.\n \n\nThree.')).toEqual(['One.', 'Two\nstill two.', 'Three.']);
    expect(paragraphs('')).toEqual([]);
  });
});

describe('blogDetailContent', () => {
  it('takes the title from entry 0, the lead image from the first three, the author from entry 4', () => {
    const entries = [
      entry(1),
      entry(2, ['lead.webp']),
      entry(3),
      entry(4, ['garden.webp']),
      entry(5, ['me.webp']),
    ];
    const detail = blogDetailContent(entries);
    expect(detail.intro?.title).toBe('Title 1');
    expect(detail.leadImage?.image).toBe('lead.webp');
    expect(detail.author?.title).toBe('Title 5');
    expect(detail.sections.map((s) => s.entry.id)).toEqual([2, 3, 4]);
    expect(detail.sections[0]?.images).toEqual([]);
    expect(detail.sections[2]?.images.map((i) => i.image)).toEqual(['garden.webp']);
  });

  it('has no lead image when the first three entries have none', () => {
    const detail = blogDetailContent([entry(1), entry(2), entry(3), entry(4, ['late.webp'])]);
    expect(detail.leadImage).toBeUndefined();
    expect(detail.author).toBeUndefined();
  });
});
