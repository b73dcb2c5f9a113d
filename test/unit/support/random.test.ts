import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../support/random';

/** The bench and the fuzz tests draw from this: a draw that always came out the same hid whole branches. */
describe('seededRandom', () => {
  it('gives every value of a small range, about evenly, and the same sequence for the same seed', () => {
    for (const n of [2, 3, 4, 200]) {
      const { int } = seededRandom(42);
      const counts = new Array<number>(n).fill(0);
      for (let i = 0; i < n * 500; i++) counts[int(n)]!++;
      expect(Math.min(...counts)).toBeGreaterThan(500 * 0.8);
      expect(Math.max(...counts)).toBeLessThan(500 * 1.2);
    }
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect(Array.from({ length: 20 }, () => a.int(1000))).toEqual(Array.from({ length: 20 }, () => b.int(1000)));
  });

  it('unit() stays in [0, 1) and spreads over it', () => {
    const { unit } = seededRandom(1);
    const xs = Array.from({ length: 10_000 }, unit);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(xs.filter((x) => x < 0.5).length).toBeGreaterThan(4500);
    expect(xs.filter((x) => x < 0.5).length).toBeLessThan(5500);
  });
});
