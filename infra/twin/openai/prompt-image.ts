import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * The offline model's pictures: a PNG drawn from the prompt alone, so the same prompt always
 * gives the same image and a different brief or palette gives a visibly different one. Colours
 * come from the prompt's `#rrggbb` codes and colour words (a brand palette reads straight into
 * the image); the composition (gradient angle, soft shapes, colour bands) from a hash of it.
 * Encoded here with zlib: signature, IHDR, one IDAT, IEND.
 */

type Rgb = [number, number, number];

const COLOUR_WORDS: Record<string, Rgb> = {
  red: [220, 38, 38],
  crimson: [185, 28, 60],
  orange: [249, 115, 22],
  amber: [245, 158, 11],
  yellow: [250, 204, 21],
  gold: [212, 175, 55],
  lime: [132, 204, 22],
  green: [22, 163, 74],
  emerald: [16, 185, 129],
  teal: [13, 148, 136],
  cyan: [6, 182, 212],
  sky: [56, 189, 248],
  blue: [37, 99, 235],
  navy: [30, 41, 99],
  indigo: [79, 70, 229],
  violet: [139, 92, 246],
  purple: [147, 51, 234],
  magenta: [217, 70, 239],
  pink: [236, 72, 153],
  rose: [244, 63, 94],
  brown: [120, 72, 40],
  beige: [231, 215, 186],
  cream: [250, 243, 224],
  white: [250, 250, 250],
  grey: [148, 163, 184],
  gray: [148, 163, 184],
  black: [17, 17, 17],
  charcoal: [38, 42, 51],
  pastel: [253, 230, 242],
};

/** Colours named in the prompt, in the order they appear; a neutral pair when it names none. */
export function paletteFromPrompt(prompt: string): Rgb[] {
  const found: { at: number; rgb: Rgb }[] = [];
  for (const match of prompt.matchAll(/#([0-9a-fA-F]{6})\b/g)) {
    const hex = match[1]!;
    found.push({
      at: match.index,
      rgb: [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)],
    });
  }
  for (const match of prompt.toLowerCase().matchAll(/\b([a-z]+)\b/g)) {
    const rgb = COLOUR_WORDS[match[1]!];
    if (rgb) found.push({ at: match.index, rgb });
  }
  const ordered = found.sort((a, b) => a.at - b.at).map((entry) => entry.rgb);
  return ordered.length > 0
    ? ordered.slice(0, 6)
    : [
        [30, 41, 59],
        [148, 163, 184],
      ];
}

/** A small seeded generator (mulberry32) so shapes follow from the prompt. */
function seeded(seedText: string): () => number {
  let state = createHash('sha256').update(seedText).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes 8-bit RGB pixels (row-major, 3 bytes each) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    // Filter type 0 (None) per row; deflate does the work.
    rows[y * (width * 3 + 1)] = 0;
    rows.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Draws the prompt's picture: a gradient across its palette, soft discs and a colour band. */
export function drawPromptImage(prompt: string, width: number, height: number, variant = 0): Buffer {
  const random = seeded(`${variant}:${prompt}`);
  const palette = paletteFromPrompt(prompt);
  const first = palette[0]!;
  const last = palette[palette.length - 1]!;
  const angle = random() * Math.PI * 2;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const discs = Array.from({ length: 3 + Math.floor(random() * 4) }, (_, i) => ({
    x: random() * width,
    y: random() * height,
    r: (0.12 + random() * 0.3) * Math.min(width, height),
    colour: palette[(i + 1) % palette.length]!,
    strength: 0.35 + random() * 0.4,
  }));
  const bandCentre = 0.55 + random() * 0.3;
  const bandHalf = 0.04 + random() * 0.06;
  const bandColour = palette[Math.floor(random() * palette.length)]!;
  const pixels = new Uint8Array(width * height * 3);
  const half = Math.abs(dx) * width + Math.abs(dy) * height;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const along = ((x - width / 2) * dx + (y - height / 2) * dy) / half + 0.5;
      const t = Math.min(1, Math.max(0, along));
      // Through every palette colour in turn, so a six-colour brand shows all six.
      const scaled = t * (palette.length - 1);
      const index = Math.min(palette.length - 2, Math.floor(scaled));
      let colour: Rgb =
        palette.length > 1 ? mix(palette[index]!, palette[index + 1]!, scaled - index) : mix(first, last, t);
      for (const disc of discs) {
        const distance = Math.hypot(x - disc.x, y - disc.y) / disc.r;
        if (distance < 1) colour = mix(colour, disc.colour, disc.strength * (1 - distance * distance));
      }
      const band = Math.abs(y / height - bandCentre);
      if (band < bandHalf) colour = mix(colour, bandColour, 0.5 * (1 - band / bandHalf));
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.round(colour[0]);
      pixels[offset + 1] = Math.round(colour[1]);
      pixels[offset + 2] = Math.round(colour[2]);
    }
  }
  return encodePng(width, height, pixels);
}
