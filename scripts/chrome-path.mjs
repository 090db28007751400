import fs from 'node:fs';

/**
 * The Chromium to drive, without downloading a browser (DEVELOPERS.md): CHROME_PATH, else Debian's
 * /usr/bin/chromium, else the binary the @sparticuz/chromium package ships.
 */
export async function resolveChromePath() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new Error(`CHROME_PATH points at ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

/** Flags for a closed network: no background calls home, no sandbox as root. */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
