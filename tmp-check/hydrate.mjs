import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://127.0.0.1:3556';
const paths = (process.env.PAGES ?? '/,/about,/class,/teacher,/gallery,/blog,/blogdetail,/contact,/registation,/login').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const p of paths) {
  const page = await browser.newPage();
  const messages = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text().slice(0, 400)}`); });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message.slice(0, 400)}`));
  await page.goto(base + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  console.log(p, messages.length ? messages : 'clean');
  await page.close();
}
await browser.close();
