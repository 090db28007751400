import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-stylesheets.js';

describe('inlineStylesheets', () => {
  let webDir: string;
  beforeAll(() => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-styles-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'index-A1.css'), 'body{font:16px/1.5 Nunito}');
    fs.writeFileSync(path.join(webDir, 'assets', 'odd-B2.css'), 'a::after{content:"</style>"}');
    fs.writeFileSync(path.join(webDir, 'secret.css'), 'not for pages');
  });
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

  it('writes the built stylesheet into the page in place of its link', () => {
    const template =
      '<head><link rel="icon" href="/favicon.svg" /><link rel="stylesheet" crossorigin href="/assets/index-A1.css"></head>';
    expect(inlineStylesheets(template, webDir)).toBe(
      '<head><link rel="icon" href="/favicon.svg" /><style>body{font:16px/1.5 Nunito}</style><link rel="stylesheet" href="/assets/index-A1.css" disabled></head>',
    );
  });

  it('leaves a link that is not to a built stylesheet, one whose file is missing, and one that would close the element', () => {
    const links = [
      '<link rel="stylesheet" href="https://fonts.example/x.css">',
      '<link rel="stylesheet" href="/assets/gone-C3.css">',
      '<link rel="stylesheet" href="/assets/odd-B2.css">',
      '<link rel="stylesheet" href="/assets/../secret.css">',
    ].join('');
    expect(inlineStylesheets(links, webDir)).toBe(links);
  });
});
