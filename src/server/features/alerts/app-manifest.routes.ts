import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { mediaVariants } from '../../../shared/media-files.js';
import { readSettings } from '../settings/settings.repository.js';

/** The sizes of the app's icons: what Android and desktop browsers ask for to install an app. */
export const APP_ICON_SIZES = [192, 512] as const;
/** The product's colour (index.html's theme-color). */
const THEME = '#C2410C';

/** A square icon from the school's logo (on white, with room round it for a mask), or the default. */
async function makeIcon(logo: Buffer | undefined, size: number): Promise<Buffer> {
  if (logo) {
    const inner = Math.round(size * 0.8);
    const picture = await sharp(logo)
      .resize(inner, inner, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } })
      .png()
      .toBuffer();
    return sharp({ create: { width: size, height: size, channels: 4, background: '#ffffff' } })
      .composite([{ input: picture, gravity: 'centre' }])
      .png()
      .toBuffer();
  }
  // The default: a schoolhouse in white on the product's colour, drawn here (no file to find).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="${THEME}"/>
  <path d="M50 20 L80 42 L74 42 L74 78 L26 78 L26 42 L20 42 Z" fill="#ffffff"/>
  <rect x="43" y="58" width="14" height="20" fill="${THEME}"/>
  <circle cx="50" cy="44" r="6" fill="${THEME}"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The installable app (docs/decisions/0081-push-and-live.md): the web manifest, named after the
 * school and opening its dashboard, and its icons made from the school's logo. Outside /api: a
 * browser asks for them as files.
 */
export async function appManifestRoutes(app: FastifyInstance): Promise<void> {
  // Icons by logo and size: made once per logo a process sees.
  const icons = new Map<string, Promise<Buffer>>();

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
    const settings = await readSettings(app.db);
    const name = settings.name;
    const manifest = {
      name,
      short_name: name.length > 12 ? (name.split(/\s+/)[0] ?? name).slice(0, 12) : name,
      description: settings.description.slice(0, 300),
      id: '/dashboard',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: THEME,
      icons: APP_ICON_SIZES.flatMap((size) => [
        { src: `/app-icons/${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
        { src: `/app-icons/${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
      ]),
    };
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(manifest));
  });

  app.get(
    '/app-icons/:size.png',
    {
      schema: {
        hide: true,
        params: z.object({ size: z.enum(APP_ICON_SIZES.map(String) as ['192', '512']) }),
      },
    },
    async (request, reply) => {
      const size = Number((request.params as { size: string }).size);
      const { logo } = await readSettings(app.db);
      const key = `${logo}:${size}`;
      let icon = icons.get(key);
      if (!icon) {
        icon = (async () => {
          let bytes: Buffer | undefined;
          try {
            bytes =
              logo === '' ? undefined : await app.files.read(mediaVariants(logo)?.at(-1)?.image ?? logo);
            return await makeIcon(bytes, size);
          } catch {
            // A logo that cannot be read or drawn: the default, never an error.
            return makeIcon(undefined, size);
          }
        })();
        icons.set(key, icon);
        icon.catch(() => icons.delete(key));
      }
      return reply
        .type('image/png')
        .header('cache-control', 'no-cache')
        .send(await icon);
    },
  );
}
