import {
  BRIGHT,
  balloon,
  beachBall,
  block,
  book,
  bunting,
  butterfly,
  COLORS,
  cloud,
  confetti,
  crayon,
  figure,
  flower,
  grassTufts,
  handPosition,
  heart,
  hills,
  kite,
  type Look,
  n,
  openBook,
  PASTELS,
  type Pose,
  portrait,
  rainbow,
  randomLook,
  schoolHouse,
  skyGradient,
  star,
  sun,
  tree,
  wallPattern,
  windowFrame,
} from './art.js';
import type { Random } from './random.js';

/**
 * Whole pictures for the demo school, each drawn from a seeded random generator so every image
 * differs a little. A scene returns the inside of an `<svg>` of the given size.
 */
export type Scene = (rng: Random, w: number, h: number) => string;

export function svgDocument(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/**
 * Scale for a child figure so that it stands about a third of the picture's height (a little
 * more in wide card pictures, where they would otherwise look lost).
 */
const kidScale = (h: number, factor = 1, w = h): number =>
  (h / 600) * 1.45 * factor * (w / h >= 1.45 ? 1.2 : 1);

function outdoor(rng: Random, w: number, h: number, horizon: number, withSun = true): string {
  const parts = [
    `<defs>${skyGradient('sky', '#7CCBFA', '#E8F8FF')}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
  ];
  if (withSun) parts.push(sun(w * rng.range(0.78, 0.88), h * rng.range(0.12, 0.18), Math.min(w, h) * 0.075));
  const clouds = rng.int(2, 3);
  for (let i = 0; i < clouds; i++) {
    parts.push(
      cloud(
        w * (0.12 + i * 0.28 + rng.range(0, 0.08)),
        h * rng.range(0.1, 0.3),
        (h / 600) * rng.range(0.8, 1.2),
      ),
    );
  }
  parts.push(hills(w, h, horizon, '#9BDB8A', '#74C56B', rng));
  return parts.join('');
}

function indoor(rng: Random, w: number, h: number, floorY: number): string {
  const wall = rng.pick(PASTELS);
  const floor = rng.pick(['#F4D6A0', '#EFC98E', '#F7DFB5'] as const);
  let planks = '';
  for (let x = rng.range(20, 60); x < w; x += 120) {
    planks += `<path d="M ${n(x)} ${n(floorY)} L ${n(x - 40)} ${h}" stroke="#D9B47A" stroke-width="2"/>`;
  }
  return (
    `<rect width="${w}" height="${h}" fill="${wall}"/>` +
    wallPattern(w, floorY, rng.pick(BRIGHT), rng) +
    `<rect x="0" y="${n(floorY)}" width="${w}" height="${n(h - floorY)}" fill="${floor}"/>` +
    planks +
    `<rect x="0" y="${n(floorY - 10)}" width="${w}" height="12" fill="#FFFFFF" opacity="0.8"/>`
  );
}

function kids(rng: Random, count: number): Look[] {
  const looks: Look[] = [];
  for (let i = 0; i < count; i++) looks.push(randomLook(rng, { gender: i % 2 === 0 ? 'girl' : 'boy' }));
  return rng.shuffle(looks);
}

const holdBook =
  (cover: string) =>
  (hands: { left: [number, number]; right: [number, number] }): string =>
    openBook(0, (hands.left[1] + hands.right[1]) / 2 - 4, 0.56, cover);

// ---------------------------------------------------------------- outdoor scenes

export const schoolDay: Scene = (rng, w, h) => {
  const horizon = h * 0.66;
  const ground = h * 0.96;
  const k = kidScale(h, 1.05, w);
  const p = [outdoor(rng, w, h, horizon)];
  p.push(rainbow(w * 0.3, horizon + 10, h * 0.4, h * 0.025, 0.7));
  p.push(tree(w * 0.1, horizon + 40, (h / 600) * 1.25, '#4FA95B', COLORS.red));
  p.push(tree(w * 0.9, horizon + 30, (h / 600) * 1.05, '#5DB85F'));
  p.push(
    schoolHouse(
      w * 0.52,
      horizon + h * 0.12,
      (h / 600) * 1.2,
      rng.pick(['#FFB562', '#FFD6A5', '#F9C74F'] as const),
      COLORS.red,
    ),
  );
  p.push(grassTufts(w, h * 0.86, rng));
  const looks = kids(rng, 4);
  const slots = [0.14, 0.36, 0.66, 0.88];
  const poses: Pose[] = ['wave', 'up', 'down', 'wave'];
  looks.forEach((look, i) => {
    const pose = poses[i] ?? 'down';
    const fo = {
      x: w * (slots[i] ?? 0.5),
      y: ground - rng.range(0, h * 0.03),
      scale: k * rng.range(0.92, 1.05),
      flip: i === 3,
    };
    if (pose === 'up' || pose === 'wave') {
      const hand = handPosition(fo, pose, 'right');
      const bx = hand[0] + (fo.flip ? -1 : 1) * w * 0.03;
      p.push(balloon(bx, hand[1] - h * 0.2, (h / 600) * 1.3, rng.pick(BRIGHT), hand));
      if (pose === 'up') {
        const left = handPosition(fo, pose, 'left');
        p.push(balloon(left[0] - w * 0.04, left[1] - h * 0.16, (h / 600) * 1.15, rng.pick(BRIGHT), left));
      }
    }
    p.push(figure(look, { ...fo, pose }));
  });
  for (let i = 0; i < 6; i++)
    p.push(flower(rng.range(0, w), h * rng.range(0.92, 1.0), (h / 600) * 1.1, rng.pick(BRIGHT)));
  return p.join('');
};

export const readingTree: Scene = (rng, w, h) => {
  const horizon = h * 0.62;
  const ground = h * 0.95;
  const k = kidScale(h, 1, w);
  const p = [outdoor(rng, w, h, horizon)];
  p.push(tree(w * 0.22, ground - h * 0.08, (h / 600) * 2.6, '#4FA95B', COLORS.orange));
  p.push(grassTufts(w, h * 0.85, rng));
  const looks = kids(rng, 3);
  const xs = [0.42, 0.64, 0.86];
  looks.forEach((look, i) => {
    p.push(
      figure(look, {
        x: w * (xs[i] ?? 0.5),
        y: ground - (i % 2) * h * 0.03,
        scale: k * rng.range(0.9, 1.05),
        pose: 'hold',
        holding: holdBook(rng.pick(BRIGHT)),
      }),
    );
  });
  p.push(butterfly(w * 0.58, h * 0.4, (h / 600) * 1.4, COLORS.pink, -12));
  p.push(butterfly(w * 0.8, h * 0.33, (h / 600) * 1.1, COLORS.purple, 15));
  for (let i = 0; i < 5; i++)
    p.push(flower(rng.range(0, w), h * rng.range(0.93, 1.0), h / 600, rng.pick(BRIGHT)));
  return p.join('');
};

export const kitePark: Scene = (rng, w, h) => {
  const horizon = h * 0.68;
  const ground = h * 0.96;
  const k = kidScale(h, 1, w);
  // No sun here: the sky belongs to the kites.
  const p = [outdoor(rng, w, h, horizon, false)];
  p.push(tree(w * 0.08, horizon + 30, (h / 600) * 1.1, '#5DB85F'));
  p.push(grassTufts(w, h * 0.86, rng));
  const looks = kids(rng, 3);
  const xs = [0.22, 0.5, 0.8];
  const kitePos: [number, number][] = [
    [0.18, 0.22],
    [0.52, 0.14],
    [0.8, 0.3],
  ];
  looks.forEach((look, i) => {
    const pose: Pose = i === 1 ? 'up' : 'wave';
    const fo = {
      x: w * (xs[i] ?? 0.5),
      y: ground - (i % 2) * h * 0.02,
      scale: k * rng.range(0.92, 1.05),
      flip: i === 0,
    };
    const hand = handPosition(fo, pose, 'right');
    const kp = kitePos[i] ?? [0.5, 0.2];
    p.push(
      kite(
        w * kp[0] + rng.range(-20, 20),
        h * kp[1],
        (h / 600) * 1.1,
        rng.pick(BRIGHT),
        rng.pick(BRIGHT),
        rng.range(-20, 20),
        hand,
      ),
    );
    p.push(figure(look, { ...fo, pose }));
  });
  for (let i = 0; i < 5; i++)
    p.push(flower(rng.range(0, w), h * rng.range(0.93, 1.0), h / 600, rng.pick(BRIGHT)));
  return p.join('');
};

export const playground: Scene = (rng, w, h) => {
  const horizon = h * 0.64;
  const ground = h * 0.95;
  const k = kidScale(h, 0.95, w);
  const s = h / 600;
  const p = [outdoor(rng, w, h, horizon)];
  // Swing frame on the right.
  const sx = w * 0.76;
  const sy = ground - h * 0.06;
  p.push(
    `<path d="M ${n(sx - 110 * s)} ${n(sy)} L ${n(sx - 80 * s)} ${n(sy - 260 * s)} L ${n(sx + 80 * s)} ${n(sy - 260 * s)} L ${n(sx + 110 * s)} ${n(sy)}" stroke="${COLORS.red}" stroke-width="${n(12 * s)}" fill="none" stroke-linejoin="round"/>`,
    `<path d="M ${n(sx - 30 * s)} ${n(sy - 258 * s)} V ${n(sy - 80 * s)} M ${n(sx + 30 * s)} ${n(sy - 258 * s)} V ${n(sy - 80 * s)}" stroke="#6D6D6D" stroke-width="${n(3 * s)}"/>`,
    `<rect x="${n(sx - 40 * s)}" y="${n(sy - 84 * s)}" width="${n(80 * s)}" height="${n(12 * s)}" rx="${n(5 * s)}" fill="${COLORS.yellow}"/>`,
  );
  // Slide on the left: ladder, platform, curved chute.
  const lx = w * 0.2;
  p.push(
    `<path d="M ${n(lx - 40 * s)} ${n(ground - 12 * s)} L ${n(lx - 40 * s)} ${n(ground - 240 * s)} M ${n(lx)} ${n(ground - 12 * s)} L ${n(lx)} ${n(ground - 240 * s)}" stroke="${COLORS.blue}" stroke-width="${n(10 * s)}" stroke-linecap="round"/>`,
  );
  for (let i = 1; i < 6; i++) {
    p.push(
      `<path d="M ${n(lx - 40 * s)} ${n(ground - 12 * s - i * 40 * s)} H ${n(lx)}" stroke="${COLORS.blue}" stroke-width="${n(6 * s)}"/>`,
    );
  }
  p.push(
    `<rect x="${n(lx - 50 * s)}" y="${n(ground - 252 * s)}" width="${n(70 * s)}" height="${n(14 * s)}" rx="${n(6 * s)}" fill="${COLORS.orange}"/>`,
    `<path d="M ${n(lx + 14 * s)} ${n(ground - 246 * s)} C ${n(lx + 90 * s)} ${n(ground - 200 * s)} ${n(lx + 110 * s)} ${n(ground - 40 * s)} ${n(lx + 190 * s)} ${n(ground - 20 * s)}" stroke="${COLORS.yellow}" stroke-width="${n(26 * s)}" fill="none" stroke-linecap="round"/>`,
    `<path d="M ${n(lx + 14 * s)} ${n(ground - 246 * s)} C ${n(lx + 90 * s)} ${n(ground - 200 * s)} ${n(lx + 110 * s)} ${n(ground - 40 * s)} ${n(lx + 190 * s)} ${n(ground - 20 * s)}" stroke="#FFFFFF" stroke-width="${n(6 * s)}" fill="none" opacity="0.5" stroke-linecap="round"/>`,
  );
  p.push(grassTufts(w, h * 0.88, rng));
  const looks = kids(rng, 2);
  // One child on the swing seat, one at the foot of the slide, a ball between them.
  const swinger = looks[0];
  if (swinger) p.push(figure(swinger, { x: sx, y: sy - 84 * s + 30 * k, scale: k * 0.85, pose: 'up' }));
  const slider = looks[1];
  if (slider) p.push(figure(slider, { x: lx + 215 * s, y: ground - 4 * s, scale: k, pose: 'up' }));
  p.push(beachBall(w * 0.07, ground - 24 * s, 24 * s));
  for (let i = 0; i < 4; i++) p.push(flower(rng.range(0, w), h * rng.range(0.94, 1.0), s, rng.pick(BRIGHT)));
  return p.join('');
};

export const parachute: Scene = (rng, w, h) => {
  const horizon = h * 0.66;
  const ground = h * 0.96;
  const k = kidScale(h, 0.95, w);
  const p = [outdoor(rng, w, h, horizon)];
  p.push(grassTufts(w, h * 0.86, rng));
  // The play parachute, lifted high: a dome of coloured wedges.
  const cx = w * 0.5;
  const baseY = ground - 118 * k;
  const rx = w * 0.42;
  const ry = h * 0.34;
  const wedges = 8;
  for (let i = 0; i < wedges; i++) {
    const a0 = Math.PI + (i * Math.PI) / wedges;
    const a1 = Math.PI + ((i + 1) * Math.PI) / wedges;
    const c = BRIGHT[i % BRIGHT.length] ?? COLORS.orange;
    p.push(
      `<path d="M ${n(cx)} ${n(baseY + 10)} L ${n(cx + Math.cos(a0) * rx)} ${n(baseY + Math.sin(a0) * ry)} A ${n(rx)} ${n(ry)} 0 0 1 ${n(cx + Math.cos(a1) * rx)} ${n(baseY + Math.sin(a1) * ry)} Z" fill="${c}"/>`,
    );
  }
  p.push(
    `<ellipse cx="${n(cx)}" cy="${n(baseY)}" rx="${n(rx)}" ry="${n(h * 0.03)}" fill="#000000" opacity="0.08"/>`,
  );
  const looks = kids(rng, 4);
  const xs = [0.14, 0.38, 0.62, 0.86];
  looks.forEach((look, i) => {
    p.push(figure(look, { x: w * (xs[i] ?? 0.5), y: ground - (i % 2) * h * 0.02, scale: k, pose: 'up' }));
  });
  return p.join('');
};

export const natureGarden: Scene = (rng, w, h) => {
  const horizon = h * 0.6;
  const ground = h * 0.95;
  const k = kidScale(h, 1, w);
  const s = h / 600;
  const p = [outdoor(rng, w, h, horizon)];
  p.push(tree(w * 0.88, horizon + 40, s * 1.3, '#4FA95B', COLORS.yellow));
  for (let i = 0; i < 14; i++) {
    p.push(flower(rng.range(0, w), h * rng.range(0.72, 0.9), s * rng.range(1.1, 1.6), rng.pick(BRIGHT)));
  }
  // Flower pots with sprouts.
  for (let i = 0; i < 3; i++) {
    const x = w * (0.08 + i * 0.11);
    const y = ground;
    p.push(
      `<path d="M ${n(x - 24 * s)} ${n(y - 50 * s)} L ${n(x + 24 * s)} ${n(y - 50 * s)} L ${n(x + 18 * s)} ${n(y)} L ${n(x - 18 * s)} ${n(y)} Z" fill="#E07A5F"/>`,
      `<rect x="${n(x - 28 * s)}" y="${n(y - 58 * s)}" width="${n(56 * s)}" height="${n(12 * s)}" rx="${n(4 * s)}" fill="#C8553D"/>`,
      `<path d="M ${n(x)} ${n(y - 58 * s)} V ${n(y - 90 * s)}" stroke="#3E8E41" stroke-width="${n(4 * s)}"/>`,
      `<ellipse cx="${n(x - 10 * s)}" cy="${n(y - 92 * s)}" rx="${n(12 * s)}" ry="${n(6 * s)}" fill="#6BCB77" transform="rotate(-25 ${n(x - 10 * s)} ${n(y - 92 * s)})"/>`,
      `<ellipse cx="${n(x + 10 * s)}" cy="${n(y - 96 * s)}" rx="${n(12 * s)}" ry="${n(6 * s)}" fill="#6BCB77" transform="rotate(25 ${n(x + 10 * s)} ${n(y - 96 * s)})"/>`,
    );
  }
  const looks = kids(rng, 2);
  const explorer = { x: w * 0.5, y: ground, scale: k };
  const first = looks[0];
  if (first) {
    const hand = handPosition(explorer, 'reach', 'right');
    p.push(figure(first, { ...explorer, pose: 'reach' }));
    // A magnifying glass in the outstretched hand.
    p.push(
      `<path d="M ${n(hand[0])} ${n(hand[1])} L ${n(hand[0] + 18 * k)} ${n(hand[1] - 18 * k)}" stroke="#6D4C41" stroke-width="${n(6 * k)}" stroke-linecap="round"/>`,
      `<circle cx="${n(hand[0] + 30 * k)}" cy="${n(hand[1] - 30 * k)}" r="${n(17 * k)}" fill="#DFF6FF" fill-opacity="0.6" stroke="#2E3A59" stroke-width="${n(5 * k)}"/>`,
    );
  }
  const second = looks[1];
  if (second)
    p.push(figure(second, { x: w * 0.72, y: ground - h * 0.02, scale: k * 0.95, pose: 'wave', flip: true }));
  p.push(butterfly(w * 0.62, h * 0.42, s * 1.5, COLORS.orange, 10));
  p.push(butterfly(w * 0.36, h * 0.3, s * 1.2, COLORS.purple, -15));
  p.push(butterfly(w * 0.16, h * 0.5, s, COLORS.pink, 5));
  return p.join('');
};

// ---------------------------------------------------------------- indoor scenes

export const playroom: Scene = (rng, w, h) => {
  const floorY = h * 0.7;
  const ground = h * 0.95;
  const k = kidScale(h, 1, w);
  const s = h / 600;
  const p = [indoor(rng, w, h, floorY)];
  p.push(windowFrame(w * 0.62, h * 0.12, w * 0.26, h * 0.28));
  p.push(bunting(0, h * 0.04, w * 0.55, h * 0.06, 7, rng));
  p.push(
    `<ellipse cx="${n(w * 0.5)}" cy="${n(h * 0.88)}" rx="${n(w * 0.42)}" ry="${n(h * 0.09)}" fill="${rng.pick(BRIGHT)}" opacity="0.45"/>`,
  );
  // A tower of blocks.
  const size = 58 * s;
  const bx = w * 0.08;
  const symbols = ['star', 'heart', 'circle', 'triangle'] as const;
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3 - row; col++) {
      p.push(
        block(
          bx + col * size + (row * size) / 2,
          ground - (row + 1) * size,
          size - 4,
          rng.pick(BRIGHT),
          rng.pick(symbols),
        ),
      );
    }
  }
  const looks = kids(rng, 2);
  const builder = looks[0];
  if (builder) {
    const fo = { x: bx + size * 4.1, y: ground, scale: k, flip: true };
    p.push(figure(builder, { ...fo, pose: 'reach' }));
    const hand = handPosition(fo, 'reach', 'right');
    p.push(block(hand[0] - size * 0.4, hand[1] - size * 0.4, size * 0.8, rng.pick(BRIGHT), 'star'));
  }
  const waver = looks[1];
  if (waver) p.push(figure(waver, { x: w * 0.8, y: ground - h * 0.02, scale: k, pose: 'wave' }));
  p.push(beachBall(w * 0.6, ground - 26 * s, 26 * s));
  return p.join('');
};

function painting(x: number, y: number, w: number, h: number, rng: Random): string {
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="#FFFFFF" stroke="#E8E1D0" stroke-width="3"/>` +
    `<circle cx="${n(x + w * 0.78)}" cy="${n(y + h * 0.24)}" r="${n(h * 0.13)}" fill="${COLORS.yellow}"/>` +
    `<path d="M ${n(x + 4)} ${n(y + h * 0.78)} Q ${n(x + w * 0.5)} ${n(y + h * 0.58)} ${n(x + w - 4)} ${n(y + h * 0.76)} V ${n(y + h - 4)} H ${n(x + 4)} Z" fill="${COLORS.green}"/>` +
    `<rect x="${n(x + w * 0.2)}" y="${n(y + h * 0.45)}" width="${n(w * 0.28)}" height="${n(h * 0.3)}" fill="${rng.pick([COLORS.red, COLORS.orange, COLORS.purple] as const)}"/>` +
    `<path d="M ${n(x + w * 0.16)} ${n(y + h * 0.47)} L ${n(x + w * 0.34)} ${n(y + h * 0.28)} L ${n(x + w * 0.52)} ${n(y + h * 0.47)} Z" fill="${COLORS.blue}"/>` +
    flower(x + w * 0.66, y + h * 0.86, h / 140, COLORS.pink)
  );
}

export const artClass: Scene = (rng, w, h) => {
  const floorY = h * 0.72;
  const ground = h * 0.95;
  const k = kidScale(h, 1, w);
  const s = h / 600;
  const p = [indoor(rng, w, h, floorY)];
  p.push(bunting(w * 0.3, h * 0.03, w, h * 0.05, 7, rng));
  // Children's drawings pinned to the wall.
  for (let i = 0; i < 3; i++) {
    const x = w * (0.05 + i * 0.12);
    const y = h * (0.1 + (i % 2) * 0.06);
    p.push(
      `<g transform="rotate(${rng.int(-6, 6)} ${n(x + 30 * s)} ${n(y + 30 * s)})"><rect x="${n(x)}" y="${n(y)}" width="${n(62 * s)}" height="${n(70 * s)}" fill="#FFFFFF"/>` +
        `${i === 1 ? heart(x + 31 * s, y + 40 * s, s * 1.6, COLORS.red) : star(x + 31 * s, y + 36 * s, 20 * s, rng.pick(BRIGHT))}` +
        `<circle cx="${n(x + 31 * s)}" cy="${n(y + 4 * s)}" r="${n(4 * s)}" fill="${COLORS.red}"/></g>`,
    );
  }
  // Easel with a painting of a house under the sun.
  const ex = w * 0.62;
  p.push(
    `<path d="M ${n(ex - 70 * s)} ${n(ground)} L ${n(ex)} ${n(ground - 330 * s)} L ${n(ex + 70 * s)} ${n(ground)} M ${n(ex)} ${n(ground - 330 * s)} L ${n(ex)} ${n(ground)}" stroke="#9C6644" stroke-width="${n(10 * s)}" stroke-linecap="round" fill="none"/>`,
    `<rect x="${n(ex - 90 * s)}" y="${n(ground - 150 * s)}" width="${n(180 * s)}" height="${n(12 * s)}" rx="${n(4 * s)}" fill="#7F5539"/>`,
  );
  p.push(painting(ex - 84 * s, ground - 300 * s, 168 * s, 150 * s, rng));
  // Paint palette and splashes.
  p.push(
    `<ellipse cx="${n(w * 0.88)}" cy="${n(ground - 10 * s)}" rx="${n(48 * s)}" ry="${n(16 * s)}" fill="#E9C46A"/>`,
  );
  [COLORS.red, COLORS.blue, COLORS.green, COLORS.yellow].forEach((c, i) => {
    p.push(
      `<circle cx="${n(w * 0.88 - 30 * s + i * 20 * s)}" cy="${n(ground - 12 * s)}" r="${n(6 * s)}" fill="${c}"/>`,
    );
  });
  const looks = kids(rng, 2);
  const painter = looks[0];
  if (painter) {
    const fo = { x: ex - 150 * s, y: ground, scale: k };
    const hand = handPosition(fo, 'reach', 'right');
    p.push(figure(painter, { ...fo, pose: 'reach' }));
    p.push(
      `<path d="M ${n(hand[0] - 6 * k)} ${n(hand[1] + 6 * k)} L ${n(hand[0] + 22 * k)} ${n(hand[1] - 18 * k)}" stroke="#9C6644" stroke-width="${n(4 * k)}" stroke-linecap="round"/>`,
      `<circle cx="${n(hand[0] + 24 * k)}" cy="${n(hand[1] - 20 * k)}" r="${n(4 * k)}" fill="${COLORS.blue}"/>`,
    );
  }
  const friend = looks[1];
  if (friend) p.push(figure(friend, { x: w * 0.12, y: ground - h * 0.02, scale: k * 0.95, pose: 'wave' }));
  return p.join('');
};

function bookshelf(x: number, y: number, w: number, h: number, rng: Random): string {
  const shelves = 3;
  const gap = h / shelves;
  const p = [`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="8" fill="#A0522D"/>`];
  for (let i = 0; i < shelves; i++) {
    const top = y + i * gap + 8;
    p.push(
      `<rect x="${n(x + 8)}" y="${n(top)}" width="${n(w - 16)}" height="${n(gap - 16)}" fill="#7A3E1D"/>`,
    );
    let bx = x + 12;
    while (bx < x + w - 30) {
      const bw = rng.range(14, 24);
      const bh = (gap - 20) * rng.range(0.72, 0.98);
      const c = rng.pick(BRIGHT);
      p.push(
        `<rect x="${n(bx)}" y="${n(top + gap - 16 - bh)}" width="${n(bw)}" height="${n(bh)}" rx="2" fill="${c}"/>`,
        `<rect x="${n(bx + 2)}" y="${n(top + gap - 16 - bh * 0.7)}" width="${n(bw - 4)}" height="4" fill="#FFFFFF" opacity="0.5"/>`,
      );
      bx += bw + 2;
    }
    p.push(`<rect x="${n(x + 4)}" y="${n(top + gap - 10)}" width="${n(w - 8)}" height="10" fill="#8B4513"/>`);
  }
  return p.join('');
}

export const library: Scene = (rng, w, h) => {
  const floorY = h * 0.72;
  const ground = h * 0.95;
  const k = kidScale(h, 1, w);
  const s = h / 600;
  const p = [indoor(rng, w, h, floorY)];
  p.push(bookshelf(w * 0.04, h * 0.14, w * 0.4, h * 0.6, rng));
  p.push(star(w * 0.7, h * 0.14, 18 * s, COLORS.yellow), star(w * 0.86, h * 0.24, 12 * s, COLORS.orange));
  // A beanbag and a stack of books.
  p.push(
    `<path d="M ${n(w * 0.58)} ${n(ground)} C ${n(w * 0.52)} ${n(ground - 120 * s)} ${n(w * 0.72)} ${n(ground - 150 * s)} ${n(w * 0.8)} ${n(ground - 70 * s)} C ${n(w * 0.86)} ${n(ground - 20 * s)} ${n(w * 0.8)} ${n(ground + 4)} ${n(w * 0.7)} ${n(ground + 4)} Z" fill="${rng.pick([COLORS.purple, COLORS.teal, COLORS.pink] as const)}"/>`,
  );
  for (let i = 0; i < 4; i++) {
    p.push(
      book(w * 0.86 - i * 2, ground - (i + 1) * 18 * s, 84 * s, 16 * s, rng.pick(BRIGHT), rng.range(-3, 3)),
    );
  }
  const looks = kids(rng, 2);
  const reader = looks[0];
  if (reader)
    p.push(
      figure(reader, { x: w * 0.52, y: ground, scale: k, pose: 'hold', holding: holdBook(rng.pick(BRIGHT)) }),
    );
  const second = looks[1];
  if (second)
    p.push(
      figure(second, {
        x: w * 0.7,
        y: ground - h * 0.04,
        scale: k * 0.92,
        pose: 'hold',
        holding: holdBook(rng.pick(BRIGHT)),
      }),
    );
  return p.join('');
};

export const storyCircle: Scene = (rng, w, h) => {
  const floorY = h * 0.7;
  const ground = h * 0.96;
  const k = kidScale(h, 0.9, w);
  const s = h / 600;
  const p = [indoor(rng, w, h, floorY)];
  p.push(windowFrame(w * 0.06, h * 0.12, w * 0.2, h * 0.24));
  p.push(bunting(w * 0.3, h * 0.03, w, h * 0.04, 8, rng));
  p.push(
    `<ellipse cx="${n(w * 0.5)}" cy="${n(h * 0.9)}" rx="${n(w * 0.46)}" ry="${n(h * 0.08)}" fill="${rng.pick(BRIGHT)}" opacity="0.4"/>`,
  );
  const teacher = randomLook(rng, { adult: true, gender: 'girl' });
  p.push(
    figure(teacher, {
      x: w * 0.5,
      y: ground - h * 0.1,
      scale: (h / 600) * 1.5,
      adult: true,
      pose: 'hold',
      holding: (hands) => openBook(0, (hands.left[1] + hands.right[1]) / 2 - 8, 0.9, COLORS.red),
    }),
  );
  const looks = kids(rng, 4);
  const xs = [0.12, 0.28, 0.72, 0.88];
  looks.forEach((look, i) => {
    p.push(
      figure(look, {
        x: w * (xs[i] ?? 0.5),
        y: ground,
        scale: k,
        pose: i % 2 === 0 ? 'wave' : 'down',
        flip: i >= 2,
      }),
    );
  });
  p.push(star(w * 0.62, h * 0.14, 16 * s, COLORS.yellow), star(w * 0.4, h * 0.2, 10 * s, COLORS.pink));
  return p.join('');
};

export const chalkboard: Scene = (rng, w, h) => {
  const floorY = h * 0.74;
  const ground = h * 0.96;
  const k = kidScale(h, 1, w);
  const s = h / 600;
  const p = [indoor(rng, w, h, floorY)];
  const bx = w * 0.08;
  const by = h * 0.1;
  const bw = w * 0.84;
  const bh = h * 0.46;
  p.push(
    `<rect x="${n(bx - 12)}" y="${n(by - 12)}" width="${n(bw + 24)}" height="${n(bh + 24)}" rx="12" fill="#9C6644"/>`,
    `<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}" rx="6" fill="#2F5D50"/>`,
    `<rect x="${n(bx + bw * 0.1)}" y="${n(by + bh + 6)}" width="${n(bw * 0.8)}" height="10" rx="4" fill="#7F5539"/>`,
  );
  // Chalk drawings: sun, house, flower, rainbow and hearts.
  const chalk = (d: string, c = '#F5F5F5'): string =>
    `<path d="${d}" stroke="${c}" stroke-width="${n(5 * s)}" fill="none" stroke-linecap="round" stroke-linejoin="round" opacity="0.9"/>`;
  const cx = bx + bw * 0.18;
  const cy = by + bh * 0.3;
  p.push(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(26 * s)}" stroke="#FFE066" stroke-width="${n(5 * s)}" fill="none"/>`,
  );
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    p.push(
      chalk(
        `M ${n(cx + Math.cos(a) * 36 * s)} ${n(cy + Math.sin(a) * 36 * s)} L ${n(cx + Math.cos(a) * 50 * s)} ${n(cy + Math.sin(a) * 50 * s)}`,
        '#FFE066',
      ),
    );
  }
  const hx = bx + bw * 0.42;
  const hy = by + bh * 0.82;
  p.push(
    chalk(
      `M ${n(hx)} ${n(hy)} V ${n(hy - 70 * s)} H ${n(hx + 90 * s)} V ${n(hy)} Z M ${n(hx - 12 * s)} ${n(hy - 66 * s)} L ${n(hx + 45 * s)} ${n(hy - 120 * s)} L ${n(hx + 102 * s)} ${n(hy - 66 * s)} M ${n(hx + 34 * s)} ${n(hy)} V ${n(hy - 34 * s)} H ${n(hx + 56 * s)} V ${n(hy)}`,
    ),
  );
  p.push(rainbow(bx + bw * 0.82, by + bh * 0.6, 70 * s, 8 * s, 0.75));
  p.push(
    chalk(`M ${n(bx + bw * 0.66)} ${n(by + bh * 0.92)} q 10 -30 0 -56`, '#9BE39B'),
    `<circle cx="${n(bx + bw * 0.66)}" cy="${n(by + bh * 0.92 - 60 * s)}" r="${n(14 * s)}" stroke="#FF9FC0" stroke-width="${n(5 * s)}" fill="none"/>`,
  );
  const looks = kids(rng, 2);
  const artist = looks[0];
  if (artist) {
    const fo = { x: w * 0.3, y: ground, scale: k };
    p.push(figure(artist, { ...fo, pose: 'wave' }));
  }
  const friend = looks[1];
  if (friend) p.push(figure(friend, { x: w * 0.74, y: ground, scale: k * 0.95, pose: 'reach', flip: true }));
  return p.join('');
};

/** A top-down table with a child's crayon drawing and crayons around it. */
export const crayonDrawing: Scene = (rng, w, h) => {
  const s = Math.min(w, h) / 600;
  const p = [`<rect width="${w}" height="${h}" fill="#F7D9A8"/>`];
  for (let y = 40; y < h; y += 90) {
    p.push(`<path d="M 0 ${y} H ${w}" stroke="#E9C48A" stroke-width="3"/>`);
  }
  const pw = w * 0.7;
  const ph = h * 0.62;
  const px = (w - pw) / 2;
  const py = h * 0.14;
  const angle = rng.range(-5, 5);
  const stroke = (d: string, c: string, width = 7): string =>
    `<path d="${d}" stroke="${c}" stroke-width="${n(width * s)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
  const art: string[] = [];
  art.push(
    `<rect x="${n(px + 8)}" y="${n(py + 10)}" width="${n(pw)}" height="${n(ph)}" fill="#000000" opacity="0.08"/>`,
    `<rect x="${n(px)}" y="${n(py)}" width="${n(pw)}" height="${n(ph)}" fill="#FFFFFF"/>`,
  );
  // Sun with scribbled rays.
  const sx = px + pw * 0.82;
  const sy = py + ph * 0.2;
  art.push(`<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(30 * s)}" fill="#FFD23F"/>`);
  for (let i = 0; i < 9; i++) {
    const a = (i * 2 * Math.PI) / 9;
    art.push(
      stroke(
        `M ${n(sx + Math.cos(a) * 40 * s)} ${n(sy + Math.sin(a) * 40 * s)} L ${n(sx + Math.cos(a) * 56 * s)} ${n(sy + Math.sin(a) * 56 * s)}`,
        '#FFB000',
        5,
      ),
    );
  }
  // Grass, a house and a stick-figure family.
  art.push(
    stroke(
      `M ${n(px + 10)} ${n(py + ph * 0.86)} q 30 -20 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0`,
      '#4CAF50',
      8,
    ),
  );
  const hx = px + pw * 0.1;
  const hy = py + ph * 0.84;
  art.push(
    stroke(`M ${n(hx)} ${n(hy)} V ${n(hy - 110 * s)} H ${n(hx + 120 * s)} V ${n(hy)} Z`, COLORS.red),
    stroke(
      `M ${n(hx - 14 * s)} ${n(hy - 104 * s)} L ${n(hx + 60 * s)} ${n(hy - 170 * s)} L ${n(hx + 134 * s)} ${n(hy - 104 * s)}`,
      COLORS.blue,
    ),
    stroke(`M ${n(hx + 45 * s)} ${n(hy)} V ${n(hy - 50 * s)} H ${n(hx + 75 * s)} V ${n(hy)}`, COLORS.brown),
  );
  const family = [
    { x: 0.55, size: 1.1, c: COLORS.purple },
    { x: 0.66, size: 1.0, c: COLORS.pink },
    { x: 0.76, size: 0.7, c: COLORS.orange },
  ];
  for (const member of family) {
    const fx = px + pw * member.x;
    const fy = py + ph * 0.82;
    const z = s * member.size;
    art.push(
      `<circle cx="${n(fx)}" cy="${n(fy - 120 * z)}" r="${n(16 * z)}" fill="none" stroke="${member.c}" stroke-width="${n(5 * s)}"/>`,
      stroke(
        `M ${n(fx)} ${n(fy - 104 * z)} V ${n(fy - 50 * z)} M ${n(fx)} ${n(fy - 50 * z)} L ${n(fx - 18 * z)} ${n(fy)} M ${n(fx)} ${n(fy - 50 * z)} L ${n(fx + 18 * z)} ${n(fy)} M ${n(fx - 28 * z)} ${n(fy - 88 * z)} L ${n(fx + 28 * z)} ${n(fy - 88 * z)}`,
        member.c,
        5,
      ),
    );
  }
  art.push(heart(px + pw * 0.42, py + ph * 0.2, s * 1.8, COLORS.pink));
  p.push(`<g transform="rotate(${n(angle)} ${n(w / 2)} ${n(h / 2)})">${art.join('')}</g>`);
  // Crayons scattered around.
  const colors = rng.shuffle(BRIGHT);
  for (let i = 0; i < 6; i++) {
    const c = colors[i] ?? COLORS.red;
    const bottom = i % 2 === 0;
    const x = w * (0.08 + i * 0.14);
    const y = bottom ? h * rng.range(0.84, 0.92) : h * rng.range(0.04, 0.09);
    p.push(crayon(x, y, 80 * s, rng.range(-25, 25), c));
  }
  return p.join('');
};

/** Children behind a table painting a rainbow together. */
export const paintTable: Scene = (rng, w, h) => {
  const floorY = h * 0.68;
  const k = kidScale(h, 1, w);
  const s = h / 600;
  const tableY = h * 0.7;
  const p = [indoor(rng, w, h, floorY)];
  p.push(bunting(0, h * 0.05, w, h * 0.05, 9, rng));
  const looks = kids(rng, 3);
  const xs = [0.2, 0.5, 0.8];
  looks.forEach((look, i) => {
    p.push(
      figure(look, {
        x: w * (xs[i] ?? 0.5),
        y: tableY + 40 * k,
        scale: k,
        pose: i === 1 ? 'up' : 'wave',
        flip: i === 2,
      }),
    );
  });
  p.push(
    `<rect x="${n(w * 0.04)}" y="${n(tableY)}" width="${n(w * 0.92)}" height="${n(h * 0.08)}" rx="10" fill="#F4A261"/>`,
    `<rect x="${n(w * 0.04)}" y="${n(tableY + h * 0.08)}" width="${n(w * 0.92)}" height="${n(h * 0.22)}" fill="#E76F51"/>`,
    `<rect x="${n(w * 0.1)}" y="${n(tableY + h * 0.12)}" width="${n(w * 0.8)}" height="${n(h * 0.12)}" rx="8" fill="#FFFFFF" opacity="0.2"/>`,
  );
  // A sheet with a rainbow on the table, paint pots, brushes.
  p.push(
    `<rect x="${n(w * 0.3)}" y="${n(tableY - h * 0.02)}" width="${n(w * 0.4)}" height="${n(h * 0.07)}" fill="#FFFFFF"/>`,
  );
  p.push(rainbow(w * 0.5, tableY + h * 0.045, h * 0.06, h * 0.008, 0.95));
  [COLORS.red, COLORS.blue, COLORS.yellow, COLORS.green].forEach((c, i) => {
    const x = w * (0.1 + i * 0.06) + (i > 1 ? w * 0.56 : 0);
    p.push(
      `<rect x="${n(x)}" y="${n(tableY - 26 * s)}" width="${n(30 * s)}" height="${n(30 * s)}" rx="${n(6 * s)}" fill="#FFFFFF"/>`,
      `<rect x="${n(x + 3 * s)}" y="${n(tableY - 22 * s)}" width="${n(24 * s)}" height="${n(10 * s)}" rx="${n(4 * s)}" fill="${c}"/>`,
    );
  });
  p.push(confetti(w, h * 0.3, rng, 10));
  return p.join('');
};

export const bedtimeStory: Scene = (rng, w, h) => {
  const floorY = h * 0.74;
  const ground = h * 0.96;
  const k = kidScale(h, 1, w);
  const s = h / 600;
  const p = [
    `<rect width="${w}" height="${h}" fill="#5B4B8A"/>`,
    `<rect x="0" y="${n(floorY)}" width="${w}" height="${n(h - floorY)}" fill="#8C6BB1"/>`,
  ];
  // Night window with moon and stars.
  const wx = w * 0.58;
  const wy = h * 0.1;
  const ww = w * 0.34;
  const wh = h * 0.36;
  p.push(
    `<rect x="${n(wx - 8)}" y="${n(wy - 8)}" width="${n(ww + 16)}" height="${n(wh + 16)}" rx="10" fill="#F2E9FF"/>`,
    `<rect x="${n(wx)}" y="${n(wy)}" width="${n(ww)}" height="${n(wh)}" rx="4" fill="#24305E"/>`,
    `<circle cx="${n(wx + ww * 0.7)}" cy="${n(wy + wh * 0.32)}" r="${n(wh * 0.17)}" fill="#FFF1A8"/>`,
    `<circle cx="${n(wx + ww * 0.76)}" cy="${n(wy + wh * 0.27)}" r="${n(wh * 0.15)}" fill="#24305E"/>`,
  );
  for (let i = 0; i < 6; i++) {
    p.push(
      star(wx + rng.range(0.08, 0.55) * ww, wy + rng.range(0.1, 0.85) * wh, rng.range(4, 8) * s, '#FFE066'),
    );
  }
  p.push(`<path d="M ${n(wx + ww / 2)} ${n(wy)} V ${n(wy + wh)}" stroke="#F2E9FF" stroke-width="8"/>`);
  // Lamp with a warm glow.
  const lx = w * 0.16;
  p.push(
    `<defs><radialGradient id="glow"><stop offset="0" stop-color="#FFE9A8" stop-opacity="0.9"/><stop offset="1" stop-color="#FFE9A8" stop-opacity="0"/></radialGradient></defs>`,
    `<circle cx="${n(lx)}" cy="${n(h * 0.42)}" r="${n(h * 0.3)}" fill="url(#glow)"/>`,
    `<rect x="${n(lx - 4 * s)}" y="${n(h * 0.44)}" width="${n(8 * s)}" height="${n(ground - h * 0.44)}" fill="#C9B8E8"/>`,
    `<path d="M ${n(lx - 44 * s)} ${n(h * 0.45)} L ${n(lx - 26 * s)} ${n(h * 0.35)} L ${n(lx + 26 * s)} ${n(h * 0.35)} L ${n(lx + 44 * s)} ${n(h * 0.45)} Z" fill="#FFD23F"/>`,
    `<ellipse cx="${n(lx)}" cy="${n(ground)}" rx="${n(30 * s)}" ry="${n(8 * s)}" fill="#C9B8E8"/>`,
  );
  // Teddy bear.
  const tx = w * 0.82;
  const ty = ground - 40 * s;
  p.push(
    `<g fill="#B07D4F"><circle cx="${n(tx)}" cy="${n(ty)}" r="${n(34 * s)}"/><circle cx="${n(tx)}" cy="${n(ty - 52 * s)}" r="${n(26 * s)}"/><circle cx="${n(tx - 22 * s)}" cy="${n(ty - 72 * s)}" r="${n(10 * s)}"/><circle cx="${n(tx + 22 * s)}" cy="${n(ty - 72 * s)}" r="${n(10 * s)}"/><circle cx="${n(tx - 32 * s)}" cy="${n(ty + 24 * s)}" r="${n(12 * s)}"/><circle cx="${n(tx + 32 * s)}" cy="${n(ty + 24 * s)}" r="${n(12 * s)}"/></g>`,
    `<ellipse cx="${n(tx)}" cy="${n(ty - 44 * s)}" rx="${n(10 * s)}" ry="${n(7 * s)}" fill="#E8C9A8"/><circle cx="${n(tx - 9 * s)}" cy="${n(ty - 58 * s)}" r="${n(3 * s)}" fill="#2B2B2B"/><circle cx="${n(tx + 9 * s)}" cy="${n(ty - 58 * s)}" r="${n(3 * s)}" fill="#2B2B2B"/><circle cx="${n(tx)}" cy="${n(ty - 46 * s)}" r="${n(3 * s)}" fill="#2B2B2B"/>`,
  );
  const looks = kids(rng, 2);
  const reader = looks[0];
  if (reader)
    p.push(
      figure(reader, { x: w * 0.42, y: ground, scale: k, pose: 'hold', holding: holdBook(COLORS.teal) }),
    );
  const listener = looks[1];
  if (listener) p.push(figure(listener, { x: w * 0.62, y: ground - h * 0.02, scale: k * 0.9, pose: 'down' }));
  return p.join('');
};

/** A lunchbox seen from above: sandwich, apple, carrots, grapes and a water bottle. */
export const lunchbox: Scene = (rng, w, h) => {
  const s = Math.min(w, h) / 400;
  const p = [`<rect width="${w}" height="${h}" fill="#FFF3C4"/>`];
  // Checked napkin.
  const check = 40;
  for (let y = 0; y < h; y += check) {
    for (let x = 0; x < w; x += check) {
      if ((x / check + y / check) % 2 === 0)
        p.push(`<rect x="${x}" y="${y}" width="${check}" height="${check}" fill="#FFB5A7" opacity="0.55"/>`);
    }
  }
  const bw = w * 0.62;
  const bh = h * 0.66;
  const bx = w * 0.1;
  const by = (h - bh) / 2;
  const box = rng.pick([COLORS.teal, COLORS.blue, COLORS.purple] as const);
  p.push(
    `<rect x="${n(bx + 8)}" y="${n(by + 10)}" width="${n(bw)}" height="${n(bh)}" rx="26" fill="#000000" opacity="0.12"/>`,
    `<rect x="${n(bx)}" y="${n(by)}" width="${n(bw)}" height="${n(bh)}" rx="26" fill="${box}"/>`,
    `<rect x="${n(bx + 14)}" y="${n(by + 14)}" width="${n(bw * 0.55 - 20)}" height="${n(bh - 28)}" rx="16" fill="#FFFFFF"/>`,
    `<rect x="${n(bx + bw * 0.55 + 6)}" y="${n(by + 14)}" width="${n(bw * 0.45 - 20)}" height="${n(bh / 2 - 20)}" rx="16" fill="#FFFFFF"/>`,
    `<rect x="${n(bx + bw * 0.55 + 6)}" y="${n(by + bh / 2 + 6)}" width="${n(bw * 0.45 - 20)}" height="${n(bh / 2 - 20)}" rx="16" fill="#FFFFFF"/>`,
  );
  // Sandwich triangles.
  const sx = bx + bw * 0.28;
  const sy = by + bh * 0.5;
  for (const dy of [-1, 1]) {
    const y0 = sy + dy * 6 * s;
    p.push(
      `<path d="M ${n(sx - 60 * s)} ${n(y0 + dy * 50 * s)} L ${n(sx + 60 * s)} ${n(y0 + dy * 50 * s)} L ${n(sx)} ${n(y0)} Z" fill="#F4D58D" stroke="#D4A373" stroke-width="${n(6 * s)}" stroke-linejoin="round"/>`,
      `<path d="M ${n(sx - 40 * s)} ${n(y0 + dy * 36 * s)} L ${n(sx + 40 * s)} ${n(y0 + dy * 36 * s)}" stroke="#8BC34A" stroke-width="${n(6 * s)}" stroke-linecap="round"/>`,
    );
  }
  // Carrot sticks.
  const cx = bx + bw * 0.78;
  const cy = by + bh * 0.25;
  for (let i = 0; i < 4; i++) {
    p.push(
      `<rect x="${n(cx - 40 * s + i * 20 * s)}" y="${n(cy - 36 * s)}" width="${n(12 * s)}" height="${n(70 * s)}" rx="${n(6 * s)}" fill="#FF8C42" transform="rotate(${-10 + i * 6} ${n(cx)} ${n(cy)})"/>`,
    );
  }
  // Grapes.
  const gx = bx + bw * 0.78;
  const gy = by + bh * 0.72;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3 - r; c++) {
      p.push(
        `<circle cx="${n(gx - 18 * s + c * 18 * s + r * 9 * s)}" cy="${n(gy - 18 * s + r * 16 * s)}" r="${n(10 * s)}" fill="#7B2CBF"/>`,
      );
    }
  }
  // Apple and water bottle beside the box.
  const ax = w * 0.84;
  const ay = h * 0.3;
  p.push(
    `<circle cx="${n(ax - 12 * s)}" cy="${n(ay)}" r="${n(30 * s)}" fill="${COLORS.red}"/><circle cx="${n(ax + 12 * s)}" cy="${n(ay)}" r="${n(30 * s)}" fill="${COLORS.red}"/>`,
    `<path d="M ${n(ax)} ${n(ay - 26 * s)} q 2 -14 8 -18" stroke="#6D4C41" stroke-width="${n(5 * s)}" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="${n(ax + 16 * s)}" cy="${n(ay - 40 * s)}" rx="${n(12 * s)}" ry="${n(6 * s)}" fill="#6BCB77"/>`,
    `<ellipse cx="${n(ax - 18 * s)}" cy="${n(ay - 10 * s)}" rx="${n(7 * s)}" ry="${n(11 * s)}" fill="#FFFFFF" opacity="0.4"/>`,
  );
  const wx = w * 0.84;
  const wy = h * 0.56;
  p.push(
    `<rect x="${n(wx - 22 * s)}" y="${n(wy)}" width="${n(44 * s)}" height="${n(110 * s)}" rx="${n(14 * s)}" fill="#8ED6FF"/>`,
    `<rect x="${n(wx - 16 * s)}" y="${n(wy - 18 * s)}" width="${n(32 * s)}" height="${n(22 * s)}" rx="${n(6 * s)}" fill="${COLORS.orange}"/>`,
    `<rect x="${n(wx - 22 * s)}" y="${n(wy + 40 * s)}" width="${n(44 * s)}" height="${n(24 * s)}" fill="#FFFFFF" opacity="0.5"/>`,
  );
  return p.join('');
};

// ---------------------------------------------------------------- portraits

export function portraitScene(look: Look, adult: boolean, rng: Random): Scene {
  return (_rng, w) => portrait(look, w, rng.pick(PASTELS), rng.pick(BRIGHT), adult);
}
