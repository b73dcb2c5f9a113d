/**
 * A QR code encoder (ISO/IEC 18004): byte mode, error correction level M, versions 1 to 40, the mask
 * chosen by the standard's penalty rules. Only what Fieldwork needs: turning a participant link into a
 * module matrix the renderer draws as SVG rects. No dependency, no canvas, no innerHTML.
 */

export type QrMatrix = boolean[][];

// Level M, indexed by version (index 0 unused).
const ECC_PER_BLOCK = [
  -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  28, 28,
];
const BLOCKS = [
  -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];
/** Level M's two format bits. */
const ECL_FORMAT = 0;

function rawDataModules(ver: number): number {
  let n = (16 * ver + 128) * ver + 64;
  if (ver >= 2) {
    const align = Math.floor(ver / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (ver >= 7) n -= 36;
  }
  return n;
}

const dataCodewords = (ver: number) => Math.floor(rawDataModules(ver) / 8) - ECC_PER_BLOCK[ver]! * BLOCKS[ver]!;

function gfMul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMul(result[j]!, root);
      if (j + 1 < degree) result[j]! ^= result[j + 1]!;
    }
    root = gfMul(root, 0x02);
  }
  return result;
}

function rsRemainder(data: number[], divisor: number[]): number[] {
  const result = divisor.map(() => 0);
  for (const b of data) {
    const factor = b ^ result.shift()!;
    result.push(0);
    divisor.forEach((d, i) => (result[i]! ^= gfMul(d, factor)));
  }
  return result;
}

function alignmentPositions(ver: number): number[] {
  if (ver === 1) return [];
  const count = Math.floor(ver / 7) + 2;
  const step = Math.floor((ver * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const result = [6];
  for (let pos = ver * 4 + 17 - 7; result.length < count; pos -= step) result.splice(1, 0, pos);
  return result;
}

const bit = (x: number, i: number) => ((x >>> i) & 1) !== 0;

/** The smallest version whose level M data capacity holds the bytes in byte mode; throws past version 40. */
function chooseVersion(bytes: number[]): number {
  let ver = 1;
  for (; ver <= 40; ver++) {
    const countBits = ver <= 9 ? 8 : 16;
    if (bytes.length < 1 << countBits && 4 + countBits + bytes.length * 8 <= dataCodewords(ver) * 8) break;
  }
  if (ver > 40) throw new Error('Text too long for a QR code');
  return ver;
}

/** Data bits: mode, count, bytes, terminator, padding; as codewords. */
function dataBytes(bytes: number[], ver: number): number[] {
  const bits: number[] = [];
  const push = (v: number, n: number) => {
    for (let i = n - 1; i >= 0; i--) bits.push((v >>> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, ver <= 9 ? 8 : 16);
  for (const b of bytes) push(b, 8);
  const capacity = dataCodewords(ver) * 8;
  push(0, Math.min(4, capacity - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) push(pad, 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(parseInt(bits.slice(i, i + 8).join(''), 2));
  return data;
}

/** Split into blocks, add error correction, interleave. */
function withErrorCorrection(data: number[], ver: number): number[] {
  const numBlocks = BLOCKS[ver]!;
  const eccLen = ECC_PER_BLOCK[ver]!;
  const rawCodewords = Math.floor(rawDataModules(ver) / 8);
  const numShort = numBlocks - (rawCodewords % numBlocks);
  const shortLen = Math.floor(rawCodewords / numBlocks);
  const divisor = rsDivisor(eccLen);
  const blocks: number[][] = [];
  for (let i = 0, k = 0; i < numBlocks; i++) {
    const dat = data.slice(k, k + shortLen - eccLen + (i < numShort ? 0 : 1));
    k += dat.length;
    const ecc = rsRemainder(dat, divisor);
    if (i < numShort) dat.push(0);
    blocks.push(dat.concat(ecc));
  }
  const codewords: number[] = [];
  for (let i = 0; i < blocks[0]!.length; i++) {
    blocks.forEach((b, j) => {
      if (i !== shortLen - eccLen || j >= numShort) codewords.push(b[i]!);
    });
  }
  return codewords;
}

/** The symbol being drawn: its modules, and which of them are function patterns (never data, never masked). */
type Grid = { size: number; modules: boolean[][]; isFn: boolean[][] };

function setFn(g: Grid, x: number, y: number, dark: boolean): void {
  g.modules[y]![x] = dark;
  g.isFn[y]![x] = true;
}

/** Timing lines, the three finders and the alignment patterns, in that order (later ones overwrite). */
function drawPatterns(g: Grid, ver: number): void {
  const { size } = g;
  for (let i = 0; i < size; i++) {
    setFn(g, 6, i, i % 2 === 0);
    setFn(g, i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        const x = cx + dx;
        const y = cy + dy;
        if (x >= 0 && x < size && y >= 0 && y < size) setFn(g, x, y, d !== 2 && d !== 4);
      }
    }
  }
  const align = alignmentPositions(ver);
  align.forEach((ay, i) =>
    align.forEach((ax, j) => {
      const last = align.length - 1;
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) setFn(g, ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );
}

/** The format bits (level M and the mask), both copies, and the dark module. */
function drawFormat(g: Grid, mask: number): void {
  const { size } = g;
  const v = (ECL_FORMAT << 3) | mask;
  let rem = v;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const f = ((v << 10) | rem) ^ 0x5412;
  for (let i = 0; i <= 5; i++) setFn(g, 8, i, bit(f, i));
  setFn(g, 8, 7, bit(f, 6));
  setFn(g, 8, 8, bit(f, 7));
  setFn(g, 7, 8, bit(f, 8));
  for (let i = 9; i < 15; i++) setFn(g, 14 - i, 8, bit(f, i));
  for (let i = 0; i < 8; i++) setFn(g, size - 1 - i, 8, bit(f, i));
  for (let i = 8; i < 15; i++) setFn(g, 8, size - 15 + i, bit(f, i));
  setFn(g, 8, size - 8, true);
}

/** The version bits, both copies; only versions 7 and up carry them. */
function drawVersion(g: Grid, ver: number): void {
  if (ver < 7) return;
  let rem = ver;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  const v = (ver << 12) | rem;
  for (let i = 0; i < 18; i++) {
    const a = g.size - 11 + (i % 3);
    const b = Math.floor(i / 3);
    setFn(g, a, b, bit(v, i));
    setFn(g, b, a, bit(v, i));
  }
}

/** Codewords in the zigzag order, two columns at a time from the right, skipping the timing column. */
function placeCodewords(g: Grid, codewords: number[]): void {
  const { size, modules, isFn } = g;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if (!isFn[y]![x] && i < codewords.length * 8) {
          modules[y]![x] = bit(codewords[i >>> 3]!, 7 - (i & 7));
          i++;
        }
      }
    }
  }
}

/** Whether the standard's mask pattern `mask` inverts the module at (x, y). */
function maskInverts(mask: number, x: number, y: number): boolean {
  return mask === 0
    ? (x + y) % 2 === 0
    : mask === 1
      ? y % 2 === 0
      : mask === 2
        ? x % 3 === 0
        : mask === 3
          ? (x + y) % 3 === 0
          : mask === 4
            ? (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0
            : mask === 5
              ? ((x * y) % 2) + ((x * y) % 3) === 0
              : mask === 6
                ? (((x * y) % 2) + ((x * y) % 3)) % 2 === 0
                : (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
}

/** XORs the mask over the data modules; applying it twice undoes it. */
function applyMask(g: Grid, mask: number): void {
  for (let y = 0; y < g.size; y++) {
    for (let x = 0; x < g.size; x++) {
      if (g.isFn[y]![x]) continue;
      if (maskInverts(mask, x, y)) g.modules[y]![x] = !g.modules[y]![x];
    }
  }
}

/** Tries all eight masks and leaves the grid with the one of lowest penalty (the first, on a tie). */
function applyBestMask(g: Grid): void {
  let best = 0;
  let bestPenalty = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    applyMask(g, mask);
    drawFormat(g, mask);
    const p = penalty(g.modules);
    if (p < bestPenalty) {
      best = mask;
      bestPenalty = p;
    }
    applyMask(g, mask); // XOR again undoes it
  }
  applyMask(g, best);
  drawFormat(g, best);
}

/** Encodes text as UTF-8 bytes; throws when it does not fit in a version 40 symbol. */
export function encodeQr(text: string): QrMatrix {
  const bytes = [...new TextEncoder().encode(text)];
  const ver = chooseVersion(bytes);
  const codewords = withErrorCorrection(dataBytes(bytes, ver), ver);
  const size = ver * 4 + 17;
  const g: Grid = {
    size,
    modules: Array.from({ length: size }, () => new Array<boolean>(size).fill(false)),
    isFn: Array.from({ length: size }, () => new Array<boolean>(size).fill(false)),
  };
  drawPatterns(g, ver);
  drawFormat(g, 0);
  drawVersion(g, ver);
  placeCodewords(g, codewords);
  applyBestMask(g);
  return g.modules;
}

/** The standard's four penalty rules; the mask with the lowest score is the easiest to scan. */
function penalty(m: QrMatrix): number {
  const size = m.length;
  const at = (x: number, y: number, vertical: boolean) => (vertical ? m[x]![y]! : m[y]![x]!);
  let score = 0;
  for (const vertical of [false, true]) {
    for (let y = 0; y < size; y++) {
      let run = 1;
      for (let x = 1; x <= size; x++) {
        if (x < size && at(x, y, vertical) === at(x - 1, y, vertical)) run++;
        else {
          if (run >= 5) score += 3 + (run - 5);
          run = 1;
        }
      }
      // Finder-like 1:1:3:1:1 with four light modules on one side.
      for (let x = 0; x + 11 <= size; x++) {
        const w = Array.from({ length: 11 }, (_, k) => at(x + k, y, vertical));
        const core = w[4] && !w[5] && w[6] && w[7] && w[8] && !w[9] && w[10];
        const coreLeft = w[0] && !w[1] && w[2] && w[3] && w[4] && !w[5] && w[6];
        if (core && !w[0] && !w[1] && !w[2] && !w[3]) score += 40;
        if (coreLeft && !w[7] && !w[8] && !w[9] && !w[10]) score += 40;
      }
    }
  }
  let dark = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (m[y]![x]) dark++;
      if (x + 1 < size && y + 1 < size) {
        const c = m[y]![x];
        if (c === m[y]![x + 1] && c === m[y + 1]![x] && c === m[y + 1]![x + 1]) score += 3;
      }
    }
  }
  const total = size * size;
  score += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10;
  return score;
}
