// Transcript turns: the spec says each turn has a role (AI or User), spoken text and start and end
// timestamps relative to the recording, but does not show the field names or the unit. The client
// normalises every likely variant into integer milliseconds.
import { describe, it, expect } from 'vitest';
import { normaliseRole, normaliseTranscript, type TranscriptTurn } from '../../../src/shared/schemas/transcript';

function turns(raw: unknown, opts?: { durationMinutes?: number | null }): TranscriptTurn[] {
  const out = normaliseTranscript(raw, opts);
  if (out === null) throw new Error('expected a transcript, got null');
  return out;
}

const first = (raw: unknown, opts?: { durationMinutes?: number | null }): TranscriptTurn => {
  const t = turns(raw, opts)[0];
  if (!t) throw new Error('expected at least one turn');
  return t;
};

describe('normaliseTranscript: text', () => {
  it.each(['text', 'content', 'message'])('reads the spoken text from "%s"', (field) => {
    expect(first([{ role: 'AI', [field]: 'Hello there', start: 0, end: 1 }]).text).toBe('Hello there');
  });

  it('prefers "text" when several text fields are present', () => {
    expect(first([{ text: 'primary', content: 'secondary', message: 'tertiary' }]).text).toBe('primary');
  });

  it('uses an empty string when no text field is a string', () => {
    expect(first([{ role: 'User', text: 42, start: 0 }]).text).toBe('');
    expect(first([{ role: 'User', start: 0 }]).text).toBe('');
  });
});

describe('normaliseTranscript: role', () => {
  it.each([
    ['AI', 'AI'],
    ['ai', 'AI'],
    ['assistant', 'AI'],
    ['Assistant', 'AI'],
    ['interviewer', 'AI'],
    ['User', 'User'],
    ['user', 'User'],
    ['participant', 'User'],
    ['  Participant ', 'User'],
    ['narrator', 'unknown'],
    ['', 'unknown'],
  ] as const)('role %j → %s', (raw, expected) => {
    expect(first([{ role: raw, text: 'x', start: 0 }]).role).toBe(expected);
    expect(normaliseRole(raw)).toBe(expected);
  });

  it('turns a non-string or missing role into "unknown"', () => {
    expect(first([{ role: 1, text: 'x' }]).role).toBe('unknown');
    expect(first([{ role: null, text: 'x' }]).role).toBe('unknown');
    expect(first([{ text: 'x' }]).role).toBe('unknown');
    expect(normaliseRole(undefined)).toBe('unknown');
  });

  it('reads the role from "speaker" when there is no "role"', () => {
    expect(first([{ speaker: 'interviewer', text: 'x' }]).role).toBe('AI');
    expect(first([{ speaker: 'participant', text: 'x' }]).role).toBe('User');
  });
});

describe('normaliseTranscript: timestamp field names', () => {
  it.each([
    { name: 'start/end (seconds)', turn: { start: 1.5, end: 4.25 }, start_ms: 1500, end_ms: 4250 },
    { name: 'start_time/end_time', turn: { start_time: 2.5, end_time: 3.5 }, start_ms: 2500, end_ms: 3500 },
    { name: 'startTime/endTime', turn: { startTime: 0.5, endTime: 1.75 }, start_ms: 500, end_ms: 1750 },
    { name: 'start_ms/end_ms', turn: { start_ms: 1200, end_ms: 3400 }, start_ms: 1200, end_ms: 3400 },
    { name: 'startMs/endMs', turn: { startMs: 10, endMs: 20 }, start_ms: 10, end_ms: 20 },
    { name: 'start_seconds/end_seconds', turn: { start_seconds: 3, end_seconds: 5 }, start_ms: 3000, end_ms: 5000 },
    { name: 'hh:mm:ss.mmm clock strings', turn: { start: '00:01:02.500', end: '00:01:05.250' }, start_ms: 62_500, end_ms: 65_250 },
    { name: 'm:ss clock strings', turn: { start: '1:02', end: '1:10' }, start_ms: 62_000, end_ms: 70_000 },
    { name: 'h:mm:ss clock strings', turn: { start: '1:00:00', end: '1:00:01' }, start_ms: 3_600_000, end_ms: 3_601_000 },
    { name: 'comma decimal (SRT style)', turn: { start: '00:00:01,200', end: '00:00:02,5' }, start_ms: 1200, end_ms: 2500 },
    { name: 'numeric strings', turn: { start: '12.5', end: '14.0' }, start_ms: 12_500, end_ms: 14_000 },
  ])('$name', ({ turn, start_ms, end_ms }) => {
    const t = first([{ role: 'User', text: 'x', ...turn }]);
    expect(t.start_ms).toBe(start_ms);
    expect(t.end_ms).toBe(end_ms);
  });

  it('treats clock strings in a *_ms field as clock time, not milliseconds', () => {
    const t = first([{ start_ms: '00:00:03', end_ms: '00:00:04.5' }]);
    expect(t.start_ms).toBe(3000);
    expect(t.end_ms).toBe(4500);
  });

  it('ignores negative, non-finite and unparseable timestamps', () => {
    const out = turns([
      { text: 'a', start: 5, end: 6.5 },
      { text: 'b', start: -3, end: 'soon' },
      { text: 'c', start: Number.NaN, end: 9.5 },
    ]);
    // b has no usable start: it inherits a's end; with no usable end it takes c's start, which itself
    // inherits b's start.
    expect(out[1]?.start_ms).toBe(6500);
    expect(out[2]?.start_ms).toBe(6500);
    expect(out[2]?.end_ms).toBe(9500);
  });
});

describe('normaliseTranscript: seconds or milliseconds', () => {
  it('reads fractional values as seconds', () => {
    const out = turns([
      { role: 'AI', text: 'a', start: 0, end: 3.2 },
      { role: 'User', text: 'b', start: 3.2, end: 10 },
    ]);
    expect(out.map((t) => [t.start_ms, t.end_ms])).toEqual([
      [0, 3200],
      [3200, 10_000],
    ]);
  });

  it('reads small integers without a duration as seconds', () => {
    const out = turns([
      { text: 'a', start: 0, end: 4 },
      { text: 'b', start: 4, end: 9 },
    ]);
    expect(out.map((t) => [t.start_ms, t.end_ms])).toEqual([
      [0, 4000],
      [4000, 9000],
    ]);
  });

  it('reads large integers without a duration (past four hours as seconds) as milliseconds', () => {
    const out = turns([
      { text: 'a', start: 0, end: 12_000 },
      { text: 'b', start: 12_000, end: 95_000 },
    ]);
    expect(out.map((t) => [t.start_ms, t.end_ms])).toEqual([
      [0, 12_000],
      [12_000, 95_000],
    ]);
  });

  it('uses the recording length to decide integers: too long for seconds means milliseconds', () => {
    const raw = [
      { text: 'a', start: 0, end: 4000 },
      { text: 'b', start: 4000, end: 9000 },
    ];
    // A one-minute recording cannot have a turn at 9000 seconds, so these are milliseconds.
    expect(turns(raw, { durationMinutes: 1 }).map((t) => t.end_ms)).toEqual([4000, 9000]);
    // Without the duration, integers under four hours are read as seconds.
    expect(turns(raw).map((t) => t.end_ms)).toEqual([4_000_000, 9_000_000]);
  });

  it('uses the recording length to decide integers: plausible seconds stay seconds', () => {
    // A 5-hour recording: 15000 s is inside it, so these are seconds even though they exceed four hours.
    const raw = [{ text: 'a', start: 15_000, end: 15_010 }];
    expect(first(raw, { durationMinutes: 300 })).toMatchObject({ start_ms: 15_000_000, end_ms: 15_010_000 });
    expect(first(raw, { durationMinutes: null })).toMatchObject({ start_ms: 15_000, end_ms: 15_010 });
    // A 12-minute recording with turns at 30 and 700 seconds.
    const out = turns(
      [
        { text: 'a', start: 30, end: 45 },
        { text: 'b', start: 690, end: 700 },
      ],
      { durationMinutes: 12 },
    );
    expect(out.map((t) => t.end_ms)).toEqual([45_000, 700_000]);
  });

  it('decides the unit once for the whole transcript', () => {
    // The first turn alone would look like seconds; the second proves the transcript is in milliseconds.
    const out = turns([
      { text: 'a', start: 0, end: 900 },
      { text: 'b', start: 900, end: 250_000 },
    ]);
    expect(out.map((t) => [t.start_ms, t.end_ms])).toEqual([
      [0, 900],
      [900, 250_000],
    ]);
  });

  it('always returns integer milliseconds', () => {
    const out = turns([
      { text: 'a', start: 0.0004, end: 1.0006 },
      { text: 'b', start: '00:00:01.0', end: 2.3337 },
      { text: 'c', start_ms: 2333.6, end_ms: 4000.4 },
    ]);
    for (const t of out) {
      expect(Number.isInteger(t.start_ms)).toBe(true);
      expect(t.end_ms === null || Number.isInteger(t.end_ms)).toBe(true);
    }
    expect(out.map((t) => [t.start_ms, t.end_ms])).toEqual([
      [0, 1001],
      [1000, 2334],
      [2334, 4000],
    ]);
  });
});

describe('normaliseTranscript: filling gaps', () => {
  it('gives a turn without a start the previous turn’s end', () => {
    const out = turns([
      { role: 'AI', text: 'a', start: 1.5, end: 4.5 },
      { role: 'User', text: 'b', end: 8.5 },
    ]);
    expect(out[1]).toMatchObject({ start_ms: 4500, end_ms: 8500 });
  });

  it('starts a first turn without a start at zero', () => {
    expect(first([{ text: 'a', end: 2.5 }])).toMatchObject({ start_ms: 0, end_ms: 2500 });
  });

  it('gives a turn without an end the next turn’s start', () => {
    const out = turns([
      { text: 'a', start: 1.5 },
      { text: 'b', start: 6.5, end: 9.5 },
    ]);
    expect(out[0]).toMatchObject({ start_ms: 1500, end_ms: 6500 });
  });

  it('leaves the end of a last turn without an end as null', () => {
    const out = turns([
      { text: 'a', start: 1.5, end: 2.5 },
      { text: 'b', start: 3.5 },
    ]);
    expect(out[1]?.end_ms).toBeNull();
  });

  it('never returns an end before its start', () => {
    const out = turns([
      { text: 'a', start: 5.5, end: 2.5 },
      { text: 'b', start: 7.5, end: 8.5 },
      { text: 'c', start: 9.5, end: 1.5 },
    ]);
    for (const t of out) if (t.end_ms !== null) expect(t.end_ms).toBeGreaterThanOrEqual(t.start_ms);
    expect(out[0]?.end_ms).toBe(7500);
  });
});

describe('normaliseTranscript: shape', () => {
  it.each([
    ['a string', 'hello'],
    ['a number', 42],
    ['a boolean', true],
    ['an object without turns', { items: [] }],
    ['an object whose turns is not an array', { turns: 'nope' }],
    ['null', null],
    ['undefined', undefined],
  ])('returns null for %s', (_name, raw) => {
    expect(normaliseTranscript(raw)).toBeNull();
  });

  it('returns an empty list for an empty array', () => {
    expect(normaliseTranscript([])).toEqual([]);
  });

  it('accepts a {turns: [...]} wrapper', () => {
    const out = turns({ turns: [{ role: 'AI', text: 'Welcome', start: 0, end: 2.5 }] });
    expect(out).toEqual([{ index: 0, role: 'AI', text: 'Welcome', start_ms: 0, end_ms: 2500 }]);
  });

  it('ignores entries that are not objects and numbers the rest from zero', () => {
    const out = turns([null, 'hello', 3, ['nested'], { role: 'AI', text: 'a', start: 0.5 }, { role: 'User', text: 'b', start: 1.5 }]);
    expect(out.map((t) => [t.index, t.text])).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
  });

  it('returns only the internal fields, whatever extra fields a turn carries', () => {
    const out = turns([
      { role: 'User', text: 'hi', start: 0.5, end: 1.5, confidence: 0.93, words: [{ w: 'hi' }], speaker_id: 7 },
    ]);
    expect(out).toEqual([{ index: 0, role: 'User', text: 'hi', start_ms: 500, end_ms: 1500 }]);
    expect(Object.keys(out[0] ?? {}).sort()).toEqual(['end_ms', 'index', 'role', 'start_ms', 'text']);
  });

  it('normalises a realistic AI/User exchange end to end', () => {
    const out = turns(
      [
        { role: 'assistant', content: 'Thanks for joining. How do you cook during the week?', start_time: 0, end_time: 4.8 },
        { role: 'participant', content: 'Mostly quick pasta, honestly.', start_time: 5.1, end_time: 7.9 },
        { role: 'interviewer', content: 'What makes it pasta?', start_time: 8.2 },
        { role: 'user', content: 'Speed.', start_time: 10.0, end_time: 10.6 },
      ],
      { durationMinutes: 1 },
    );
    expect(out).toEqual([
      { index: 0, role: 'AI', text: 'Thanks for joining. How do you cook during the week?', start_ms: 0, end_ms: 4800 },
      { index: 1, role: 'User', text: 'Mostly quick pasta, honestly.', start_ms: 5100, end_ms: 7900 },
      { index: 2, role: 'AI', text: 'What makes it pasta?', start_ms: 8200, end_ms: 10_000 },
      { index: 3, role: 'User', text: 'Speed.', start_ms: 10_000, end_ms: 10_600 },
    ]);
  });
});
