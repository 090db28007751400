import zlib from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import type { USER_TYPE } from '../../src/shared/constants.js';
import { expectIslandsHydrated } from './islands.js';

/** The demo school's password for every demo log-in. */
export const DEMO_PASSWORD = 'demo12345';

/** A small real PNG (a sunny square with a stripe), made here rather than read from disk. */
export function samplePng(size = 24): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x += 1) {
      const stripe = Math.abs(x - y) < 3;
      row.set(stripe ? [194, 65, 12] : [255, 201, 60], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A form label as written, with or without the required marker ` *`. */
export const label = (text: string): RegExp => new RegExp(`^${text}( \\*)?$`);

/** Logs in through the /login form (it goes on to /dashboard when the account may log in). */
export async function logInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  // Sent before its island has hydrated, the form would be posted as without JavaScript.
  await expectIslandsHydrated(page);
  const form = page.getByRole('form', { name: 'Welcome back!' });
  await form.getByLabel(label('Email')).fill(email);
  await form.getByLabel(label('Password')).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  type: typeof USER_TYPE.student | typeof USER_TYPE.teacher | typeof USER_TYPE.parent;
}

/** Fills and sends the registration form with one photo; waits for the form to clear. */
export async function registerWithForm(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/registation');
  await expectIslandsHydrated(page);
  const form = page.getByRole('form', { name: 'Join our school family' });
  await form.getByLabel(label('Name')).fill(account.name);
  await form.getByLabel(label('Designation')).fill('Pupil');
  await form.getByLabel(label('Description')).fill('Likes painting and the swings.');
  await form.getByLabel(label('User type')).selectOption(account.type);
  await form.getByRole('radio', { name: 'Female' }).check();
  await form.getByLabel(label('Date of birth')).fill('2019-05-04');
  await form.getByLabel(label('Contact')).fill('+1 555 0100 200');
  await form.getByLabel(label('Address')).fill('4 Oak Lane, Greenfield');
  await form.getByLabel(label('Email')).fill(account.email);
  await form.getByLabel(label('Password')).fill(account.password);
  await form.getByLabel(label('Photos')).setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: samplePng(),
  });
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByLabel(label('Name'))).toHaveValue('');
}
