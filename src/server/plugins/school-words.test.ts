import { describe, expect, it } from 'vitest';
import { showsNoText } from './school-words.js';

/** Which requests bring the school's words up to date first (docs/decisions/0065-the-schools-own-words.md). */
describe('the requests that may show text', () => {
  it('are the API and the pages, PDFs and CSV files included', () => {
    for (const url of [
      '/',
      '/registation',
      '/fr/about?x=1',
      '/dashboard',
      '/api/settings',
      '/api/admin/words?locale=fr',
      '/api/fees/payments/3/receipt.pdf',
      '/api/admin/fees/ledger.csv',
    ]) {
      expect(showsNoText(url), url).toBe(false);
    }
  });

  it('leave out the probes, the API documentation, pictures and built files', () => {
    for (const url of [
      '/api/health',
      '/api/ready',
      '/api/openapi.json',
      '/api/docs',
      '/api/docs/static/index.html',
      '/uploads/media/a.webp',
      '/assets/index-abc.js',
      '/favicon.ico',
      '/robots.txt',
    ]) {
      expect(showsNoText(url), url).toBe(true);
    }
  });
});
