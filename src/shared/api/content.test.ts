import { describe, expect, it } from 'vitest';
import { contentFieldsSchema, fromWireRecord, splitChecklist, toWireRecord } from './content.js';

describe('content field mapping', () => {
  it('maps internal names to the contract spellings and back', () => {
    const record = {
      id: 3,
      title: 'Nursery',
      description: 'Play and learn',
      ageOfKids: '3 - 4 Years',
      totalSeats: '20 Seats',
      classTime: '08 - 10 am',
      tuitionFee: '$250',
      classId: '7',
      images: [{ image: 'a.webp', alt: 'A' }],
    };
    const wire = toWireRecord('kidsclasses', record);
    expect(wire).toEqual({
      id: 3,
      heading: 'Nursery',
      discription: 'Play and learn',
      age_of_kids: '3 - 4 Years',
      total_seat: '20 Seats',
      class_time: '08 - 10 am',
      tution_fee: '$250',
      class_id: '7',
      images: [{ image: 'a.webp', alt: 'A' }],
    });
    expect(fromWireRecord('kidsclasses', wire)).toEqual(record);
  });

  it('bounds each field and refuses unknown ones', () => {
    const schema = contentFieldsSchema('class');
    expect(schema.safeParse({ label: 'Popular', title: 'Classes' }).success).toBe(true);
    expect(schema.safeParse({ label: 'x'.repeat(201), title: 'Classes' }).success).toBe(false);
    expect(schema.safeParse({ label: 'Popular', title: 'Classes', extra: 1 }).success).toBe(false);
  });
});

describe('splitChecklist', () => {
  it('splits on # and drops empty parts', () => {
    expect(splitChecklist('Safe rooms# Caring teachers ##Healthy meals#')).toEqual([
      'Safe rooms',
      'Caring teachers',
      'Healthy meals',
    ]);
    expect(splitChecklist(undefined)).toEqual([]);
    expect(splitChecklist('')).toEqual([]);
  });
});
