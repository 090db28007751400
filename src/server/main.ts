import closeWithGrace from 'close-with-grace';
import {
  ConfigError,
  demoPasswordsWarning,
  describeDatabase,
  describeMail,
  loadConfig,
  mailLinkWarning,
} from './config.js';
import { readSettings } from './features/settings/settings.repository.js';
import { prepareApp } from './startup.js';

/** Starts the server; every failure to start is one sentence on stderr and exit code 1. */
async function main(): Promise<void> {
  // This is the installed product: React's server rendering (loaded with the page renderer, after
  // this line) runs its production build, unless the environment asks for another.
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig();
  const { app, demoLogins, setupLink } = await prepareApp(config);

  // The drain gives up waiting at SHUTDOWN_TIMEOUT_MS; the extra time is for closing the database.
  closeWithGrace({ delay: config.shutdown.timeout + 5_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal ?? 'exit'}: no new connections; finishing the requests that arrived`);
    // Not app.close() alone, which answers 503 to requests on kept-alive connections and resets
    // idle ones (plugins/drain.ts).
    await app.drainAndClose();
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new ConfigError(`Port ${config.port} is already in use; stop the other program or set PORT.`);
    }
    if (code === 'EACCES') {
      throw new ConfigError(`Not allowed to listen on port ${config.port}; choose a PORT above 1023.`);
    }
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const school = (await readSettings(app.db)).name;
  const lines = [
    `Schoolyard is running on http://localhost:${port} for ${school} (${describeDatabase(config.database)})`,
    describeMail(config.mail),
  ];
  const linkWarning = mailLinkWarning(config.mail);
  if (linkWarning) lines.push(linkWarning);
  const demoWarning = demoPasswordsWarning(config);
  if (demoWarning) lines.push(demoWarning);
  if (setupLink) {
    lines.push(
      'This school is not set up yet: every page leads to the set-up page until its principal is made.',
      `Open this one-time link to create the principal's account and name the school (it replaces any link printed before):`,
      `  ${setupLink}`,
      '(Or run `npm run create-principal`.)',
    );
  }
  if (demoLogins) {
    lines.push('The demo school was created. Demo log-ins:');
    for (const login of demoLogins) {
      lines.push(
        `  ${login.type.padEnd(10)} ${login.email.padEnd(24)} password ${login.password}  ${login.note}`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? error.message
      : `Schoolyard could not start: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
