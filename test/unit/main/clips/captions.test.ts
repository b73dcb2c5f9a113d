import { describe, expect, it } from 'vitest';
import { cuesInClip, reelCues, shiftCues, toWebVtt, vttTime } from '../../../../src/main/clips/captions';

describe('WebVTT from cues', () => {
  it('writes each cue with HH:MM:SS.mmm times and its speaker as a voice tag, escaping the text', () => {
    const vtt = toWebVtt([
      { startMs: 3_723_004, endMs: 3_725_500, speaker: 'Participant', text: 'Second <b>bold</b> & "quoted" --> arrow' },
      { startMs: 0, endMs: 1500, speaker: 'Maya Cohen', text: 'First line\n\n\nsecond line ' },
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\n' +
        '00:00:00.000 --> 00:00:01.500\n<v Maya Cohen>First line\nsecond line\n\n' +
        '01:02:03.004 --> 01:02:05.500\n<v Participant>Second &lt;b&gt;bold&lt;/b&gt; &amp; "quoted" --&gt; arrow\n\n',
    );
  });

  it('leaves out empty cues and a missing speaker, and escapes a speaker label', () => {
    expect(
      toWebVtt([
        { startMs: 0, endMs: 0, speaker: 'A', text: 'zero length' },
        { startMs: 10, endMs: 20, speaker: 'B', text: '   ' },
        { startMs: 30, endMs: 40, speaker: '', text: 'nobody' },
        { startMs: 50, endMs: 60, speaker: 'Dr <X>\nY', text: 'hi' },
      ]),
    ).toBe('WEBVTT\n\n00:00:00.030 --> 00:00:00.040\nnobody\n\n00:00:00.050 --> 00:00:00.060\n<v Dr &lt;X&gt; Y>hi\n\n');
  });

  it('rounds times to whole milliseconds and never goes negative', () => {
    expect(vttTime(59_999.6)).toBe('00:01:00.000');
    expect(vttTime(-5)).toBe('00:00:00.000');
  });
});

describe('cues for clips and reels', () => {
  const cue = (startMs: number, endMs: number, text = 't') => ({ startMs, endMs, speaker: 'S', text });

  it('shifts cues and trims them to the clip, dropping those outside', () => {
    expect(shiftCues([cue(0, 1000), cue(1500, 4000), cue(5000, 6000)], 500, 3000)).toEqual([cue(500, 1500), cue(2000, 3000)]);
    expect(shiftCues([cue(0, 1000), cue(1200, 1800)], -1100)).toEqual([cue(100, 700)]);
  });

  it("moves a clip's cues by as much as its start snapped back, within the clip", () => {
    const clip = { requested: { startMs: 3000, endMs: 6000 }, actual: { startMs: 1921, endMs: 6007 }, durationMs: 4086 };
    expect(cuesInClip(clip, [cue(500, 2500), cue(2800, 3500), cue(3500, 4500)])).toEqual([cue(1579, 3579), cue(3879, 4086)]);
  });

  it("offsets each clip's cues by where the clip starts in the reel, never past the clip's end", () => {
    const cues = reelCues([
      { cues: [cue(0, 1000, 'a'), cue(2500, 3500, 'b')], offsetMs: 0, durationMs: 3000 },
      { offsetMs: 3000, durationMs: 2000 },
      { cues: [cue(100, 900, 'c')], offsetMs: 5000, durationMs: 1000 },
    ]);
    expect(cues).toEqual([cue(0, 1000, 'a'), cue(2500, 3000, 'b'), cue(5100, 5900, 'c')]);
  });
});
