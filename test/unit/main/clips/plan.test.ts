// Where a clip is in its recording: first turn's start to last turn's end, padded, kept inside the video;
// turns with no readable time cannot be clipped; captions are the overlapping turns, timed from the clip.
import { describe, expect, it } from 'vitest';
import { clipCues, clipRange, type ClipTurn } from '../../../../src/main/clips/plan';

const turn = (index: number, role: 'AI' | 'User', start: number | null, end: number | null, text = `turn ${index}`): ClipTurn => ({
  index,
  role,
  start_ms: start,
  end_ms: end,
  text,
});

const TURNS: ClipTurn[] = [
  turn(0, 'AI', 0, 4000, 'Why did you sign up?'),
  turn(1, 'User', 5000, 12_000, 'A friend told me.'),
  turn(2, 'AI', 13_000, 15_000, 'And then?'),
  turn(3, 'User', 16_000, 25_000, 'The boxes were too dear.'),
];

describe('clipRange', () => {
  it('runs from the first turn’s start to the last turn’s end, over several turns', () => {
    expect(clipRange(TURNS, { start_turn: 1, end_turn: 3 })).toEqual({ ok: true, range: { startMs: 5000, endMs: 25_000 } });
    expect(clipRange(TURNS, { start_turn: 3, end_turn: 3 })).toEqual({ ok: true, range: { startMs: 16_000, endMs: 25_000 } });
  });

  it('pads both sides, clamped to 0 and to the video’s length when known', () => {
    expect(clipRange(TURNS, { start_turn: 1, end_turn: 1 }, { padMs: 1500 })).toEqual({ ok: true, range: { startMs: 3500, endMs: 13_500 } });
    expect(clipRange(TURNS, { start_turn: 0, end_turn: 3 }, { padMs: 2000, durationMs: 26_000 })).toEqual({
      ok: true,
      range: { startMs: 0, endMs: 26_000 },
    });
    // Unknown length: the padding stands (the cut stops at the end of the file).
    expect(clipRange(TURNS, { start_turn: 3, end_turn: 3 }, { padMs: 2000 })).toEqual({ ok: true, range: { startMs: 14_000, endMs: 27_000 } });
  });

  it('takes the next turn’s start, else the video’s end, when a turn has no end', () => {
    const turns = [turn(0, 'User', 1000, null), turn(1, 'AI', 7000, null)];
    expect(clipRange(turns, { start_turn: 0, end_turn: 0 })).toEqual({ ok: true, range: { startMs: 1000, endMs: 7000 } });
    expect(clipRange(turns, { start_turn: 1, end_turn: 1 }, { durationMs: 9000 })).toEqual({ ok: true, range: { startMs: 7000, endMs: 9000 } });
    const end = clipRange(turns, { start_turn: 1, end_turn: 1 });
    expect(end.ok).toBe(false);
  });

  it('refuses turns with no readable time, saying which', () => {
    const turns = [turn(0, 'AI', 0, 3000), turn(1, 'User', null, null), turn(2, 'User', 9000, 12_000)];
    const first = clipRange(turns, { start_turn: 1, end_turn: 2 });
    expect(first).toEqual({ ok: false, reason: expect.stringContaining('no readable time for turn 2') });
    const missing = clipRange(turns, { start_turn: 7, end_turn: 8 });
    expect(missing).toEqual({ ok: false, reason: expect.stringContaining('not in the saved transcript') });
    expect(clipRange(turns, { start_turn: 0, end_turn: 2 })).toEqual({ ok: true, range: { startMs: 0, endMs: 12_000 } });
  });

  it('refuses a segment past the end of the video', () => {
    expect(clipRange(TURNS, { start_turn: 3, end_turn: 3 }, { durationMs: 10_000 })).toEqual({ ok: false, reason: expect.stringContaining('after the end') });
  });
});

describe('clipCues', () => {
  it('is the turns overlapping the clip, cut to it, timed from its start, Interviewer for the AI', () => {
    expect(clipCues(TURNS, { startMs: 3000, endMs: 20_000 }, 'Bea')).toEqual([
      { startMs: 0, endMs: 1000, speaker: 'Interviewer', text: 'Why did you sign up?' },
      { startMs: 2000, endMs: 9000, speaker: 'Bea', text: 'A friend told me.' },
      { startMs: 10_000, endMs: 12_000, speaker: 'Interviewer', text: 'And then?' },
      { startMs: 13_000, endMs: 17_000, speaker: 'Bea', text: 'The boxes were too dear.' },
    ]);
  });

  it('leaves out turns with no time and turns outside the clip', () => {
    const turns = [turn(0, 'AI', 0, 3000), turn(1, 'User', null, null, 'lost'), turn(2, 'User', 9000, 12_000)];
    const cues = clipCues(turns, { startMs: 8000, endMs: 12_000 }, 'P02');
    expect(cues).toEqual([{ startMs: 1000, endMs: 4000, speaker: 'P02', text: 'turn 2' }]);
  });
});
