import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES, Icon } from './Icon.js';

describe('Icon', () => {
  it.each(ICON_NAMES)('draws %s from its Bootstrap Icons paths, hidden from screen readers', (name) => {
    const { container } = render(<Icon name={name} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    const paths = [...container.querySelectorAll('path')];
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path.getAttribute('d')).toMatch(/^M/);
  });

  it('keeps the even-odd fill rule where the icon has one', () => {
    const { container } = render(<Icon name="list" />);
    expect(container.querySelector('path')).toHaveAttribute('fill-rule', 'evenodd');
  });
});
