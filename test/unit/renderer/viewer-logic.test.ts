import { describe, expect, it } from 'vitest';
import { activeTurnAt, formatClock, startIndex } from '../../../src/renderer/features/viewer/active-turn';
import { isViewerSpace, playerAction, stepSpeed, type KeyInfo } from '../../../src/renderer/features/viewer/player-keys';
import { estimateRowHeight, RowLayout } from '../../../src/renderer/features/viewer/row-layout';
import { rangeFromPoints } from '../../../src/renderer/features/viewer/selection';
import type { TranscriptTurn } from '../../../src/shared/schemas/transcript';

const turn = (index: number, start_ms: number, text = `turn ${index}`, role: TranscriptTurn['role'] = index % 2 ? 'User' : 'AI'): TranscriptTurn => ({
  index,
  role,
  text,
  start_ms,
  end_ms: null,
});

describe('active-turn lookup', () => {
  const turns = [turn(0, 400), turn(1, 4829), turn(2, 6694), turn(3, 9033)];
  const starts = startIndex(turns);

  it('is the last turn that has started, and -1 before the first', () => {
    expect(activeTurnAt(starts, 0)).toBe(-1);
    expect(activeTurnAt(starts, 399)).toBe(-1);
    expect(activeTurnAt(starts, 400)).toBe(0);
    expect(activeTurnAt(starts, 4828)).toBe(0);
    expect(activeTurnAt(starts, 4829)).toBe(1);
    expect(activeTurnAt(starts, 7000)).toBe(2);
    expect(activeTurnAt(starts, 1e9)).toBe(3);
    expect(activeTurnAt(startIndex([]), 100)).toBe(-1);
  });

  it('agrees with a linear scan on a random transcript, including turns that start before the one above', () => {
    let t = 0;
    const random = Array.from({ length: 500 }, (_, i) => turn(i, (t += Math.floor(Math.random() * 4000)) - (i % 50 === 7 ? 3000 : 0)));
    const s = startIndex(random);
    const linear = (ms: number) => {
      let found = -1;
      let max = -Infinity;
      for (let i = 0; i < random.length; i++) {
        max = Math.max(max, random[i]!.start_ms!);
        if (max <= ms) found = i;
      }
      return found;
    };
    for (let i = 0; i < 2000; i++) {
      const ms = Math.floor(Math.random() * (t + 5000)) - 1000;
      expect(activeTurnAt(s, ms)).toBe(linear(ms));
    }
  });

  it('takes well under 1 ms per lookup on a 2,000-turn transcript', () => {
    const big = startIndex(Array.from({ length: 2000 }, (_, i) => turn(i, i * 3000)));
    const n = 100_000;
    const t0 = performance.now();
    let sink = 0;
    for (let i = 0; i < n; i++) sink += activeTurnAt(big, (i * 7919) % 6_000_000);
    const perLookup = (performance.now() - t0) / n;
    expect(sink).toBeGreaterThan(0);
    expect(perLookup).toBeLessThan(0.05);
  });

  it('formats times as mm:ss, with hours past an hour', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(19_999)).toBe('00:19');
    expect(formatClock(272_000)).toBe('04:32');
    expect(formatClock(3_723_000)).toBe('1:02:03');
  });
});

describe('player keys', () => {
  const key = (k: string, target: unknown = null, mods: Partial<KeyInfo> = {}): KeyInfo => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: target as EventTarget,
    ...mods,
  });
  const el = (tagName: string, closestMatches: string[] = [], extra: Record<string, unknown> = {}) => ({
    tagName,
    closest: (sel: string) => (closestMatches.some((m) => sel.includes(m)) ? {} : null),
    ...extra,
  });

  it('maps the UI brief keys', () => {
    expect(playerAction(key(' '))).toEqual({ kind: 'toggle' });
    expect(playerAction(key('k'))).toEqual({ kind: 'pause' });
    expect(playerAction(key('j'))).toEqual({ kind: 'skip', seconds: -10 });
    expect(playerAction(key('L'))).toEqual({ kind: 'skip', seconds: 10 });
    expect(playerAction(key('ArrowLeft'))).toEqual({ kind: 'skip', seconds: -5 });
    expect(playerAction(key('ArrowRight'))).toEqual({ kind: 'skip', seconds: 5 });
    expect(playerAction(key('['))).toEqual({ kind: 'speed', direction: -1 });
    expect(playerAction(key(']'))).toEqual({ kind: 'speed', direction: 1 });
    expect(playerAction(key('h'))).toEqual({ kind: 'code' });
    expect(playerAction(key('c'))).toEqual({ kind: 'code' });
    expect(playerAction(key('C'))).toEqual({ kind: 'code' });
  });

  it('leaves typing, modified keys, ? and the arrows of sliders, tabs and radios alone', () => {
    expect(playerAction(key('?'))).toBeNull();
    expect(playerAction(key('k', null, { metaKey: true }))).toBeNull();
    expect(playerAction(key('j', el('INPUT')))).toBeNull();
    expect(playerAction(key(' ', el('INPUT', [], { type: 'search' })))).toBeNull();
    expect(playerAction(key(' ', el('TEXTAREA')))).toBeNull();
    expect(playerAction(key(' ', el('SELECT')))).toBeNull();
    expect(playerAction(key('l', el('DIV', [], { isContentEditable: true })))).toBeNull();
    expect(playerAction(key('ArrowLeft', el('DIV', ['role="slider"'])))).toBeNull();
    expect(playerAction(key('ArrowRight', el('BUTTON', ['role="tablist"'])))).toBeNull();
    expect(playerAction(key('ArrowRight', el('INPUT', ['input[type="radio"]'], { type: 'radio' })))).toBeNull();
    // A transcript row is not a button: space there plays or pauses.
    expect(playerAction(key(' ', el('LI')))).toEqual({ kind: 'toggle' });
  });

  it('takes Space and the player keys on buttons and checkboxes too: Space never presses the focused control again', () => {
    expect(playerAction(key(' ', el('BUTTON')))).toEqual({ kind: 'toggle' });
    expect(playerAction(key(' ', el('DIV', ['role="button"'])))).toEqual({ kind: 'toggle' });
    expect(playerAction(key(' ', el('INPUT', [], { type: 'checkbox' })))).toEqual({ kind: 'toggle' });
    expect(playerAction(key('j', el('INPUT', [], { type: 'checkbox' })))).toEqual({ kind: 'skip', seconds: -10 });
    expect(isViewerSpace(key(' ', el('BUTTON')))).toBe(true);
    expect(isViewerSpace(key(' ', el('INPUT', [], { type: 'text' })))).toBe(false);
    expect(isViewerSpace(key('Enter', el('BUTTON')))).toBe(false);
  });

  it('Shift+N and Shift+P go to the next and previous interview; N and P alone do nothing', () => {
    expect(playerAction(key('N', null, { shiftKey: true }))).toEqual({ kind: 'interview', direction: 1 });
    expect(playerAction(key('P', el('BUTTON'), { shiftKey: true }))).toEqual({ kind: 'interview', direction: -1 });
    expect(playerAction(key('n'))).toBeNull();
    expect(playerAction(key('N', el('INPUT'), { shiftKey: true }))).toBeNull();
  });

  it('steps speed between 0.5× and 2×', () => {
    expect(stepSpeed(1, 1)).toBe(1.25);
    expect(stepSpeed(1, -1)).toBe(0.75);
    expect(stepSpeed(2, 1)).toBe(2);
    expect(stepSpeed(0.5, -1)).toBe(0.5);
    expect(stepSpeed(1.1, -1)).toBe(1);
  });
});

describe('transcript selection range', () => {
  const turns = [turn(0, 1000, 'What made you cancel?'), turn(1, 4000, 'It got too expensive.'), turn(2, 9000, 'Could you say more?')];

  it('gives turn indexes, offsets and the quote, in reading order whichever way it was dragged', () => {
    const r = rangeFromPoints(turns, { turn: 1, offset: 10 }, { turn: 1, offset: 3 });
    expect(r).toEqual({ start_turn: 1, start_offset: 3, end_turn: 1, end_offset: 10, start_ms: 4000, quote: 'got too' });
    const multi = rangeFromPoints(turns, { turn: 2, offset: 5 }, { turn: 0, offset: 10 });
    expect(multi).toMatchObject({ start_turn: 0, start_offset: 10, end_turn: 2, end_offset: 5, start_ms: 1000 });
    expect(multi!.quote).toBe('you cancel?\nIt got too expensive.\nCould');
  });

  it('is null for whitespace only, and clamps offsets past the text', () => {
    expect(rangeFromPoints([turn(0, 0, 'a   b')], { turn: 0, offset: 1 }, { turn: 0, offset: 4 })).toBeNull();
    expect(rangeFromPoints(turns, { turn: 0, offset: 0 }, { turn: 0, offset: 999 })!.end_offset).toBe(turns[0]!.text.length);
  });
});

describe('row layout', () => {
  it('positions rows by prefix sums and windows the viewport with overscan', () => {
    const l = new RowLayout(Array.from({ length: 2000 }, () => 50));
    expect(l.total()).toBe(100_000);
    expect(l.top(10)).toBe(500);
    expect(l.indexAt(0)).toBe(0);
    expect(l.indexAt(49.9)).toBe(0);
    expect(l.indexAt(50)).toBe(1);
    const w = l.window(50_000, 800, 12);
    expect(w).toEqual({ start: 988, end: 1029 });
    expect(w.end - w.start).toBeLessThan(300);
  });

  it('takes measured heights and moves the rows below', () => {
    const l = new RowLayout([50, 50, 50]);
    expect(l.measure(0, 50.2)).toBe(false);
    expect(l.measure(0, 120)).toBe(true);
    expect(l.top(1)).toBe(120);
    expect(l.top(2)).toBe(170);
    expect(l.total()).toBe(220);
  });

  it('estimates longer text as taller', () => {
    expect(estimateRowHeight('x'.repeat(300))).toBeGreaterThan(estimateRowHeight('short'));
  });
});

describe('active-turn lookup with turns whose time is unknown', () => {
  const untimed = (index: number): TranscriptTurn => ({ index, role: 'User', text: `turn ${index}`, start_ms: null, end_ms: null });

  it('never makes an untimed turn the one playing', () => {
    const turns = [turn(0, 0), untimed(1), turn(2, 5000), untimed(3)];
    const starts = startIndex(turns);
    expect(activeTurnAt(starts, 4999)).toBe(0);
    expect(activeTurnAt(starts, 5000)).toBe(2);
    expect(activeTurnAt(starts, 1e9)).toBe(2);
  });

  it('a transcript with no time at all has no playing turn', () => {
    expect(activeTurnAt(startIndex([untimed(0), untimed(1)]), 1e9)).toBe(-1);
  });
});
