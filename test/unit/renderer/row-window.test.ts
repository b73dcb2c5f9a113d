import { describe, expect, it } from 'vitest';
import { rowWindow, scrollToReveal } from '../../../src/renderer/lib/row-window';

const base = { rowHeight: 40, viewportHeight: 400, overscan: 5 };

describe('rowWindow', () => {
  it('at the top renders the visible rows plus overscan below only', () => {
    const w = rowWindow({ ...base, scrollTop: 0, count: 1000 });
    // 400 / 40 = 10 rows visible, +1 for a partly visible row, +5 overscan.
    expect(w).toEqual({ start: 0, end: 16, padTop: 0, padBottom: (1000 - 16) * 40 });
  });

  it('in the middle renders overscan on both sides, and the pads keep the full height', () => {
    const w = rowWindow({ ...base, scrollTop: 4000, count: 1000 });
    expect(w.start).toBe(95);
    expect(w.end).toBe(116);
    expect(w.padTop + (w.end - w.start) * 40 + w.padBottom).toBe(1000 * 40);
  });

  it('a partly scrolled row counts as visible', () => {
    const w = rowWindow({ ...base, overscan: 0, scrollTop: 20, count: 1000 });
    expect(w.start).toBe(0);
    expect(w.end).toBe(11);
  });

  it('clamps a scrollTop past the end (a list that shrank under a filter) to the last page', () => {
    const w = rowWindow({ ...base, scrollTop: 1_000_000, count: 30 });
    expect(w.end).toBe(30);
    expect(w.start).toBe(30 - 10 - 5);
    expect(w.padBottom).toBe(0);
  });

  it('short and empty lists render everything or nothing', () => {
    expect(rowWindow({ ...base, scrollTop: 0, count: 3 })).toEqual({ start: 0, end: 3, padTop: 0, padBottom: 0 });
    expect(rowWindow({ ...base, scrollTop: 50, count: 0 })).toEqual({ start: 0, end: 0, padTop: 0, padBottom: 0 });
    expect(rowWindow({ ...base, scrollTop: -30, count: 5 }).start).toBe(0);
  });

  it('never renders more than the viewport plus twice the overscan, however long the list', () => {
    for (const scrollTop of [0, 1234, 55_555, 399_960]) {
      const w = rowWindow({ ...base, scrollTop, count: 10_000 });
      expect(w.end - w.start).toBeLessThanOrEqual(11 + 2 * 5);
    }
  });
});

describe('scrollToReveal', () => {
  it('leaves a row that is already in view alone', () => {
    expect(scrollToReveal({ index: 3, scrollTop: 0, viewportHeight: 400, rowHeight: 40 })).toBeNull();
  });
  it('scrolls up to a row above the view, and down just far enough for a row below it', () => {
    expect(scrollToReveal({ index: 2, scrollTop: 400, viewportHeight: 400, rowHeight: 40 })).toBe(80);
    expect(scrollToReveal({ index: 10, scrollTop: 0, viewportHeight: 400, rowHeight: 40 })).toBe(40);
  });
  it('keeps a sticky header from covering the last visible row', () => {
    expect(scrollToReveal({ index: 9, scrollTop: 0, viewportHeight: 400, rowHeight: 40, headerHeight: 36 })).toBe(400 - 364);
  });
});
