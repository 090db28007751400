import { describe, expect, it } from 'vitest';
import { uploadUrl } from './images.js';

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
