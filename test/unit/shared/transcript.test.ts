// Transcript turns: the spec says each turn has a role (AI or User), spoken text and start and end
// timestamps relative to the recording, but does not show the field names or the unit. The client
// normalises every likely variant into integer milliseconds.
import { describe, it, expect } from 'vitest';
import { normaliseRole, normaliseTranscript, parseTimeValue, untimedTurns, type TranscriptTurn } from '../../../src/shared/schemas/transcript';

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

  it('never reads a negative, non-finite or unparseable timestamp as a time: the turn is "time unknown"', () => {
    const out = turns([
      { text: 'a', start: 5, end: 6.5 },
      { text: 'b', start: -3, end: 'soon' },
      { text: 'c', start: Number.NaN, end: 9.5 },
      { text: 'd', start: 'in a bit', end: 12.5 },
    ]);
    expect(out.map((t) => t.start_ms)).toEqual([5000, null, null, null]);
    // A known end is kept; an unknown one is not made up for a turn whose start is unknown.
    expect(out.map((t) => t.end_ms)).toEqual([6500, null, 9500, 12_500]);
    expect(untimedTurns(out)).toBe(3);
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

  it('turn spacing decides integers without text to go by: starts an hour apart read as seconds are milliseconds', () => {
    const raw = [
      { text: 'a', start: 0, end: 4000 },
      { text: 'b', start: 4000, end: 9000 },
    ];
    expect(turns(raw).map((t) => t.end_ms)).toEqual([4000, 9000]);
    // The recording's length (which may be rounded, or 0) does not override what the transcript shows.
    expect(turns(raw, { durationMinutes: 0 }).map((t) => t.end_ms)).toEqual([4000, 9000]);
    // A one-minute recording cannot hold a turn at 9000 seconds either.
    expect(turns(raw, { durationMinutes: 1 }).map((t) => t.end_ms)).toEqual([4000, 9000]);
  });

  it('plausible spacing stays seconds, even past four hours of recording', () => {
    const raw = [
      { text: 'a', start: 15_000, end: 15_010 },
      { text: 'b', start: 15_020, end: 15_040 },
    ];
    expect(turns(raw, { durationMinutes: 300 }).map((t) => t.start_ms)).toEqual([15_000_000, 15_020_000]);
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
  it('a turn without a start is "time unknown", never the previous end or zero', () => {
    const out = turns([
      { role: 'AI', text: 'a', start: 1.5, end: 4.5 },
      { role: 'User', text: 'b', end: 8.5 },
    ]);
    expect(out[1]).toMatchObject({ start_ms: null, end_ms: 8500 });
    expect(first([{ text: 'a', end: 2.5 }])).toMatchObject({ start_ms: null, end_ms: 2500 });
  });

  it('an end is inferred from the next timed turn, skipping turns whose time is unknown', () => {
    const out = turns([{ text: 'a', start: 1.5 }, { text: 'b' }, { text: 'c', start: 6.5, end: 9.5 }]);
    expect(out.map((t) => [t.start_ms, t.end_ms])).toEqual([
      [1500, 6500],
      [null, null],
      [6500, 9500],
    ]);
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
    for (const t of out) if (t.end_ms !== null) expect(t.end_ms).toBeGreaterThanOrEqual(t.start_ms!);
    expect(out[0]?.end_ms).toBe(7500);
  });

  it('fills ends as the rule says, turn by turn, on random transcripts (one pass from the end)', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const time = () => (rnd() < 0.3 ? undefined : Math.round(rnd() * 600) / 2);
    for (let round = 0; round < 300; round++) {
      const raw = Array.from({ length: 1 + Math.floor(rnd() * 12) }, (_, i) => ({ text: `t${i}`, start: time(), end: time() }));
      const out = turns(raw);
      // The rule read plainly: a timed turn without a usable end ends where the next timed turn starts.
      const ms = (v: number | undefined) => (v === undefined ? null : Math.round(v * 1000));
      const want = raw.map((r, i) => {
        const start = ms(r.start);
        const end = ms(r.end);
        if (start === null || (end !== null && end >= start)) return [start, end];
        const next = raw.slice(i + 1).find((n) => n.start !== undefined);
        const nextStart = next ? ms(next.start) : null;
        return [start, nextStart !== null && nextStart >= start ? nextStart : end === null ? null : start];
      });
      expect(out.map((t) => [t.start_ms, t.end_ms])).toEqual(want);
    }
  });
});

describe('normaliseTranscript: shape', () => {
  it.each([
    ['a string', 'hello'],
    ['a number', 42],
    ['a boolean', true],
    ['an object without turns', { title: 'x' }],
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
    const out = turns([{ role: 'User', text: 'hi', start: 0.5, end: 1.5, confidence: 0.93, words: [{ w: 'hi' }], speaker_id: 7 }]);
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

describe('normaliseTranscript: every plausible time form', () => {
  it.each([
    ['seconds as a number', 83.45, 83_450],
    ['a numeric string', '83.45', 83_450],
    ['a clock with one fraction digit', '00:01:23.4', 83_400],
    ['a clock with microseconds', '00:01:23.450000', 83_450],
    ['a clock with a comma', '00:01:23,450', 83_450],
    ['minutes and seconds', '1:23', 83_000],
    ['hours past 99', '100:00:00', 360_000_000],
    ['a seconds suffix', '83.45s', 83_450],
    ['a spelled-out seconds suffix', '83.45 sec', 83_450],
    ['a milliseconds suffix', '83450ms', 83_450],
    ['an ISO 8601 duration', 'PT1M23.45S', 83_450],
    ['an ISO 8601 duration in seconds only', 'PT83.45S', 83_450],
    ['an ISO 8601 duration with hours', 'PT1H2M', 3_720_000],
  ])('reads %s', (_name, value, ms) => {
    // A second turn whose spacing says "seconds" for the bare numbers.
    const out = turns([
      { text: 'x', start: value, end: null },
      { text: 'y', start: '00:05:00', end: '00:05:02' },
    ]);
    expect(out[0]!.start_ms).toBe(ms);
  });

  it.each([['soon'], [''], ['PT'], ['P'], ['1:2:3:4'], ['12 minutes'], [{ seconds: 3 }], [[3]], [true], [-1]])('refuses %j', (value) => {
    expect(parseTimeValue(value)).toBeNull();
  });

  it('milliseconds as decimals are read by their field name', () => {
    expect(first([{ text: 'a', start_ms: 83_450.4, end_ms: '85120.6' }])).toMatchObject({ start_ms: 83_450, end_ms: 85_121 });
  });
});

describe('normaliseTranscript: the unit of bare numbers comes from the transcript itself', () => {
  const spoken = (unit: 1 | 1000, duration: number | null) =>
    turns(
      [
        { role: 'AI', text: 'Why did you decide to cancel your subscription last month?', start: 0 * unit, end: 4 * unit },
        { role: 'User', text: 'Mostly the price, it went up twice and the portions got smaller at the same time.', start: 5 * unit, end: 11 * unit },
        { role: 'AI', text: 'What would have made you stay with us a little longer?', start: 12 * unit, end: 15 * unit },
        { role: 'User', text: 'Honestly a cheaper plan for two people, or skipping weeks without the hassle.', start: 16 * unit, end: 22 * unit },
      ],
      { durationMinutes: duration },
    );

  it('integer seconds', () => expect(spoken(1, 1).map((t) => t.end_ms)).toEqual([4000, 11_000, 15_000, 22_000]));
  it('integer milliseconds', () => expect(spoken(1000, 1).map((t) => t.end_ms)).toEqual([4000, 11_000, 15_000, 22_000]));
  it('milliseconds with the recording length rounded to 0', () => expect(spoken(1000, 0).map((t) => t.start_ms)).toEqual([0, 5000, 12_000, 16_000]));
  it('seconds with no recording length at all', () => expect(spoken(1, null).map((t) => t.start_ms)).toEqual([0, 5000, 12_000, 16_000]));

  it('a two-hour interview in seconds stays seconds', () => {
    const raw = Array.from({ length: 400 }, (_, i) => ({ text: 'I think that is about right for us really', start: i * 18, end: i * 18 + 4 }));
    const out = turns(raw, { durationMinutes: 120 });
    expect(out.at(-1)!.start_ms).toBe(399 * 18 * 1000);
  });

  it('a three-turn chat with duration 0, in milliseconds', () => {
    const out = turns(
      [
        { role: 'AI', text: 'Hi! What made you sign up?', start: 0, end: 2100 },
        { role: 'User', text: 'A friend recommended it to me last spring', start: 9000, end: 15_000 },
        { role: 'AI', text: 'Thanks, and what do you cook most?', start: 16_000, end: 18_000 },
      ],
      { durationMinutes: 0 },
    );
    expect(out.map((t) => t.start_ms)).toEqual([0, 9000, 16_000]);
  });

  // Rates of 3 words over 1 unit (seconds-like) and over 1,000 units (milliseconds-like): the median decides.
  const mixed = (secondsLike: number, msLike: number) =>
    turns(
      [...Array.from({ length: secondsLike }, () => ({ len: 1 })), ...Array.from({ length: msLike }, () => ({ len: 1000 }))].map((t, i) => ({
        text: 'one two three four five six seven eight',
        start: i * 2000,
        end: i * 2000 + t.len,
      })),
      { durationMinutes: null },
    );
  it('the median speech rate decides, however long the turns are: more milliseconds-like turns', () => {
    expect(mixed(2, 3)[0]!.end_ms).toBe(1);
  });
  it('the median speech rate decides, however long the turns are: more seconds-like turns', () => {
    expect(mixed(3, 2)[0]!.end_ms).toBe(1000);
  });
  it('decides as the plain median of every rate would, on 2,000 random transcripts (it may stop reading early)', () => {
    // The reference: every turn with a length and 3 words gives words / length; sorted; the upper middle one.
    const saysMs = (rate: number) => Math.abs(Math.log((rate * 1000) / 2.5)) < Math.abs(Math.log(rate / 2.5));
    let seed = 20261127;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const words = ['so', 'um', 'we', 'tried', 'the', 'app', 'and', 'it', 'was', 'fine'];
    let checked = 0;
    for (let k = 0; k < 2000; k++) {
      const raw = Array.from({ length: 2 + Math.floor(rand() * 24) }, (_, i) => {
        const n = Math.floor(rand() * 9);
        const len = rand() < 0.15 ? 0 : rand() < 0.5 ? 0.3 + rand() * 20 : 300 + rand() * 20_000;
        return { text: Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]).join(' '), start: i * 30_000, end: i * 30_000 + len };
      });
      const rates = raw
        .filter((t) => t.end - t.start > 0 && t.text.split(' ').filter(Boolean).length >= 3)
        .map((t) => t.text.split(' ').length / (t.end - t.start));
      if (rates.length === 0) continue;
      const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
      const out = turns(raw, { durationMinutes: null });
      // Read as milliseconds, a turn 30,000 units later starts at 30,000 ms; as seconds, at 30,000,000.
      expect(out[1]!.start_ms, JSON.stringify(raw)).toBe(saysMs(median) ? 30_000 : 30_000_000);
      checked++;
    }
    expect(checked).toBeGreaterThan(1500);
  });
  it('the median of an even count is the upper one of the middle two (seconds here)', () => {
    expect(mixed(2, 2)[0]!.end_ms).toBe(1000);
  });
  it('a time too large to read as a finite number still leaves the rest of the transcript readable', () => {
    const huge = '9'.repeat(400);
    const out = turns(
      [
        { text: 'one two three four', start: 0, end: 2 },
        { text: 'five six seven eight', start: 3, end: huge },
        { text: 'nine ten eleven twelve', start: 6, end: 8 },
      ],
      { durationMinutes: null },
    );
    expect(out.map((t) => t.start_ms)).toEqual([0, 3000, 6000]);
  });
});

describe('normaliseTranscript: wrappers', () => {
  const inner = [{ role: 'AI', text: 'Hello', start: 0, end: 1.5 }];
  it.each([
    ['turns', { turns: inner }],
    ['items', { items: inner }],
    ['messages', { messages: inner }],
    ['segments', { segments: inner }],
    ['transcript', { transcript: inner }],
    ['two levels', { data: { turns: inner } }],
    ['JSON text', JSON.stringify(inner)],
    ['JSON text of a wrapper', JSON.stringify({ turns: inner })],
  ])('reads a transcript wrapped as %s', (_name, raw) => {
    expect(turns(raw).map((t) => t.text)).toEqual(['Hello']);
  });
});
