import { expect, test } from '@playwright/test';

/**
 * Every picture offered in several widths says, in its `sizes`, the width it is drawn at
 * (src/web/features/public-site/lib/picture-sizes.ts): on a phone and on a desktop the browser then
 * downloads the file that fills it, not a larger one. Measured in the browser against the layout.
 */

const PAGES = ['/', '/about', '/teacher', '/gallery', '/blog', '/blogdetail'];

for (const width of [375, 1280]) {
  test(`pictures say the width they are drawn at, ${width} px wide`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const checked: string[] = [];
    for (const path of PAGES) {
      await page.goto(path, { waitUntil: 'networkidle' });
      const pictures = await page.locator('img[srcset]').evaluateAll((images) =>
        images.map((image) => {
          const img = image as HTMLImageElement;
          // The first entry of sizes whose media condition matches, measured as a CSS width.
          const entries = (img.getAttribute('sizes') ?? '').split(/,\s*(?![^()]*\))/);
          const match = entries.find((entry) => {
            const condition = /^(\(.*?\))\s+\S/.exec(entry)?.[1];
            return !condition || window.matchMedia(condition).matches;
          });
          const length = (match ?? '').replace(/^\(.*?\)\s+/, '');
          const probe = document.createElement('div');
          probe.style.width = length;
          document.body.append(probe);
          const said = probe.getBoundingClientRect().width;
          probe.remove();
          return { src: img.currentSrc, said, drawn: img.getBoundingClientRect().width, sizes: img.sizes };
        }),
      );
      for (const picture of pictures) {
        // Hidden pictures (a carousel's other slides) have no width to compare.
        if (picture.drawn === 0) continue;
        checked.push(picture.src);
        expect
          .soft(Math.abs(picture.said - picture.drawn), `${path} ${picture.src}: sizes "${picture.sizes}"`)
          .toBeLessThanOrEqual(Math.max(4, picture.drawn * 0.03));
      }
    }
    expect(checked.length).toBeGreaterThan(10);
  });
}
