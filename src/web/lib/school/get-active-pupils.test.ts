import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../features/accounts/testing/mock-api.js';
import { testTranslator } from '../../test/i18n.js';
import { jsonResponse } from '../../test/render-app.js';
import { setFallbackTranslator } from '../i18n.js';
import { activePupilsQueryOptions } from './get-active-pupils.js';
import { schoolKeys } from './query-keys.js';

const row = (id: number, name: string, classId: number | null, className: string | null) => ({
  id,
  name,
  email: `${id}@example.org`,
  status: 'active',
  classId,
  className,
});

describe('the active pupils, read once for the guardians, school set-up and ledger screens', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setFallbackTranslator(testTranslator());
  });

  it('one call under one key, in the order of the names, with their classes', async () => {
    const api = mockApi({
      'GET admin/pupils?status=active': () =>
        jsonResponse({ data: [row(2, 'Zara', 3, 'KG'), row(1, 'Ada', null, null)] }),
    });
    const queryClient = new QueryClient();
    const [first, second] = await Promise.all([
      queryClient.ensureQueryData(activePupilsQueryOptions()),
      queryClient.ensureQueryData(activePupilsQueryOptions()),
    ]);
    expect(first).toEqual([
      { id: 1, name: 'Ada', classId: null, className: null },
      { id: 2, name: 'Zara', classId: 3, className: 'KG' },
    ]);
    expect(second).toBe(first);
    expect(api.callsTo('GET admin/pupils?status=active')).toHaveLength(1);
    expect(activePupilsQueryOptions().queryKey).toEqual(schoolKeys.activePupils());
  });

  it('in the order a reader of the page’s language expects: Arabic names first on an Arabic page', async () => {
    const answer = () =>
      jsonResponse({
        data: [
          row(1, 'Zara', 3, 'KG'),
          row(2, 'يوسف', 3, 'KG'),
          row(3, 'أحمد', 3, 'KG'),
          row(4, 'Émile', 3, 'KG'),
        ],
      });
    mockApi({ 'GET admin/pupils?status=active': answer });
    const english = await new QueryClient().fetchQuery(activePupilsQueryOptions());
    expect(english.map((pupil) => pupil.name)).toEqual(['Émile', 'Zara', 'أحمد', 'يوسف']);
    setFallbackTranslator(testTranslator('ar'));
    const arabic = await new QueryClient().fetchQuery(activePupilsQueryOptions());
    expect(arabic.map((pupil) => pupil.name)).toEqual(['أحمد', 'يوسف', 'Émile', 'Zara']);
  });
});
