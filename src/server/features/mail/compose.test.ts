import { describe, expect, it } from 'vitest';
import { PUBLIC_URL_MARK } from '../../../shared/mail-links.js';
import { loadConfig } from '../../config.js';
import { composeMail, escapeHtml, mailLink, messageHostOf } from './compose.js';
import { fillPublicUrl } from './link-keys.js';

/** How every mail looks (docs/decisions/0022-email-outbox.md). */
describe('composeMail', () => {
  const config = loadConfig({ PUBLIC_URL: 'https://school.example/site/' }).mail;
  const school = 'Sunshine <Kinder> & Care';
  const reset = mailLink(config, '/reset-password', { token: 'a b&c' });

  const mail = composeMail(school, {
    kind: 'password-reset',
    to: { address: 'kofi@example.org', name: 'Kofi Rahman' },
    subject: 'Set a new password',
    greeting: 'Dear Kofi "K" Rahman,',
    paragraphs: [
      'Someone asked for a new password <b>here</b>.\nIf it was you, use the button.',
      'It works for 30 minutes.',
    ],
    action: { label: 'Set a new password', url: reset },
    footer: ['You get this mail because of your account at the school.'],
  });

  /** The mail as it leaves: the sender puts PUBLIC_URL where the mark is (decision 0048). */
  const sent = (html: string) => fillPublicUrl({ text: '', html, headers: '' }, config.publicUrl).html;

  it('builds links under PUBLIC_URL, under its path, with the query escaped; the address is put in when sent', () => {
    expect(config.publicUrl).toBe('https://school.example/site');
    expect(reset).toBe(`${PUBLIC_URL_MARK}/reset-password?token=a+b%26c`);
    const leaving = (text: string) => fillPublicUrl({ text, html: '', headers: '' }, config.publicUrl).text;
    expect(leaving(reset)).toBe('https://school.example/site/reset-password?token=a+b%26c');
    expect(leaving(mailLink(config, '/login'))).toBe('https://school.example/site/login');
    expect(messageHostOf(config)).toBe('school.example');
  });

  it('carries the same words in text and HTML', () => {
    for (const words of [
      'Kofi "K" Rahman',
      'It works for 30 minutes.',
      'Set a new password',
      'because of your account',
    ]) {
      expect(mail.text).toContain(words);
      expect(mail.html).toContain(escapeHtml(words));
    }
    expect(mail.text).toContain('Someone asked for a new password <b>here</b>.\nIf it was you');
    expect(mail.text).toContain(`Set a new password:\n${reset}`);
    expect(mail.text).toContain(school);
    expect(mail.subject).toBe('Set a new password');
    expect(mail.to).toEqual({ address: 'kofi@example.org', name: 'Kofi Rahman' });
  });

  it('escapes every text in the HTML, keeps line breaks, and has no image or style sheet', () => {
    expect(mail.html).toContain('Sunshine &lt;Kinder&gt; &amp; Care');
    expect(mail.html).toContain('a new password &lt;b&gt;here&lt;/b&gt;.<br>If it was you');
    expect(mail.html).not.toContain('<b>here');
    expect(mail.html).not.toMatch(/<img|<link|<style|url\(/i);
    expect(mail.html).toContain(`href="${escapeHtml(reset)}"`);
    // Every link is absolute.
    const hrefs = [...sent(mail.html).matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/school\.example\/site\//);
  });

  it('adds further links under the button, escaped, in text and HTML (an offer’s application link)', () => {
    const apply = mailLink(config, '/apply', { token: 'x<y' });
    const offer = composeMail(school, {
      kind: 'admission-offer',
      to: { address: 'ana@example.org', name: 'Ana' },
      subject: 'A seat',
      paragraphs: ['We offer a seat.'],
      action: { label: 'Reply to the offer', url: mailLink(config, '/offer', { token: 't' }) },
      links: [{ label: 'Fill in the application <now>', url: apply }],
    });
    expect(offer.text).toContain(`Fill in the application <now>:\n${apply}`);
    expect(offer.text.indexOf('Reply to the offer')).toBeLessThan(
      offer.text.indexOf('Fill in the application'),
    );
    expect(offer.html).toContain(`<a href="${escapeHtml(apply)}"`);
    expect(offer.html).toContain('Fill in the application &lt;now&gt;</a>');
    expect(mail.html).not.toContain('Fill in the application');
  });

  it('has no List-Unsubscribe without `unsubscribe`', () => {
    expect(mail.headers).toEqual({});
  });

  it('adds the List-Unsubscribe headers and the footer link for a newsletter', () => {
    const page = mailLink(config, '/newsletter/unsubscribe', { token: 'tok' });
    const oneClick = mailLink(config, '/api/newsletter/unsubscribe', { token: 'tok' });
    const newsletter = composeMail(school, {
      kind: 'newsletter',
      to: { address: 'sub@example.org', name: 'Sub' },
      subject: 'News',
      paragraphs: ['The news.'],
      unsubscribe: { page, oneClick },
    });
    expect(newsletter.headers).toEqual({
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(newsletter.text).toContain(`unsubscribe: ${page}`);
    expect(newsletter.html).toContain(`href="${escapeHtml(page)}"`);
    const headers = fillPublicUrl(
      { text: '', html: '', headers: JSON.stringify(newsletter.headers) },
      config.publicUrl,
    ).headers;
    expect(JSON.parse(headers)['List-Unsubscribe']).toBe(
      '<https://school.example/site/api/newsletter/unsubscribe?token=tok>',
    );
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
