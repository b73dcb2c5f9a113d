// The QR encoder's structure, read back from the matrix. Decoding it with a real reader (zbarimg) is
// test/integration/qr-zbar.test.ts.
import { describe, expect, it } from 'vitest';
import { encodeQr, type QrMatrix } from '../../../src/shared/qr';

const URL_110 = 'http://127.0.0.1:43567/call/en-US/6f1c2a34-1111-4aaa-8bbb-123456789abc/0a9b8c7d-2222-4ccc-9ddd-abcdefabcdef';

function bchFormat(data: number): number {
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | (rem & 0x3ff)) ^ 0x5412;
}

/** Reads the format information around the top-left finder (ISO 18004 figure 25), bit 14 first. */
function formatBits(m: QrMatrix): number {
  const at = (x: number, y: number) => (m[y]![x] ? 1 : 0);
  const cells: [number, number][] = [];
  for (let i = 0; i <= 5; i++) cells.push([8, i]);
  cells.push([8, 7], [8, 8], [7, 8]);
  for (let i = 9; i < 15; i++) cells.push([14 - i, 8]);
  return cells.reduce((acc, [x, y], i) => acc | (at(x, y) << i), 0);
}

function formatBitsSecondCopy(m: QrMatrix): number {
  const size = m.length;
  let v = 0;
  for (let i = 0; i < 8; i++) v |= (m[8]![size - 1 - i] ? 1 : 0) << i;
  for (let i = 8; i < 15; i++) v |= (m[size - 15 + i]![8] ? 1 : 0) << i;
  return v;
}

function finderAt(m: QrMatrix, x0: number, y0: number): boolean {
  for (let dy = 0; dy < 7; dy++) {
    for (let dx = 0; dx < 7; dx++) {
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
      if (m[y0 + dy]![x0 + dx] !== (ring !== 2)) return false;
    }
  }
  return true;
}

describe('QR encoder', () => {
  it('picks the smallest version that holds the text at level M', () => {
    expect(encodeQr('hi')).toHaveLength(21);
    expect(encodeQr(URL_110)).toHaveLength(45); // version 7
    expect(encodeQr('x'.repeat(2331))).toHaveLength(177); // version 40, byte mode, level M: 2331 bytes
    expect(() => encodeQr('x'.repeat(2332))).toThrow(/too long/);
  });

  it('draws the three finder patterns, the timing lines and the dark module', () => {
    const m = encodeQr(URL_110);
    const size = m.length;
    expect(finderAt(m, 0, 0)).toBe(true);
    expect(finderAt(m, size - 7, 0)).toBe(true);
    expect(finderAt(m, 0, size - 7)).toBe(true);
    for (let i = 8; i < size - 8; i++) {
      expect(m[6]![i]).toBe(i % 2 === 0);
      expect(m[i]![6]).toBe(i % 2 === 0);
    }
    expect(m[size - 8]![8]).toBe(true);
  });

  it('writes valid format information for level M in both copies', () => {
    for (const text of ['hi', URL_110, 'https://example.com/' + 'x'.repeat(300)]) {
      const m = encodeQr(text);
      const f = formatBits(m);
      expect(formatBitsSecondCopy(m)).toBe(f);
      const data = (f ^ 0x5412) >>> 10;
      expect(data >>> 3).toBe(0); // level M
      expect(bchFormat(data)).toBe(f);
    }
  });

  it('writes the version information from version 7 on', () => {
    const m = encodeQr(URL_110);
    const size = m.length;
    let v = 0;
    for (let i = 0; i < 18; i++) v |= (m[Math.floor(i / 3)]![size - 11 + (i % 3)] ? 1 : 0) << i;
    expect(v >>> 12).toBe(7);
    expect(v).toBe(0x07c94); // the standard's table: version 7
  });
});
