import { describe, expect, it } from 'vitest';
import { SETTINGS_ELEMENT_ID } from '../../shared/api/settings.js';
import { createTestQueryClient } from '../test/render-app.js';
import { TEST_SCHOOL } from '../test/school.js';
import { primeSettingsFromPage, settingsQueryKey } from './settings.js';

function pageWith(json: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (json !== undefined) {
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = SETTINGS_ELEMENT_ID;
    block.textContent = json;
    doc.head.append(block);
  }
  return doc;
}

describe('primeSettingsFromPage', () => {
  it('puts the settings the server wrote into the page into the cache', () => {
    const queryClient = createTestQueryClient({ school: null });
    const escaped = JSON.stringify({ ...TEST_SCHOOL, name: 'A </script> School' }).replace(/</g, '\\u003c');
    primeSettingsFromPage(queryClient, pageWith(escaped));
    expect(queryClient.getQueryData(settingsQueryKey)).toEqual({
      ...TEST_SCHOOL,
      name: 'A </script> School',
    });
  });

  it('leaves the cache empty without the block, or with one it cannot read, so the app asks the server', () => {
    for (const json of [undefined, '', 'not json', JSON.stringify({ name: 'Only a name' })]) {
      const queryClient = createTestQueryClient({ school: null });
      primeSettingsFromPage(queryClient, pageWith(json));
      expect(queryClient.getQueryData(settingsQueryKey), String(json)).toBeUndefined();
    }
  });
});
