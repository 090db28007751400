import { describe, expect, it } from 'vitest';
import { CONTENT_COLLECTION_NAMES, contentFieldsSchema } from '../../../shared/api/content.js';
import { SETTINGS_LIMITS } from '../../../shared/api/settings.js';
import { starterContent } from './starter-site.js';

/** docs/decisions/0053-a-starter-site-for-a-real-school.md: the starter records, apart from the database. */
describe('the starter site', () => {
  it('is content the website editor accepts as it is, even for the longest school name', () => {
    const longest = 'S'.repeat(SETTINGS_LIMITS.name);
    const content = starterContent(longest);
    for (const collection of CONTENT_COLLECTION_NAMES) {
      for (const record of content[collection] ?? []) {
        const parsed = contentFieldsSchema(collection).safeParse(record.fields);
        expect(parsed.success, `${collection}: ${parsed.error?.message}`).toBe(true);
        for (const image of record.images) expect(image.alt.length).toBeGreaterThan(0);
      }
    }
  });

  it('names the school in the banner, the about section and the contact text', () => {
    const content = starterContent('Riverside Primary');
    expect(content.home?.[0]?.fields.heading).toContain('Riverside Primary');
    expect(content.about?.[1]?.fields.title).toContain('Riverside Primary');
    expect(content.contacts?.[0]?.fields.description).toContain('Riverside Primary');
  });
});
