import { describe, expect, it } from 'vitest';
import { checklistItems, joinChecklist } from './checklist.js';
import { editorResolver, formPathOf, toBody, toFormValues } from './form-values.js';

describe('check-list fields', () => {
  it('split on # (empty parts dropped) and join back trimmed, without empty items', () => {
    expect(checklistItems('Small classes#  Qualified teachers ##Healthy meals#')).toEqual([
      'Small classes',
      'Qualified teachers',
      'Healthy meals',
    ]);
    expect(joinChecklist([' One ', '', 'Two', '  '])).toBe('One#Two');
    expect(joinChecklist(['A # B'])).toBe('A   B');
  });
});

describe('editor form values', () => {
  it('turn a record into the body under wire names, every field present', () => {
    const values = toFormValues('home', { id: 1, heading: 'Hi', heading2: 'Title', images: [] });
    expect(toBody('home', values)).toEqual({
      heading: 'Hi',
      heading2: 'Title',
      learm_more: '',
      discription: '',
      images: [],
    });
  });

  it('give gallery pictures a category and others none', () => {
    const gallery = toFormValues('gallery', {
      id: 1,
      images: [{ image: 'a.webp', alt: 'A', category: 'Reading' }],
    });
    expect(toBody('gallery', gallery).images).toEqual([{ image: 'a.webp', alt: 'A', category: 'Reading' }]);
    const about = toFormValues('about', { id: 1, images: [{ image: 'a.webp', alt: 'A' }] });
    expect(toBody('about', about).images).toEqual([{ image: 'a.webp', alt: 'A' }]);
  });

  it('map schema and server paths to form fields', () => {
    expect(formPathOf('home', ['heading2'])).toBe('fields.heading2');
    expect(formPathOf('home', ['images', 0, 'alt'])).toBe('images.0.alt');
    expect(formPathOf('home', ['nope'])).toBeUndefined();
  });

  it('are checked with the server’s schema', async () => {
    const resolver = editorResolver('home');
    const values = toFormValues('home', undefined);
    values.fields.heading2 = 'x'.repeat(201);
    values.images = [{ image: 'demo/a.webp', alt: '' }];
    const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = result.errors as unknown as {
      fields: Record<string, { message: string }>;
      images: { alt: { message: string } }[];
    };
    expect(errors.fields.heading2?.message).toBe('Title is at most 200 characters');
    expect(errors.images[0]?.alt.message).toMatch(/describe the picture/);
  });
});
