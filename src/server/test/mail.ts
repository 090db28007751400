import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './app.js';
import { createTestApp } from './app.js';
import type { TestEngine } from './databases.js';
import { type SchoolFixture, schoolFixture } from './school-fixtures.js';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture.js';

/**
 * The demo school sending its mail to a real SMTP server in the test process: `smtp.mails` holds
 * what arrived. The sender runs only when asked: `await sendMail(t)` delivers what is due.
 */
export function withMailingDemoSchool(engine: TestEngine): {
  t: TestApp;
  f: SchoolFixture;
  smtp: SmtpCapture;
} {
  const t = {} as TestApp;
  const f = {} as SchoolFixture;
  const smtp = {} as SmtpCapture;
  beforeAll(async () => {
    Object.assign(smtp, await startSmtpCapture());
    Object.assign(t, await createTestApp(engine, { demo: true, smtpUrl: smtp.url }));
    Object.assign(f, await schoolFixture(t));
  });
  afterAll(async () => {
    await t.dispose?.();
    await smtp.close?.();
  });
  return { t, f, smtp };
}

/** Delivers every due mail of the app's outbox now; answers how many went out. */
export async function sendMail(t: TestApp): Promise<number> {
  const sender = t.app.mailSender;
  if (!sender) throw new Error('this test app has no SMTP server (createTestApp smtpUrl)');
  return sender.deliverDue();
}
