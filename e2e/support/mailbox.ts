import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

/**
 * The mail the server under test sent: scripts/e2e-server.mjs runs an SMTP server that writes each
 * message it receives as a .eml file into E2E_MAIL_DIR (set by scripts/e2e.mjs), named so that
 * they sort in the order they arrived.
 */
const mailDir = (): string => {
  const dir = process.env.E2E_MAIL_DIR ?? (process.env.E2E_DATA_DIR && `${process.env.E2E_DATA_DIR}-mail`);
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the specs with scripts/e2e.mjs');
  return dir;
};

const addressesOf = (mail: ParsedMail): string[] =>
  [mail.to ?? []].flat().flatMap((to) => to.value.map((a) => (a.address ?? '').toLowerCase()));

/** Every mail to `address` so far, oldest first. */
export async function mailsTo(address: string): Promise<ParsedMail[]> {
  const names = (await fs.readdir(mailDir())).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(
    names.map(async (name) => simpleParser(await fs.readFile(path.join(mailDir(), name)))),
  );
  return mails.filter((mail) => addressesOf(mail).includes(address.toLowerCase()));
}

/** Waits until more than `before` mails to `address` have arrived; answers the newest. */
export async function nextMailTo(address: string, before: number): Promise<ParsedMail> {
  let mails: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailsTo(address);
        return mails.length;
      },
      {
        message: `a mail to ${address}`,
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(before);
  return mails.at(-1) as ParsedMail;
}
