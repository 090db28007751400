import { describe, expect, it } from 'vitest';
import * as pageSizes from '../features/public-site/lib/picture-sizes.js';
import { pictureSizes, uploadUrl } from './images.js';

describe('uploadUrl', () => {
  it('serves stored names from /uploads/', () => {
    expect(uploadUrl('hero.jpg')).toBe('/uploads/hero.jpg');
    expect(uploadUrl('content/home/hero.webp')).toBe('/uploads/content/home/hero.webp');
  });

  it('drops leading slashes and encodes odd characters', () => {
    expect(uploadUrl('/kids at play.png')).toBe('/uploads/kids%20at%20play.png');
  });

  it('keeps absolute http(s) URLs', () => {
    expect(uploadUrl('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(uploadUrl('http://example.com/b.png')).toBe('http://example.com/b.png');
  });
});

describe('pictureSizes', () => {
  it('says the container’s width where a picture fills it', () => {
    expect(pictureSizes([{ share: { xs: 1 } }])).toBe(
      '(min-width: 1400px) 1296px, (min-width: 1200px) 1116px, (min-width: 992px) 936px, ' +
        '(min-width: 768px) 696px, (min-width: 576px) 516px, calc(100vw - 24px)',
    );
  });

  it('shares the width between columns and their gaps, per breakpoint', () => {
    // Two columns 12 px apart on a phone, three 20 px apart from md, four from xl.
    expect(pictureSizes([{ share: { xs: 1 / 2, md: 1 / 3, xl: 1 / 4 }, gap: { xs: 12, md: 20 } }])).toBe(
      '(min-width: 1400px) 309px, (min-width: 1200px) 264px, (min-width: 992px) 299px, ' +
        '(min-width: 768px) 219px, (min-width: 576px) 252px, calc(50vw - 18px)',
    );
  });

  it('nests boxes and takes off their padding', () => {
    expect(
      pictureSizes([
        { share: { xs: 1, lg: 7 / 12 }, gap: { xs: 24, lg: 48 } },
        { share: { xs: 1, sm: 5 / 12 }, gap: { xs: 24 }, inset: 10 },
      ]),
    ).toBe(
      '(min-width: 1400px) 283px, (min-width: 1200px) 239px, (min-width: 992px) 195px, ' +
        '(min-width: 768px) 266px, (min-width: 576px) 191px, calc(100vw - 34px)',
    );
  });

  it('stops at a maximum, from the viewport width where a fluid picture reaches it', () => {
    // Half of (100vw - 24px) with a 24 px gutter is 50vw - 24px: 240 px from a 528 px wide screen;
    // a quarter of lg's 936 px is 216 px, of xl's 1116 px more than 240.
    expect(pictureSizes([{ share: { xs: 1 / 2, lg: 1 / 4 }, gap: { xs: 24 } }], 240)).toBe(
      '(min-width: 1200px) 240px, (min-width: 992px) 216px, (min-width: 528px) 240px, calc(50vw - 24px)',
    );
  });

  it('gives every picture of the public pages a sizes the HTML checker accepts', () => {
    const length = /^(\d+(\.\d+)?(px|rem|vw)|calc\(\d+(\.\d+)?vw [+-] \d+(\.\d+)?px\))$/;
    for (const [name, sizes] of Object.entries(pageSizes)) {
      const entries = sizes.split(', ');
      // Every entry but the last has a media condition; the last is the width without one.
      for (const entry of entries.slice(0, -1)) expect(entry, name).toMatch(/^\(min-width: \d+px\) /);
      for (const entry of entries) expect(entry.replace(/^\(min-width: \d+px\) /, ''), name).toMatch(length);
    }
  });
});
