import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentIcon } from './ContentIcon.js';
import {
  CONTENT_ICON_NAMES,
  CONTENT_ICON_OPTIONS,
  contentIconPaths,
  FALLBACK_CONTENT_ICON,
  resolveContentIcon,
} from './icons.js';
import { PageIcon } from './PageIcon.js';
import { PAGE_ICON_NAMES } from './page-icons.js';

const DEMO_FACILITY_ICONS = [
  'bi-bus-front',
  'bi-egg-fried',
  'bi-palette',
  'bi-music-note-beamed',
  'bi-shield-check',
  'bi-tree',
];

describe('curated content icons', () => {
  it('has the demo school’s facility icons and about thirty more, each with a label', () => {
    expect(CONTENT_ICON_NAMES).toEqual(expect.arrayContaining(DEMO_FACILITY_ICONS));
    expect(CONTENT_ICON_NAMES.length).toBeGreaterThanOrEqual(30);
    for (const option of CONTENT_ICON_OPTIONS) {
      expect(option.name).toMatch(/^bi-[a-z0-9-]+$/);
      expect(option.label.length).toBeGreaterThan(0);
    }
  });

  it.each(CONTENT_ICON_NAMES)('draws %s from real SVG paths', (name) => {
    const paths = contentIconPaths(name);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path.d).toMatch(/^[Mm]/);
  });

  it('accepts "bi bi-x" and "x" spellings and falls back for unknown names', () => {
    expect(resolveContentIcon('bi bi-tree')).toBe('bi-tree');
    expect(resolveContentIcon('palette')).toBe('bi-palette');
    expect(resolveContentIcon('bi-no-such-icon')).toBe(FALLBACK_CONTENT_ICON);
    expect(resolveContentIcon('')).toBe(FALLBACK_CONTENT_ICON);
  });

  it('renders a decorative svg, the fallback for an unknown name', () => {
    const { container } = render(<ContentIcon name="fa-rocket" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('path')?.getAttribute('d')).toBe(
      contentIconPaths(FALLBACK_CONTENT_ICON)[0]?.d,
    );
  });
});

describe('page icons', () => {
  it.each(PAGE_ICON_NAMES)('draws %s', (name) => {
    const { container } = render(<PageIcon name={name} />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelectorAll('path').length).toBeGreaterThan(0);
  });
});
