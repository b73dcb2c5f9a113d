/**
 * A seeded generator for bench data, the same each run. The multiply is done in 32-bit integers: as a plain
 * double product it passed 2^53 and lost its low bits, so `% n` of a small n came out the same every time
 * (every "one in four" segment of the code-segments row spanned two turns).
 */
export function seededRandom(seed: number) {
  let s = seed >>> 0;
  const next = (): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    // The high bits of this generator are the random ones.
    return s >>> 8;
  };
  return {
    /** An integer in [0, n). */
    int: (n: number): number => next() % n,
    /** A number in [0, 1). */
    unit: (): number => next() / 2 ** 24,
  };
}
