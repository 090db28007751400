import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { USER_TYPE } from '../../../shared/constants.js';
import type { Db } from '../../db/connect.js';
import { DEMO_PASSWORD } from '../../demo/index.js';
import type { FileStore } from '../../lib/file-store/file-store.js';

/**
 * Helpers of the account tests (imported by *.test.ts only). `call` is the one way the tests talk
 * to the app: it fails on any answer that carries a secret, so every answer of every test is
 * checked for password hashes, token hashes and plain passwords.
 */

export const DEMO = {
  principal: 'principal@demo.school',
  teacher: 'teacher@demo.school',
  teacher2: 'teacher2@demo.school',
  student: 'student@demo.school',
  student2: 'student2@demo.school',
  /** The demo parent: guardian of student@ and of her brother (docs/decisions/0021-families.md). */
  guardian: 'parent@demo.school',
  pendingParent: 'grace.mensah@demo.school',
  pendingTeacher: 'sam.rivera@demo.school',
} as const;

export const NEW_PASSWORD = 'a-new-secret-9';
export const REGISTRATION_PASSWORD = 'registered-secret-1';
const PLAIN_PASSWORDS = [DEMO_PASSWORD, NEW_PASSWORD, REGISTRATION_PASSWORD];

/** What no answer may contain; answers a list of what was found (empty when clean). */
export function findSecrets(body: string): string[] {
  const found: string[] = [];
  if (body.includes('$argon2')) found.push('an argon2 hash');
  if (/password_hash|passwordhash|token_hash|tokenhash/i.test(body)) found.push('a hash column');
  if (/"(password|currentPassword|newPassword)"\s*:\s*"/.test(body)) found.push('a password property');
  for (const plain of PLAIN_PASSWORDS) if (body.includes(plain)) found.push(`the password ${plain}`);
  return found;
}

let addressCount = 0;
/** A fresh client address, so that per-address limits of one test do not touch the next. */
export function nextAddress(): string {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

export async function call(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await app.inject({ remoteAddress: nextAddress(), ...options });
  const secrets = findSecrets(res.body);
  if (secrets.length > 0) {
    throw new Error(`${options.method ?? 'GET'} ${options.url} answered ${secrets.join(', ')}: ${res.body}`);
  }
  return res;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function login(app: FastifyInstance, email: string, password: string = DEMO_PASSWORD) {
  return call(app, { method: 'POST', url: '/api/users/login', payload: { email, password } });
}

export async function tokenOf(app: FastifyInstance, email: string, password: string = DEMO_PASSWORD) {
  const res = await login(app, email, password);
  if (res.statusCode !== 200) throw new Error(`log-in of ${email} answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** A small JPEG carrying a GPS position and a camera name in its EXIF, as phones write them. */
export async function jpegWithGps(
  width = 64,
  height = 48,
  background: string | { r: number; g: number; b: number } = { r: 200, g: 80, b: 40 },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

export async function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#3a7' } })
    .png()
    .toBuffer();
}

export interface FormFile {
  name: string;
  data: Buffer | string;
  type?: string;
}

/** Every registration field, valid; `overrides` replace (or, with undefined, remove) fields. */
export function registrationFields(
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    name: 'Nora Quist',
    degination: 'Art Teacher',
    discription: 'Ten years of painting with children.',
    type: USER_TYPE.teacher,
    gender: 'Female',
    dob: '1990-04-12',
    address: '12 Elm Street, Greenfield',
    contact: '+1 555 0100 200',
    email: 'nora.quist@example.org',
    password: REGISTRATION_PASSWORD,
    social_link: 'https://example.org/nora',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
}

export function form(fields: Record<string, string>, files: readonly FormFile[] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) {
    const bytes = typeof file.data === 'string' ? file.data : new Uint8Array(file.data);
    data.append('images', new Blob([bytes], { type: file.type ?? 'image/jpeg' }), file.name);
  }
  return data;
}

export async function register(
  app: FastifyInstance,
  fields: Record<string, string> = registrationFields(),
  files?: readonly FormFile[],
) {
  const images = files ?? [{ name: 'me.jpg', data: await jpegWithGps() }];
  return call(app, { method: 'POST', url: '/api/users', payload: form(fields, images) });
}

/** The names of the stored files under `users/`, in order. */
export async function storedUserFiles(files: FileStore): Promise<string[]> {
  const names: string[] = [];
  for await (const file of files.list()) {
    if (file.path.startsWith('users/')) names.push(file.path.slice('users/'.length));
  }
  return names.sort();
}

export async function countUsers(db: Db): Promise<{ users: number; photos: number }> {
  const users = await db
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const photos = await db
    .selectFrom('user_photo')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { users: Number(users.n), photos: Number(photos.n) };
}

export async function userIdOf(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('app_user')
    .select('id')
    .where('email_key', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}
