// Starts the built server for the end-to-end tests on a data folder that is wiped first and after.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
fs.rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['dist/node/server/main.js'], { stdio: 'inherit', env: process.env });
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
