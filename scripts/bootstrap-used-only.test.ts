import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapInBothDirections, bootstrapUsedOnly } from './bootstrap-used-only.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bootstrapCss = fs.readFileSync(
  path.join(root, 'node_modules/bootstrap/dist/css/bootstrap.min.css'),
  'utf8',
);
const webSources = [path.join(root, 'src/web/**/*.{ts,tsx}'), path.join(root, 'src/web/index.html')];

/** Whether a stylesheet has a rule whose selector list names the class (not just a longer one). */
const hasClass = (css: string, name: string): boolean =>
  new RegExp(`\\.${name.replace(/[-]/g, '\\-')}(?![\\w-])`).test(css);

describe('Bootstrap cut to what the web app uses (docs/decisions/0013-compressed-delivery.md)', () => {
  let cut: string;
  beforeAll(async () => {
    cut = await bootstrapUsedOnly(bootstrapCss, webSources);
  });

  it('keeps the rules of classes the pages use, and state classes added at run time', () => {
    for (const used of [
      'navbar-toggler',
      'navbar-collapse',
      'form-control',
      'dropdown-menu',
      'visually-hidden',
      'row',
    ]) {
      expect(hasClass(cut, used), used).toBe(true);
    }
    // ConfirmDialog's two tones, and the open state of the Pages menu.
    expect(hasClass(cut, 'btn-danger')).toBe(true);
    expect(hasClass(cut, 'btn-primary')).toBe(true);
    expect(cut).toContain('.dropdown-menu.show');
    // Custom properties the kept rules read stay defined.
    expect(cut).toContain('--bs-body-font-family');
  });

  it('drops the components no page uses, leaving well under half the file', () => {
    for (const unused of ['carousel-item', 'accordion-button', 'offcanvas', 'popover', 'placeholder-glow']) {
      expect(hasClass(bootstrapCss, unused), `Bootstrap has ${unused}`).toBe(true);
      expect(hasClass(cut, unused), unused).toBe(false);
    }
    expect(cut.length).toBeLessThan(bootstrapCss.length / 2);
  });

  describe('a source that starts using a component', () => {
    let folder: string;
    beforeAll(() => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bootstrap-cut-'));
      fs.writeFileSync(
        path.join(folder, 'Faq.tsx'),
        'export const Faq = () => <button className="accordion-button" />;\n',
      );
    });
    afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

    it('gets that component’s rules back', async () => {
      const withFaq = await bootstrapUsedOnly(bootstrapCss, [...webSources, path.join(folder, '*.tsx')]);
      expect(hasClass(withFaq, 'accordion-button')).toBe(true);
      expect(hasClass(withFaq, 'carousel-item')).toBe(false);
    });
  });

  describe('in both directions (docs/decisions/0066-right-to-left.md)', () => {
    let both: string;
    beforeAll(async () => {
      both = await bootstrapInBothDirections(cut);
    });

    it('places by the page’s direction: no margin, padding, offset, border or alignment by left or right', () => {
      expect(both).not.toMatch(/[{;](margin|padding|border)-(left|right)[a-z-]*:/);
      expect(both).not.toMatch(/[{;](left|right):/);
      expect(both).not.toMatch(/text-align:(left|right)/);
      expect(both).toMatch(/\.me-auto\{margin-inline-end:auto!important\}/);
      expect(both).toMatch(/\.form-select\{[^}]*padding-inline:\.75rem 2\.25rem/);
    });

    it('mirrors what has no logical form for right-to-left pages, weighing no more than the rule it mirrors', () => {
      expect(both).toContain(':where([dir="rtl"]) .form-select{background-position:left .75rem center}');
      expect(both).not.toMatch(/:where\(\[dir="rtl"\]\)[^{]*\{[^}]*(margin|padding|inset)/);
    });
  });
});
