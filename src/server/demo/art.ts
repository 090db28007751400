import type { Random } from './random.js';

/**
 * Building blocks for the demo school's illustrations: flat, rounded, brightly coloured SVG
 * shapes (figures, sun, clouds, hills, books, crayons, toys). Every function returns an SVG
 * fragment; `scenes.ts` arranges them into pictures. All our own drawing, no template art.
 */

export const COLORS = {
  orange: '#FF8C42',
  yellow: '#FFD23F',
  teal: '#2EC4B6',
  sky: '#5BC0EB',
  pink: '#FF5D8F',
  purple: '#9B5DE5',
  green: '#6BCB77',
  red: '#F25F5C',
  blue: '#4D96FF',
  navy: '#2E3A59',
  brown: '#9C6644',
  white: '#FFFFFF',
} as const;

export const BRIGHT = [
  COLORS.orange,
  COLORS.yellow,
  COLORS.teal,
  COLORS.sky,
  COLORS.pink,
  COLORS.purple,
  COLORS.green,
  COLORS.red,
  COLORS.blue,
] as const;

export const PASTELS = ['#FFE8D6', '#FFF3C4', '#D8F3EF', '#DDF0FB', '#FFE0EA', '#EBDDFB', '#E3F6DF'] as const;

export const SKIN_TONES = ['#FDDCB5', '#F3C89B', '#E5AE78', '#C98B5A', '#A0673F', '#6F4426'] as const;
export const HAIR_COLORS = [
  '#2B1A12',
  '#4A2E1F',
  '#7B4A2A',
  '#C98E3B',
  '#E2B857',
  '#A34A28',
  '#1C1C1C',
] as const;

export type HairStyle = 'short' | 'side' | 'long' | 'bob' | 'pigtails' | 'bun' | 'curly' | 'afro' | 'spiky';

export interface Look {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  shirt: string;
  pants: string;
  shoes: string;
  outfit: 'shirt' | 'dress';
  /** A pattern on the shirt. */
  detail: 'stripe' | 'dots' | 'star' | 'plain';
  glasses?: boolean;
  beard?: boolean;
  earrings?: boolean;
  /** Colour of a headscarf, which replaces the hair. */
  scarf?: string;
}

/** Rounds coordinates so the SVG stays small. */
export const n = (value: number): number => Math.round(value * 10) / 10;

export function randomLook(
  rng: Random,
  options: { adult?: boolean; gender?: 'girl' | 'boy'; skin?: string } = {},
): Look {
  const gender = options.gender ?? (rng.chance(0.5) ? 'girl' : 'boy');
  const girl = gender === 'girl';
  // Grown-ups get grown-up hair: no pigtails or spikes.
  const girlStyles = options.adult
    ? (['long', 'bob', 'bun', 'curly', 'afro', 'long'] as const)
    : (['long', 'bob', 'pigtails', 'bun', 'curly', 'afro'] as const);
  const boyStyles = options.adult
    ? (['short', 'side', 'curly', 'short', 'side'] as const)
    : (['short', 'side', 'curly', 'spiky', 'afro', 'short'] as const);
  const hairStyle: HairStyle = girl ? rng.pick(girlStyles) : rng.pick(boyStyles);
  const shirt = rng.pick(BRIGHT);
  const skin = options.skin ?? rng.pick(SKIN_TONES);
  // Darker skin tones mostly come with dark hair; fair ones with any colour.
  const darker = SKIN_TONES.indexOf(skin as (typeof SKIN_TONES)[number]) >= 3;
  const look: Look = {
    skin,
    hair: darker ? rng.pick(['#2B1A12', '#1C1C1C', '#4A2E1F'] as const) : rng.pick(HAIR_COLORS),
    hairStyle,
    shirt,
    pants: rng.pick(['#3D5A80', '#2E3A59', '#6D597A', '#4D96FF', '#7A6C5D', '#355070'] as const),
    shoes: rng.pick(['#E63946', '#2E3A59', '#F4A261', '#264653', '#9B5DE5'] as const),
    outfit: girl && rng.chance(0.6) ? 'dress' : 'shirt',
    detail: rng.pick(['stripe', 'dots', 'star', 'plain'] as const),
  };
  if (options.adult) {
    look.glasses = rng.chance(0.35);
    look.beard = !girl && hairStyle !== 'curly' && rng.chance(0.35);
    look.earrings = girl && rng.chance(0.5);
    if (girl && rng.chance(0.2))
      look.scarf = rng.pick([COLORS.teal, COLORS.purple, '#E76F51', '#2A9D8F'] as const);
  } else if (girl && rng.chance(0.08)) {
    look.scarf = rng.pick([COLORS.pink, COLORS.teal] as const);
  }
  return look;
}

// ---------------------------------------------------------------- heads and figures

const CAP_SHORT =
  'M -23 2 C -26 -20 -12 -27 0 -27 C 14 -27 27 -20 23 2 C 20 -8 16 -13 10 -12 C 2 -18 -10 -16 -16 -10 C -20 -6 -22 -3 -23 2 Z';
const CAP_SIDE =
  'M -23 4 C -25 -18 -12 -27 2 -27 C 16 -27 26 -18 23 4 C 22 -6 18 -12 12 -14 C 2 -10 -12 -10 -20 -4 Z';
const CAP_SPIKY =
  'M -23 0 L -25 -14 L -17 -16 L -16 -27 L -7 -22 L -2 -31 L 5 -23 L 13 -29 L 15 -19 L 24 -17 L 23 0 C 18 -10 8 -12 0 -11 C -10 -12 -19 -9 -23 0 Z';

/**
 * Curls of hair: circles of radius `size` on an ellipse (radii `rx`, `ry`, centre `dy` below the head's
 * centre), one every `step` degrees from `from` to `to`.
 */
function curls(
  color: string,
  { from, to, step }: { from: number; to: number; step: number },
  { rx, ry, dy }: { rx: number; ry: number; dy: number },
  size: number,
): string {
  let out = '';
  for (let a = from; a <= to; a += step) {
    const r = (a * Math.PI) / 180;
    out += `<circle cx="${n(Math.cos(r) * rx)}" cy="${n(Math.sin(r) * ry + dy)}" r="${size}" fill="${color}"/>`;
  }
  return out;
}

function hairBack(look: Look): string {
  const c = look.hair;
  switch (look.hairStyle) {
    case 'long':
      return `<path d="M -25 -6 C -28 -24 -14 -30 0 -30 C 14 -30 28 -24 25 -6 L 28 28 Q 14 34 0 31 Q -14 34 -28 28 Z" fill="${c}"/>`;
    case 'bob':
      return `<path d="M -26 -6 C -28 -24 -14 -30 0 -30 C 14 -30 28 -24 26 -6 L 27 14 Q 0 22 -27 14 Z" fill="${c}"/>`;
    case 'pigtails':
      return `<circle cx="-29" cy="-4" r="10" fill="${c}"/><circle cx="29" cy="-4" r="10" fill="${c}"/><circle cx="-33" cy="8" r="7" fill="${c}"/><circle cx="33" cy="8" r="7" fill="${c}"/>`;
    case 'bun':
      return `<circle cx="0" cy="-28" r="11" fill="${c}"/>`;
    case 'afro':
      return `<circle cx="0" cy="-6" r="32" fill="${c}"/>`;
    case 'curly':
      return curls(c, { from: 150, to: 390, step: 30 }, { rx: 25, ry: 25, dy: -4 }, 10);
    default:
      return '';
  }
}

function hairFront(look: Look): string {
  const c = look.hair;
  switch (look.hairStyle) {
    case 'short':
    case 'bun':
      return `<path d="${CAP_SHORT}" fill="${c}"/>`;
    case 'side':
    case 'long':
    case 'bob':
      return `<path d="${CAP_SIDE}" fill="${c}"/>`;
    case 'pigtails':
      return `<path d="${CAP_SIDE}" fill="${c}"/><circle cx="-22" cy="-12" r="4" fill="${COLORS.pink}"/><circle cx="22" cy="-12" r="4" fill="${COLORS.pink}"/>`;
    case 'spiky':
      return `<path d="${CAP_SPIKY}" fill="${c}"/>`;
    case 'curly':
    case 'afro':
      return curls(
        c,
        { from: 190, to: 350, step: 26 },
        { rx: 18, ry: 17, dy: -5 },
        look.hairStyle === 'afro' ? 9 : 8,
      );
    default:
      return '';
  }
}

/**
 * A friendly cartoon head of radius 22 around (0, 0). `portrait` adds eyebrows, a nose and an
 * open smile for close-ups.
 */
export function head(look: Look, portrait = false): string {
  const parts: string[] = [];
  if (look.scarf) {
    parts.push(
      `<path d="M -29 0 C -31 -24 -16 -33 0 -33 C 16 -33 31 -24 29 0 C 31 22 26 40 14 46 L -14 46 C -26 40 -31 22 -29 0 Z" fill="${look.scarf}"/>`,
    );
  } else {
    parts.push(hairBack(look));
    parts.push(
      `<circle cx="-21" cy="3" r="5.5" fill="${look.skin}"/><circle cx="21" cy="3" r="5.5" fill="${look.skin}"/>`,
    );
  }
  parts.push(`<circle cx="0" cy="0" r="22" fill="${look.skin}"/>`);
  if (look.scarf) {
    parts.push(
      `<path d="M -23 -2 C -22 -22 -10 -27 0 -27 C 10 -27 22 -22 23 -2 C 18 -14 10 -17 0 -17 C -10 -17 -18 -14 -23 -2 Z" fill="${look.scarf}"/>`,
    );
  } else {
    parts.push(hairFront(look));
  }
  if (look.beard) {
    parts.push(
      `<path d="M -21 2 C -20 24 -8 27 0 27 C 8 27 20 24 21 2 C 16 14 8 15 0 15 C -8 15 -16 14 -21 2 Z" fill="${look.hair}"/>`,
    );
  }
  // Eyes with a sparkle, rosy cheeks and a smile.
  parts.push(
    '<circle cx="-8" cy="1" r="3.2" fill="#2B2B2B"/><circle cx="8" cy="1" r="3.2" fill="#2B2B2B"/>' +
      '<circle cx="-7" cy="0" r="1.1" fill="#FFF"/><circle cx="9" cy="0" r="1.1" fill="#FFF"/>' +
      '<circle cx="-14" cy="8" r="4" fill="#FF8FA3" opacity="0.5"/><circle cx="14" cy="8" r="4" fill="#FF8FA3" opacity="0.5"/>',
  );
  if (portrait) {
    const brow = look.scarf ? '#5A3A2A' : look.hair;
    parts.push(
      `<path d="M -12 -7 Q -8 -10 -4 -7.5 M 4 -7.5 Q 8 -10 12 -7" stroke="${brow}" stroke-width="1.6" fill="none" stroke-linecap="round"/>`,
      '<path d="M -1 4 Q 1.5 7 -1 8" stroke="#00000033" stroke-width="1.4" fill="none" stroke-linecap="round"/>',
      '<path d="M -7.5 10.5 Q 0 19.5 7.5 10.5 Q 0 13 -7.5 10.5 Z" fill="#A33B4C"/><path d="M -5 11.6 Q 0 13 5 11.6 L 4.5 12.8 Q 0 14 -4.5 12.8 Z" fill="#FFF"/>',
    );
  } else {
    parts.push(
      '<path d="M -7 10 Q 0 17 7 10" stroke="#7A2E2E" stroke-width="2.2" fill="none" stroke-linecap="round"/>',
    );
  }
  if (look.glasses) {
    parts.push(
      '<g stroke="#2E3A59" stroke-width="1.6" fill="#FFFFFF" fill-opacity="0.18"><circle cx="-8" cy="1" r="6.5"/><circle cx="8" cy="1" r="6.5"/><path d="M -1.5 0 Q 0 -1.5 1.5 0" fill="none"/></g>',
    );
  }
  if (look.earrings && !look.scarf) {
    parts.push(
      '<circle cx="-21" cy="10" r="2.2" fill="#F6C945"/><circle cx="21" cy="10" r="2.2" fill="#F6C945"/>',
    );
  }
  return parts.join('');
}

export type Pose = 'down' | 'up' | 'wave' | 'hold' | 'reach';

export interface FigureOptions {
  x: number;
  y: number;
  scale: number;
  pose?: Pose;
  adult?: boolean;
  flip?: boolean;
  /** Drawn between the arms and the hands, in the figure's own units (e.g. a book held at the chest). */
  holding?: (hands: { left: [number, number]; right: [number, number] }) => string;
}

/** A whole child (or adult) standing with feet at (x, y). */
export function figure(look: Look, options: FigureOptions): string {
  const adult = options.adult ?? false;
  const ll = adult ? 60 : 32;
  const tl = adult ? 56 : 40;
  const half = adult ? 22 : 19;
  const top = -(ll + tl);
  const shoulderY = top + 9;
  const shoulderX = half - 4;
  const arm = adult ? 46 : 32;
  const headY = top - (adult ? 20 : 19);
  const pose = options.pose ?? 'down';

  const handDown = (side: number): [number, number] => [side * (shoulderX + 10), shoulderY + arm * 0.92];
  const handUp = (side: number): [number, number] => [side * (shoulderX + 14), shoulderY - arm * 0.9];
  const handHold = (side: number): [number, number] => [side * 9, shoulderY + arm * 0.55];
  const handReach = (side: number): [number, number] => [side * (shoulderX + arm * 0.85), shoulderY + 2];
  // Where each pose puts the left and the right hand.
  const hands: Record<Pose, [typeof handDown, typeof handDown]> = {
    down: [handDown, handDown],
    up: [handUp, handUp],
    wave: [handDown, handUp],
    hold: [handHold, handHold],
    reach: [handDown, handReach],
  };
  const [leftHand, rightHand] = hands[pose];
  const left = leftHand(-1);
  const right = rightHand(1);

  const p: string[] = [];
  // Legs and shoes.
  const legColor = look.outfit === 'dress' ? look.skin : look.pants;
  const legW = adult ? 13 : 11;
  p.push(
    `<rect x="${-legW - 2}" y="${-ll - 4}" width="${legW}" height="${ll + 2}" rx="5" fill="${legColor}"/>`,
    `<rect x="2" y="${-ll - 4}" width="${legW}" height="${ll + 2}" rx="5" fill="${legColor}"/>`,
    `<ellipse cx="${-legW / 2 - 4}" cy="-3" rx="${legW / 2 + 4}" ry="5" fill="${look.shoes}"/>`,
    `<ellipse cx="${legW / 2 + 4}" cy="-3" rx="${legW / 2 + 4}" ry="5" fill="${look.shoes}"/>`,
  );
  // Arms behind the body when lifted sideways.
  const armPath = (from: [number, number], to: [number, number]): string => {
    const mx = (from[0] + to[0]) / 2 + (to[0] > 0 ? 4 : -4);
    const my = (from[1] + to[1]) / 2;
    const sleeveX = from[0] + (to[0] - from[0]) * 0.3;
    const sleeveY = from[1] + (to[1] - from[1]) * 0.3;
    return (
      `<path d="M ${n(from[0])} ${n(from[1])} Q ${n(mx)} ${n(my)} ${n(to[0])} ${n(to[1])}" stroke="${look.skin}" stroke-width="${adult ? 9 : 8}" fill="none" stroke-linecap="round"/>` +
      `<path d="M ${n(from[0])} ${n(from[1])} L ${n(sleeveX)} ${n(sleeveY)}" stroke="${look.shirt}" stroke-width="${adult ? 12 : 11}" fill="none" stroke-linecap="round"/>`
    );
  };
  const lShoulder: [number, number] = [-shoulderX, shoulderY];
  const rShoulder: [number, number] = [shoulderX, shoulderY];
  const armsInFront = pose === 'hold';
  if (!armsInFront) p.push(armPath(lShoulder, left), armPath(rShoulder, right));
  // Body.
  if (look.outfit === 'dress') {
    p.push(
      `<path d="M ${-half + 3} ${top} Q 0 ${top - 5} ${half - 3} ${top} L ${half + 8} ${-ll + 6} Q 0 ${-ll + 13} ${-half - 8} ${-ll + 6} Z" fill="${look.shirt}"/>`,
    );
  } else {
    p.push(
      `<rect x="${-half}" y="${top}" width="${half * 2}" height="${tl + 6}" rx="12" fill="${look.shirt}"/>`,
    );
  }
  const midY = top + tl * 0.5;
  switch (look.detail) {
    case 'stripe':
      p.push(
        `<rect x="${-half + 2}" y="${n(midY - 3)}" width="${half * 2 - 4}" height="6" fill="#FFFFFF" opacity="0.45"/>`,
      );
      break;
    case 'dots':
      p.push(
        `<g fill="#FFFFFF" opacity="0.5"><circle cx="-8" cy="${n(midY - 6)}" r="2.4"/><circle cx="6" cy="${n(midY - 2)}" r="2.4"/><circle cx="-3" cy="${n(midY + 7)}" r="2.4"/><circle cx="9" cy="${n(midY + 9)}" r="2.4"/></g>`,
      );
      break;
    case 'star':
      p.push(star(0, midY, 7, '#FFFFFF', 0.7));
      break;
    default:
      break;
  }
  if (adult) p.push(`<rect x="-5" y="${top - 8}" width="10" height="12" fill="${look.skin}"/>`);
  if (armsInFront) p.push(armPath(lShoulder, left), armPath(rShoulder, right));
  if (options.holding) p.push(options.holding({ left, right }));
  p.push(
    `<circle cx="${n(left[0])}" cy="${n(left[1])}" r="${adult ? 6 : 5.5}" fill="${look.skin}"/>`,
    `<circle cx="${n(right[0])}" cy="${n(right[1])}" r="${adult ? 6 : 5.5}" fill="${look.skin}"/>`,
  );
  p.push(`<g transform="translate(0 ${headY}) scale(${adult ? 0.9 : 1})">${head(look)}</g>`);
  const flip = options.flip ? ' scale(-1 1)' : '';
  return `<g transform="translate(${n(options.x)} ${n(options.y)}) scale(${n(options.scale * 100) / 100})${flip}">${p.join('')}</g>`;
}

/** Where a figure's hand ends up in picture coordinates (for kite and balloon strings). */
export function handPosition(
  options: Pick<FigureOptions, 'x' | 'y' | 'scale' | 'flip' | 'adult'>,
  pose: Pose,
  side: 'left' | 'right',
): [number, number] {
  const adult = options.adult ?? false;
  const ll = adult ? 60 : 32;
  const tl = adult ? 56 : 40;
  const half = adult ? 22 : 19;
  const shoulderY = -(ll + tl) + 9;
  const shoulderX = half - 4;
  const arm = adult ? 46 : 32;
  let s = side === 'left' ? -1 : 1;
  let hx: number;
  let hy: number;
  const lifted = pose === 'up' || (pose === 'wave' && side === 'right');
  if (lifted) {
    hx = s * (shoulderX + 14);
    hy = shoulderY - arm * 0.9;
  } else if (pose === 'reach' && side === 'right') {
    hx = shoulderX + arm * 0.85;
    hy = shoulderY + 2;
  } else if (pose === 'hold') {
    hx = s * 9;
    hy = shoulderY + arm * 0.55;
  } else {
    hx = s * (shoulderX + 10);
    hy = shoulderY + arm * 0.92;
  }
  s = options.flip ? -1 : 1;
  return [options.x + hx * s * options.scale, options.y + hy * options.scale];
}

/** A head-and-shoulders portrait filling a `size` square. */
export function portrait(
  look: Look,
  size: number,
  background: string,
  accent: string,
  adult: boolean,
): string {
  const s = size / 300;
  const shoulders = `<path d="M 36 300 C 40 236 84 214 150 214 C 216 214 260 236 264 300 Z" fill="${look.shirt}"/>`;
  const collar = adult
    ? `<path d="M 122 216 L 150 252 L 178 216 Z" fill="#FFFFFF" opacity="0.9"/><path d="M 132 216 L 150 240 L 168 216 Z" fill="${look.skin}"/>`
    : `<path d="M 120 216 Q 150 244 180 216" stroke="#FFFFFF" stroke-width="8" fill="none" opacity="0.6" stroke-linecap="round"/>`;
  const neck = `<rect x="132" y="180" width="36" height="44" rx="12" fill="${look.skin}"/><rect x="132" y="196" width="36" height="10" fill="#000" opacity="0.06"/>`;
  const confetti = [
    star(48, 60, 14, accent, 0.8),
    `<circle cx="256" cy="70" r="9" fill="${accent}" opacity="0.55"/>`,
    `<circle cx="40" cy="170" r="6" fill="#FFFFFF" opacity="0.8"/>`,
    star(262, 170, 9, '#FFFFFF', 0.85),
    `<circle cx="236" cy="28" r="5" fill="#FFFFFF" opacity="0.8"/>`,
  ].join('');
  const scale = adult ? 2.85 : 3.05;
  return (
    `<g transform="scale(${n(s * 1000) / 1000})">` +
    `<rect width="300" height="300" fill="${background}"/>` +
    `<circle cx="150" cy="150" r="118" fill="#FFFFFF" opacity="0.35"/>` +
    confetti +
    shoulders +
    collar +
    neck +
    (look.scarf
      ? `<path d="M 90 230 Q 150 262 210 230 L 200 300 L 100 300 Z" fill="${look.scarf}" opacity="0.95"/>`
      : '') +
    `<g transform="translate(150 128) scale(${scale})">${head(look, true)}</g>` +
    '</g>'
  );
}

// ---------------------------------------------------------------- scenery

export function star(cx: number, cy: number, r: number, color: string, opacity = 1): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${n(cx + Math.cos(a) * radius)},${n(cy + Math.sin(a) * radius)}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${color}" opacity="${opacity}" stroke-linejoin="round"/>`;
}

export function heart(cx: number, cy: number, s: number, color: string): string {
  return `<path transform="translate(${n(cx)} ${n(cy)}) scale(${n(s * 100) / 100})" d="M 0 6 C -12 -4 -10 -14 -4 -14 C -1 -14 0 -11 0 -10 C 0 -11 1 -14 4 -14 C 10 -14 12 -4 0 6 Z" fill="${color}"/>`;
}

export function skyGradient(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

export function sun(cx: number, cy: number, r: number, withFace = true): string {
  let rays = '';
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    const x1 = cx + Math.cos(a) * (r + 8);
    const y1 = cy + Math.sin(a) * (r + 8);
    const x2 = cx + Math.cos(a) * (r + 24);
    const y2 = cy + Math.sin(a) * (r + 24);
    rays += `<path d="M ${n(x1)} ${n(y1)} L ${n(x2)} ${n(y2)}"/>`;
  }
  const face = withFace
    ? `<path d="M ${n(cx - r * 0.42)} ${n(cy - r * 0.08)} q ${n(r * 0.14)} ${n(-r * 0.16)} ${n(r * 0.28)} 0 M ${n(cx + r * 0.14)} ${n(cy - r * 0.08)} q ${n(r * 0.14)} ${n(-r * 0.16)} ${n(r * 0.28)} 0 M ${n(cx - r * 0.36)} ${n(cy + r * 0.25)} q ${n(r * 0.36)} ${n(r * 0.34)} ${n(r * 0.72)} 0" stroke="#E07A00" stroke-width="${n(r * 0.08)}" fill="none" stroke-linecap="round"/>` +
      `<circle cx="${n(cx - r * 0.55)}" cy="${n(cy + r * 0.18)}" r="${n(r * 0.13)}" fill="#FF8C42" opacity="0.5"/><circle cx="${n(cx + r * 0.55)}" cy="${n(cy + r * 0.18)}" r="${n(r * 0.13)}" fill="#FF8C42" opacity="0.5"/>`
    : '';
  return (
    `<g stroke="#FFC93C" stroke-width="${n(r * 0.14)}" stroke-linecap="round">${rays}</g>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#FFD23F"/>` +
    `<circle cx="${n(cx - r * 0.25)}" cy="${n(cy - r * 0.3)}" r="${n(r * 0.35)}" fill="#FFE98A" opacity="0.7"/>` +
    face
  );
}

export function cloud(cx: number, cy: number, s: number, opacity = 0.95): string {
  return (
    `<g transform="translate(${n(cx)} ${n(cy)}) scale(${n(s * 100) / 100})" fill="#FFFFFF" opacity="${opacity}">` +
    '<ellipse cx="0" cy="10" rx="56" ry="16"/><circle cx="-26" cy="2" r="18"/><circle cx="2" cy="-8" r="26"/><circle cx="30" cy="2" r="20"/>' +
    '</g>'
  );
}

export function hills(
  w: number,
  h: number,
  horizon: number,
  back: string,
  front: string,
  rng: Random,
): string {
  const a = horizon - rng.range(30, 70);
  const b = horizon - rng.range(10, 40);
  return (
    `<path d="M 0 ${n(horizon + 10)} C ${n(w * 0.15)} ${n(a)} ${n(w * 0.4)} ${n(a)} ${n(w * 0.55)} ${n(horizon)} S ${n(w * 0.85)} ${n(b)} ${n(w)} ${n(horizon - 10)} L ${w} ${h} L 0 ${h} Z" fill="${back}"/>` +
    `<path d="M 0 ${n(horizon + 50)} C ${n(w * 0.3)} ${n(horizon + 10)} ${n(w * 0.6)} ${n(horizon + 70)} ${n(w)} ${n(horizon + 30)} L ${w} ${h} L 0 ${h} Z" fill="${front}"/>`
  );
}

export function tree(x: number, y: number, s: number, green: string, fruit?: string): string {
  const dots = fruit
    ? `<circle cx="-18" cy="-86" r="5" fill="${fruit}"/><circle cx="16" cy="-100" r="5" fill="${fruit}"/><circle cx="6" cy="-70" r="5" fill="${fruit}"/><circle cx="-4" cy="-112" r="5" fill="${fruit}"/>`
    : '';
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s * 100) / 100})">` +
    '<path d="M -8 0 L -6 -60 L 6 -60 L 8 0 Z" fill="#9C6644"/>' +
    `<circle cx="0" cy="-92" r="36" fill="${green}"/><circle cx="-26" cy="-74" r="24" fill="${green}"/><circle cx="26" cy="-76" r="26" fill="${green}"/>` +
    '<circle cx="-10" cy="-104" r="14" fill="#FFFFFF" opacity="0.15"/>' +
    dots +
    '</g>'
  );
}

export function flower(x: number, y: number, s: number, color: string): string {
  let petals = '';
  for (let i = 0; i < 5; i++) {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    petals += `<circle cx="${n(Math.cos(a) * 7)}" cy="${n(-30 + Math.sin(a) * 7)}" r="6" fill="${color}"/>`;
  }
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s * 100) / 100})">` +
    '<path d="M 0 0 Q -3 -15 0 -28" stroke="#3E8E41" stroke-width="3" fill="none"/>' +
    '<ellipse cx="-6" cy="-12" rx="6" ry="3" fill="#5DB85F" transform="rotate(-30 -6 -12)"/>' +
    `${petals}<circle cx="0" cy="-30" r="5" fill="#FFD23F"/>` +
    '</g>'
  );
}

export function grassTufts(w: number, y: number, rng: Random, color = '#4FA95B'): string {
  let out = '';
  for (let x = rng.range(10, 40); x < w; x += rng.range(50, 110)) {
    out += `<path d="M ${n(x - 8)} ${n(y)} q 2 -14 4 -2 q 2 -16 4 0 q 2 -12 4 2" stroke="${color}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  }
  return out;
}

export function balloon(x: number, y: number, s: number, color: string, stringTo?: [number, number]): string {
  const knotY = y + 26 * s;
  const string = stringTo
    ? `<path d="M ${n(x)} ${n(knotY)} Q ${n(x + 14 * s)} ${n((knotY + stringTo[1]) / 2)} ${n(stringTo[0])} ${n(stringTo[1])}" stroke="#5A5A5A" stroke-width="${n(1.6 * s)}" fill="none"/>`
    : '';
  return (
    string +
    `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(20 * s)}" ry="${n(25 * s)}" fill="${color}"/>` +
    `<path d="M ${n(x - 4 * s)} ${n(knotY + 4 * s)} L ${n(x)} ${n(knotY - 2 * s)} L ${n(x + 4 * s)} ${n(knotY + 4 * s)} Z" fill="${color}"/>` +
    `<ellipse cx="${n(x - 7 * s)}" cy="${n(y - 9 * s)}" rx="${n(5 * s)}" ry="${n(8 * s)}" fill="#FFFFFF" opacity="0.45" transform="rotate(-25 ${n(x - 7 * s)} ${n(y - 9 * s)})"/>`
  );
}

export function kite(
  x: number,
  y: number,
  s: number,
  c1: string,
  c2: string,
  angle: number,
  stringTo?: [number, number],
): string {
  const string = stringTo
    ? `<path d="M ${n(x)} ${n(y + 40 * s)} Q ${n((x + stringTo[0]) / 2 - 30)} ${n((y + stringTo[1]) / 2 + 40)} ${n(stringTo[0])} ${n(stringTo[1])}" stroke="#4A4A4A" stroke-width="1.4" fill="none"/>`
    : '';
  const bows = [0, 1, 2]
    .map((i) => {
      const bx = -6 + i * 10;
      const by = 62 + i * 22;
      return `<path d="M ${bx - 7} ${by - 5} L ${bx + 7} ${by + 5} L ${bx + 7} ${by - 5} L ${bx - 7} ${by + 5} Z" fill="${i % 2 ? c1 : c2}"/>`;
    })
    .join('');
  return (
    string +
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)}) scale(${n(s * 100) / 100})">` +
    '<path d="M 0 40 C 10 60 -14 70 -4 88 S 12 108 4 124" stroke="#4A4A4A" stroke-width="1.6" fill="none"/>' +
    bows +
    `<path d="M 0 -40 L 28 0 L 0 0 Z" fill="${c1}"/><path d="M 0 -40 L -28 0 L 0 0 Z" fill="${c2}"/>` +
    `<path d="M 0 40 L 28 0 L 0 0 Z" fill="${c2}"/><path d="M 0 40 L -28 0 L 0 0 Z" fill="${c1}"/>` +
    '<path d="M 0 -40 L 0 40 M -28 0 L 28 0" stroke="#FFFFFF" stroke-width="2" opacity="0.8"/>' +
    '</g>'
  );
}

export function rainbow(cx: number, cy: number, r: number, band: number, opacity = 0.85): string {
  const colors = ['#F25F5C', '#FF8C42', '#FFD23F', '#6BCB77', '#4D96FF', '#9B5DE5'];
  return colors
    .map((c, i) => {
      const rr = r - i * band;
      return `<path d="M ${n(cx - rr)} ${n(cy)} A ${n(rr)} ${n(rr)} 0 0 1 ${n(cx + rr)} ${n(cy)}" stroke="${c}" stroke-width="${n(band + 0.5)}" fill="none" opacity="${opacity}"/>`;
    })
    .join('');
}

export function bunting(x1: number, y1: number, x2: number, y2: number, count: number, rng: Random): string {
  const sag = 30;
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2 + sag;
  let out = `<path d="M ${n(x1)} ${n(y1)} Q ${n(mx)} ${n(my + sag)} ${n(x2)} ${n(y2)}" stroke="#6D6D6D" stroke-width="2" fill="none"/>`;
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = (1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * mx + t * t * x2;
    const y = (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * (my + sag) + t * t * y2;
    const c = rng.pick(BRIGHT);
    out += `<path d="M ${n(x - 12)} ${n(y)} L ${n(x + 12)} ${n(y)} L ${n(x)} ${n(y + 26)} Z" fill="${c}"/>`;
  }
  return out;
}

export function schoolHouse(x: number, y: number, s: number, wall: string, roof: string): string {
  const windows = [-62, 38]
    .map(
      (wx) =>
        `<rect x="${wx}" y="-96" width="30" height="30" rx="4" fill="#BDE7FF" stroke="#FFFFFF" stroke-width="4"/><path d="M ${wx + 15} -96 V -66 M ${wx} -81 H ${wx + 30}" stroke="#FFFFFF" stroke-width="3"/>`,
    )
    .join('');
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s * 100) / 100})">` +
    `<rect x="-80" y="-130" width="160" height="130" rx="6" fill="${wall}"/>` +
    '<rect x="-80" y="-24" width="160" height="24" fill="#000000" opacity="0.06"/>' +
    `<path d="M -98 -126 L 0 -204 L 98 -126 Z" fill="${roof}" stroke-linejoin="round"/>` +
    '<circle cx="0" cy="-150" r="17" fill="#FFF6D6" stroke="#FFFFFF" stroke-width="4"/><path d="M 0 -161 V -150 L 8 -146" stroke="#2E3A59" stroke-width="3" fill="none" stroke-linecap="round"/>' +
    '<path d="M 0 -204 V -244" stroke="#6D6D6D" stroke-width="4"/>' +
    `<path d="M 2 -244 L 38 -234 L 2 -224 Z" fill="${COLORS.red}"/>` +
    '<path d="M -20 0 V -56 Q 0 -76 20 -56 V 0 Z" fill="#9C6644"/><circle cx="11" cy="-28" r="3" fill="#FFD23F"/>' +
    windows +
    '</g>'
  );
}

export function book(x: number, y: number, w: number, h: number, color: string, angle = 0): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<rect x="0" y="0" width="${n(w)}" height="${n(h)}" rx="3" fill="${color}"/>` +
    `<rect x="${n(w - 6)}" y="2" width="5" height="${n(h - 4)}" fill="#FFFDF5"/>` +
    `<rect x="${n(w * 0.15)}" y="${n(h * 0.25)}" width="${n(w * 0.5)}" height="${n(Math.max(3, h * 0.12))}" rx="2" fill="#FFFFFF" opacity="0.6"/>` +
    '</g>'
  );
}

/** An open book centred on (x, y), pages fanning out, with a few lines of "text". */
export function openBook(x: number, y: number, s: number, cover: string): string {
  const lines = [0, 1, 2, 3]
    .map(
      (i) =>
        `<path d="M -34 ${-10 + i * 7} H -8 M 8 ${-10 + i * 7} H 34" stroke="#C9C3B3" stroke-width="2" stroke-linecap="round"/>`,
    )
    .join('');
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s * 100) / 100})">` +
    `<path d="M -44 -18 Q -22 -26 0 -18 Q 22 -26 44 -18 L 44 24 Q 22 16 0 24 Q -22 16 -44 24 Z" fill="${cover}"/>` +
    '<path d="M -40 -20 Q -20 -28 0 -20 L 0 20 Q -20 12 -40 20 Z" fill="#FFFDF5"/>' +
    '<path d="M 40 -20 Q 20 -28 0 -20 L 0 20 Q 20 12 40 20 Z" fill="#FFF8E8"/>' +
    lines +
    '</g>'
  );
}

export function crayon(x: number, y: number, len: number, angle: number, color: string): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<rect x="0" y="-7" width="${n(len)}" height="14" rx="3" fill="${color}"/>` +
    `<path d="M ${n(len)} -7 L ${n(len + 18)} 0 L ${n(len)} 7 Z" fill="${color}"/>` +
    `<rect x="${n(len * 0.2)}" y="-7" width="${n(len * 0.45)}" height="14" fill="#FFFFFF" opacity="0.35"/>` +
    `<path d="M ${n(len * 0.25)} -7 V 7 M ${n(len * 0.6)} -7 V 7" stroke="#000000" stroke-width="1.5" opacity="0.25"/>` +
    '</g>'
  );
}

export function block(
  x: number,
  y: number,
  size: number,
  color: string,
  symbol: 'star' | 'heart' | 'circle' | 'triangle',
): string {
  const c = x + size / 2;
  const m = y + size / 2;
  let inner: string;
  switch (symbol) {
    case 'star':
      inner = star(c, m, size * 0.3, '#FFFFFF', 0.9);
      break;
    case 'heart':
      inner = heart(c, m + size * 0.08, size / 34, '#FFFFFF');
      break;
    case 'circle':
      inner = `<circle cx="${n(c)}" cy="${n(m)}" r="${n(size * 0.22)}" fill="#FFFFFF" opacity="0.9"/>`;
      break;
    default:
      inner = `<path d="M ${n(c)} ${n(m - size * 0.24)} L ${n(c + size * 0.26)} ${n(m + size * 0.2)} L ${n(c - size * 0.26)} ${n(m + size * 0.2)} Z" fill="#FFFFFF" opacity="0.9"/>`;
  }
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}" rx="${n(size * 0.14)}" fill="${color}"/>` +
    `<rect x="${n(x)}" y="${n(y + size * 0.82)}" width="${n(size)}" height="${n(size * 0.18)}" rx="${n(size * 0.08)}" fill="#000000" opacity="0.1"/>` +
    inner
  );
}

export function beachBall(x: number, y: number, r: number): string {
  const seg = (a0: number, a1: number, color: string): string => {
    const p0 = [x + Math.cos(a0) * r, y + Math.sin(a0) * r];
    const p1 = [x + Math.cos(a1) * r, y + Math.sin(a1) * r];
    return `<path d="M ${n(x)} ${n(y)} L ${n(p0[0] ?? 0)} ${n(p0[1] ?? 0)} A ${n(r)} ${n(r)} 0 0 1 ${n(p1[0] ?? 0)} ${n(p1[1] ?? 0)} Z" fill="${color}"/>`;
  };
  const colors = [COLORS.red, '#FFFFFF', COLORS.blue, '#FFFFFF', COLORS.yellow, '#FFFFFF'];
  let out = '';
  for (let i = 0; i < 6; i++) out += seg((i * Math.PI) / 3, ((i + 1) * Math.PI) / 3, colors[i] ?? '#FFFFFF');
  return `${out}<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.18)}" fill="#FFFFFF"/><circle cx="${n(x - r * 0.35)}" cy="${n(y - r * 0.4)}" r="${n(r * 0.18)}" fill="#FFFFFF" opacity="0.5"/>`;
}

export function windowFrame(x: number, y: number, w: number, h: number): string {
  return (
    `<rect x="${n(x - 8)}" y="${n(y - 8)}" width="${n(w + 16)}" height="${n(h + 16)}" rx="10" fill="#FFFFFF"/>` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="4" fill="#A9E0FF"/>` +
    cloud(x + w * 0.35, y + h * 0.35, w / 260) +
    `<path d="M ${n(x)} ${n(y + h * 0.8)} Q ${n(x + w * 0.5)} ${n(y + h * 0.55)} ${n(x + w)} ${n(y + h * 0.75)} V ${n(y + h)} H ${n(x)} Z" fill="#8ED081"/>` +
    `<path d="M ${n(x + w / 2)} ${n(y)} V ${n(y + h)} M ${n(x)} ${n(y + h / 2)} H ${n(x + w)}" stroke="#FFFFFF" stroke-width="8"/>`
  );
}

export function butterfly(x: number, y: number, s: number, color: string, angle = 0): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)}) scale(${n(s * 100) / 100})">` +
    `<ellipse cx="-10" cy="-6" rx="11" ry="9" fill="${color}"/><ellipse cx="10" cy="-6" rx="11" ry="9" fill="${color}"/>` +
    `<ellipse cx="-8" cy="8" rx="7" ry="6" fill="${color}" opacity="0.8"/><ellipse cx="8" cy="8" rx="7" ry="6" fill="${color}" opacity="0.8"/>` +
    '<circle cx="-10" cy="-6" r="3" fill="#FFFFFF" opacity="0.7"/><circle cx="10" cy="-6" r="3" fill="#FFFFFF" opacity="0.7"/>' +
    '<rect x="-2" y="-14" width="4" height="28" rx="2" fill="#2E3A59"/>' +
    '<path d="M -1 -14 Q -6 -22 -8 -22 M 1 -14 Q 6 -22 8 -22" stroke="#2E3A59" stroke-width="1.5" fill="none"/>' +
    '</g>'
  );
}

export function wallPattern(w: number, h: number, color: string, rng: Random): string {
  let out = '';
  for (let y = 30; y < h; y += 70) {
    for (let x = (y / 70) % 2 === 0 ? 30 : 65; x < w; x += 70) {
      out += rng.chance(0.5)
        ? `<circle cx="${n(x)}" cy="${n(y)}" r="4" fill="${color}"/>`
        : star(x, y, 6, color);
    }
  }
  return `<g opacity="0.35">${out}</g>`;
}

export function confetti(w: number, h: number, rng: Random, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, w);
    const y = rng.range(0, h);
    const c = rng.pick(BRIGHT);
    out += rng.chance(0.5)
      ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rng.range(3, 6))}" fill="${c}"/>`
      : `<rect x="${n(x)}" y="${n(y)}" width="10" height="5" rx="2" fill="${c}" transform="rotate(${rng.int(0, 180)} ${n(x)} ${n(y)})"/>`;
  }
  return out;
}
