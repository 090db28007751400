/**
 * The uploads section of `npm run bench` (docs/decisions/0011-upload-streaming.md: "uploads stream, memory
 * stays flat").
 *
 * The server runs as a process of its own (`src/server/main.ts` through tsx, on a fresh SQLite
 * data folder with the demo school, DEMO_DATA), so that the resident memory read from /proc is the
 * server's alone, not the bench's photos and HTTP clients. Ten registrations are sent at once, each
 * with ten photos of about 4.9 MB (12-megapixel noisy JPEGs, as a phone makes them); the target is
 * that the server's RSS grows by less than 150 MB. Then refused registrations (a file over the
 * limit, a file that is not a picture, a bad field, one bad photo among ten good ones, an upload the
 * client abandons halfway) must leave nothing in the temp folder and nothing extra in the uploads
 * folder. Last, on a second fresh server, the demo teacher posts ten photo moments at once
 * (docs/decisions/0079-photo-consent.md), each with the same ten photos and tagging children of
 * their class: the same 150 MB target.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const TARGET_GROWTH_MB = 150;
const PARALLEL = 10;
const PHOTOS = 10;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A 4000 x 3000 JPEG of noise around a colour: about 4.9 MB at quality 90, under the 5 MiB limit
 * and, unlike a smooth test picture, as expensive to decode and encode as a real photo.
 */
async function noisyPhoto(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 100 + seed * 10, g: 140, b: 100 },
      noise: { type: 'gaussian', mean: 120 + seed, sigma: 16 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface Server {
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The real entry point in a child process; answers once it prints the address it listens on. */
async function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'src/server/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // A school that is set up (an empty one answers 503 SETUP_REQUIRED), with the demo teacher
      // and classes the photo moments need.
      DEMO_DATA: 'true',
      // Each registration comes from an address of its own (X-Forwarded-For), so that the limit of
      // ten registrations an hour per address does not refuse the bench's own requests.
      TRUST_PROXY_HOPS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /running on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
    );
  });
  return {
    base,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory now and its high-water mark, in bytes, from /proc (Linux only). */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number } | undefined> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  if (!status) return undefined;
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Every file and folder under `dir` (relative paths), or none when it does not exist. */
async function entriesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.sort();
}

/** A 64 x 48 JPEG: the warm-up's picture. */
async function smallPhoto(): Promise<Blob> {
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();
  return new Blob([new Uint8Array(data)]);
}

/**
 * The server's RSS growth under `parallel`, printed with the answers: `warmUp` runs first, so that
 * sharp, argon2 and the database are loaded and warm and the growth measured is what the parallel
 * uploads cost, not what the first one loads.
 */
async function growthUnder(
  pid: number,
  warmUp: () => Promise<void>,
  parallel: () => Promise<number[]>,
  done: string,
): Promise<{ statuses: number[] }> {
  const started = await memoryOf(pid);
  await warmUp();
  await sleep(1000);
  const before = await memoryOf(pid);
  // Reset the high-water mark (VmHWM) so that it reports the peak of the run below alone.
  const peakReset = await fs
    .writeFile(`/proc/${pid}/clear_refs`, '5')
    .then(() => true)
    .catch(() => false);
  let polledPeak = before?.rss ?? 0;
  const poller = setInterval(() => {
    void memoryOf(pid).then((m) => {
      if (m && m.rss > polledPeak) polledPeak = m.rss;
    });
  }, 20);

  const startedAt = performance.now();
  const statuses = await parallel().finally(() => clearInterval(poller));
  const seconds = (performance.now() - startedAt) / 1000;
  const atEnd = await memoryOf(pid);
  await sleep(2000);
  const settled = await memoryOf(pid);

  const created = statuses.filter((s) => s === 201).length;
  console.log(
    `${created} of ${statuses.length} ${done} (answers ${[...new Set(statuses)].join(', ')}) in ${seconds.toFixed(1)} s`,
  );
  if (before && atEnd) {
    const peak = Math.max(peakReset ? atEnd.peak : 0, polledPeak, atEnd.rss);
    const growth = peak - before.rss;
    console.log(
      `server RSS: at start ${mb(started?.rss ?? 0)}, warm ${mb(before.rss)}, peak ${mb(peak)}, ` +
        `2 s after ${mb(settled?.rss ?? 0)}`,
    );
    console.log(
      `growth ${mb(growth)} (target < ${TARGET_GROWTH_MB} MB): ${growth < TARGET_GROWTH_MB * 1024 * 1024 ? 'met' : 'MISSED'}`,
    );
  } else {
    console.log('server RSS not measured (no /proc on this system)');
  }
  return { statuses };
}

let addressCount = 0;
const nextAddress = () => {
  addressCount += 1;
  return `198.51.100.${addressCount}`;
};

function registrationForm(email: string, photos: readonly { name: string; data: Blob }[]): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    name: 'Bench Person',
    degination: 'Teacher',
    discription: 'Registers with many large photos.',
    type: 'Teacher',
    gender: 'Female',
    dob: '1990-04-12',
    address: '1 Bench Road',
    contact: '+1 555 0100 200',
    email,
    password: 'bench-password-1',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append('images', photo.data, photo.name);
  return form;
}

async function register(base: string, form: FormData): Promise<number> {
  const res = await fetch(`${base}/api/users`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': nextAddress() },
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Sends the head of a registration and two megabytes of a photo, waits until the server holds a
 * temporary file (or gives up after five seconds), then drops the connection.
 */
async function abandonUpload(base: string, photo: Buffer, tmpDir: string): Promise<boolean> {
  const boundary = `bench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHalf Way\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="half.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const url = new URL(`${base}/api/users`);
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + photo.length + 100),
      'x-forwarded-for': nextAddress(),
    },
  });
  request.on('error', () => {});
  request.write(head);
  request.write(photo.subarray(0, 2 * 1024 * 1024));
  let sawTemporary = false;
  for (let i = 0; i < 50 && !sawTemporary; i++) {
    await sleep(100);
    sawTemporary = (await entriesUnder(tmpDir)).length > 0;
  }
  request.destroy();
  return sawTemporary;
}

export async function runUploadBench(root: string): Promise<void> {
  console.log('\n== Uploads (the server in a process of its own, SQLite)');
  const dataDir = path.join(root, 'uploads-bench');
  const tmpDir = path.join(dataDir, 'tmp');
  const usersDir = path.join(dataDir, 'uploads', 'users');

  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => noisyPhoto(i)));
  const blobs = photos.map((data, i) => ({ name: `photo-${i}.jpg`, data: new Blob([new Uint8Array(data)]) }));
  const average = photos.reduce((sum, p) => sum + p.length, 0) / photos.length;
  console.log(
    `${PHOTOS} photos of ${(average / 1e6).toFixed(1)} MB (4000 x 3000 JPEG); ${PARALLEL} registrations at once, each with all ${PHOTOS}`,
  );

  const server = await startServer(dataDir);
  const pid = server.process.pid ?? 0;
  try {
    const small = await smallPhoto();
    const { statuses } = await growthUnder(
      pid,
      async () => {
        const warm = await register(
          server.base,
          registrationForm('warm.up@bench.example', [{ name: 'small.jpg', data: small }]),
        );
        if (warm !== 201) throw new Error(`the warm-up registration answered ${warm}`);
      },
      () =>
        Promise.all(
          Array.from({ length: PARALLEL }, (_, i) =>
            register(server.base, registrationForm(`parallel.${i}@bench.example`, blobs)),
          ),
        ),
      'registered',
    );
    const created = statuses.filter((s) => s === 201).length;
    const tmpAfterSuccess = await entriesUnder(tmpDir);
    const stored = await entriesUnder(usersDir);
    console.log(
      `after them: ${stored.length} pictures stored (expected ${created * PHOTOS + 1}), ` +
        `${tmpAfterSuccess.length} entries in the temp folder`,
    );

    // Refused registrations must leave nothing behind.
    const tooLarge = Buffer.concat([photos[0] ?? Buffer.alloc(0), crypto.randomBytes(1024 * 1024)]);
    const notAPicture = new Blob(['these are not pixels']);
    const refused: [string, number, Promise<number>][] = [
      [
        'a 5.9 MB file',
        413,
        register(
          server.base,
          registrationForm('too.large@bench.example', [
            ...blobs.slice(0, 3),
            { name: 'huge.jpg', data: new Blob([new Uint8Array(tooLarge)]) },
          ]),
        ),
      ],
      [
        'a text file named .jpg',
        400,
        register(
          server.base,
          registrationForm('text@bench.example', [{ name: 'notes.jpg', data: notAPicture }]),
        ),
      ],
      ['a bad email with ten photos', 400, register(server.base, registrationForm('not-an-email', blobs))],
      [
        'nine photos and one text file',
        400,
        register(
          server.base,
          registrationForm('nine.good@bench.example', [
            ...blobs.slice(0, 9),
            { name: 'notes.jpg', data: notAPicture },
          ]),
        ),
      ],
    ];
    const answers = await Promise.all(refused.map(([, , answer]) => answer));
    const abandoned = await abandonUpload(server.base, photos[1] ?? Buffer.alloc(0), tmpDir);
    // The server notices the dropped connection on its own time; give it a moment.
    let leftInTmp = await entriesUnder(tmpDir);
    for (let i = 0; i < 50 && leftInTmp.length > 0; i++) {
      await sleep(100);
      leftInTmp = await entriesUnder(tmpDir);
    }
    refused.forEach(([label, expected], i) => {
      const got = answers[i];
      console.log(`refused: ${label.padEnd(30)} ${got}${got === expected ? '' : ` (expected ${expected})`}`);
    });
    console.log(
      `abandoned upload: ${abandoned ? 'streamed to a temporary file, then dropped' : 'no temporary file seen while it was sent'}`,
    );
    const storedAfter = await entriesUnder(usersDir);
    const extra = storedAfter.filter((f) => !stored.includes(f));
    console.log(
      `left behind by refused ones: ${leftInTmp.length} entries in the temp folder, ${extra.length} extra pictures in uploads: ` +
        (leftInTmp.length === 0 && extra.length === 0 ? 'clean' : 'NOT CLEAN'),
    );
  } finally {
    await server.stop();
  }
  await runMomentBench(path.join(root, 'moments-bench'), blobs);
}

const DEMO_TEACHER = { email: 'teacher@demo.school', password: 'demo12345' };
/** The children one moment tags: a table's group in a class. */
const TAGGED = 6;

async function logIn(base: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify(who),
  });
  if (res.status !== 200) throw new Error(`log-in as ${who.email} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

function momentForm(children: readonly number[], photos: readonly { name: string; data: Blob }[]): FormData {
  const form = new FormData();
  form.append('caption', 'Painting the garden fence, many photos at once.');
  form.append('children', children.join(','));
  form.append('everyoneTagged', 'true');
  for (const photo of photos) form.append('photos', photo.data, photo.name);
  return form;
}

async function postMoment(base: string, token: string, form: FormData): Promise<number> {
  const res = await fetch(`${base}/api/photo-moments`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextAddress() },
  });
  await res.arrayBuffer();
  return res.status;
}

/** Ten photo moments of ten large photos each at once, by the demo teacher, on a fresh server. */
async function runMomentBench(
  dataDir: string,
  blobs: readonly { name: string; data: Blob }[],
): Promise<void> {
  console.log(
    `\n== Photo moments (a fresh server in a process of its own, SQLite): ${PARALLEL} posts at once by one teacher, each with all ${PHOTOS} photos`,
  );
  const server = await startServer(dataDir);
  const pid = server.process.pid ?? 0;
  try {
    const token = await logIn(server.base, DEMO_TEACHER);
    const taggable = await fetch(`${server.base}/api/photo-moments/children`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await taggable.json()) as { data: { id: number; className: string }[] };
    const firstClass = data[0]?.className;
    const children = data
      .filter((child) => child.className === firstClass)
      .slice(0, TAGGED)
      .map((child) => child.id);
    if (children.length === 0) throw new Error('the demo teacher has no child to tag');
    const small = await smallPhoto();
    const { statuses } = await growthUnder(
      pid,
      async () => {
        const warm = await postMoment(
          server.base,
          token,
          momentForm(children, [{ name: 'small.jpg', data: small }]),
        );
        if (warm !== 201) throw new Error(`the warm-up photo moment answered ${warm}`);
      },
      () =>
        Promise.all(
          Array.from({ length: PARALLEL }, () => postMoment(server.base, token, momentForm(children, blobs))),
        ),
      `posted, each tagging ${children.length} children of ${firstClass}`,
    );
    const posted = statuses.filter((s) => s === 201).length;
    const stored = await entriesUnder(path.join(dataDir, 'uploads', 'moments'));
    const leftInTmp = await entriesUnder(path.join(dataDir, 'tmp'));
    console.log(
      `after them: ${stored.length} photo files stored (each photo in its widths; ${posted * PHOTOS + 1} photos), ` +
        `${leftInTmp.length} entries in the temp folder`,
    );
  } finally {
    await server.stop();
  }
}
