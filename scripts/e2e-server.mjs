// Starts the built server for the end-to-end tests on a data folder that is wiped first and after,
// with an SMTP server beside it that keeps every mail the app sends as a .eml file in E2E_MAIL_DIR
// (the specs read them: e2e/support/mailbox.ts), and the school's OpenID Connect provider
// (scripts/e2e-oidc-provider.mjs, for e2e/single-sign-on.spec.ts), listening before the server starts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startE2eOidcProvider } from './e2e-oidc-provider.mjs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
const mailDir = process.env.E2E_MAIL_DIR ?? `${dataDir}-mail`;
fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(mailDir, { recursive: true, force: true });
fs.mkdirSync(mailDir, { recursive: true });

// Plain SMTP on the loopback (no STARTTLS, any log-in accepted), as a test mailbox needs no more.
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      const name = `${String(Date.now()).padStart(15, '0')}-${String(received).padStart(6, '0')}.eml`;
      // Written aside and renamed, so a spec never reads half a mail.
      const partial = path.join(mailDir, `.${name}.part`);
      fs.promises
        .writeFile(partial, Buffer.concat(chunks))
        .then(() => fs.promises.rename(partial, path.join(mailDir, name)))
        .then(() => callback(), callback);
    });
  },
});
await new Promise((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(0, '127.0.0.1', resolve);
});
const smtpPort = smtp.server.address().port;

const publicUrl = `http://127.0.0.1:${process.env.PORT}`;
// For parents and staff alike, password log-in still on: the login page of every other spec gains
// the "Sign in with {name}" button and nothing else.
const oidc = await startE2eOidcProvider(`${publicUrl}/api/users/login/sso/callback`);

const server = spawn(process.execPath, ['dist/node/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_POLL_MS: '200',
    PUBLIC_URL: publicUrl,
    ...oidc.env,
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  smtp.close(() => undefined);
  oidc.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(mailDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
