import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { emailField, nameField, passwordField } from '../../shared/api/users.js';
import { ConfigError, describeDatabase, loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { clearSetupTokens } from '../features/setup/setup.repository.js';
import { createPrincipal } from '../features/users/users.service.js';
import { HttpError } from '../lib/errors.js';

/**
 * `npm run create-principal -- --email x@school.org --name "Margaret Osei"`: the first principal
 * of a school (docs/contract/fixes-and-gaps.md#fix-9), active at once. The password is read from one line of
 * stdin with `--password-stdin`, or asked twice on a terminal without echo; it never appears in the command
 * line or the shell history. Every failure is one line on stderr and exit code 1.
 */

const USAGE = `Usage: npm run create-principal -- --email <email> --name "<full name>" [--password-stdin]

  --email           the principal's log-in email
  --name            the principal's full name
  --password-stdin  read the password from the first line of stdin (otherwise it is asked twice)

Uses DATA_DIR / DATABASE_URL like the server, and brings the database up to date first.`;

class Failure extends Error {}

async function main(): Promise<void> {
  let values: { email?: string; name?: string; 'password-stdin'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new Failure(`${error instanceof Error ? error.message : String(error)} (see --help)`);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const email = check(emailField, values.email, '--email');
  const name = check(nameField, values.name, '--name');
  const password = check(passwordField, await readPassword(values['password-stdin'] === true), 'password');

  const config = loadConfig();
  const db = await connectDatabase(config.database);
  try {
    await migrateToLatest(db);
    const { id } = await db.transaction().execute(async (trx) => {
      const principal = await createPrincipal(trx, { email, name, password });
      // A first principal made here instead of with the printed set-up link: the link is done too.
      await clearSetupTokens(trx);
      return principal;
    });
    process.stdout.write(
      `Created the principal ${name} <${email}> (id ${id}) in ${describeDatabase(config.database)}; they can log in now.\n`,
    );
  } catch (error) {
    if (error instanceof HttpError && error.code === 'EMAIL_TAKEN') {
      throw new Failure(`${email} is already registered; choose another email.`);
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

function check<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new Failure(`${what}: ${result.error.issues[0]?.message ?? 'is not valid'}.`);
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readFirstLine();
  if (!process.stdin.isTTY) {
    throw new Failure('No terminal to ask for the password: pipe it in with --password-stdin.');
  }
  const first = await askHidden('Password for the principal: ');
  const second = await askHidden('The same password again: ');
  if (first !== second) throw new Failure('The two passwords differ; nothing was created.');
  return first;
}

async function readFirstLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if ((chunk as Buffer).includes(10)) break;
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.split(/\r?\n/)[0] ?? '';
}

/** Reads one line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004')
          return finish(new Failure('Cancelled; nothing was created.'));
        if (char === '\u007f' || char === '\b') value = Array.from(value).slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    input.on('data', onData);
  });
}

try {
  await main();
} catch (error) {
  const message =
    error instanceof Failure || error instanceof ConfigError
      ? error.message
      : `Could not create the principal: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
