import { describe, expect, it } from 'vitest';
import { transcriptMoment } from '../../../src/renderer/features/viewer/past-end';

// A 10-second recording (the generic one a chat interview links) under a transcript that runs minutes.
const VIDEO = 10_008;

describe('the transcript moment when the recording is shorter than the transcript', () => {
  it('a turn past the end: the player stops at its end, the transcript stays on the turn asked for', () => {
    expect(transcriptMoment(VIDEO, VIDEO, 13_460)).toEqual({ ms: 13_460, requestedMs: 13_460 });
    // Still at the end on the next report: still the turn asked for.
    expect(transcriptMoment(VIDEO - 100, VIDEO, 13_460)).toEqual({ ms: 13_460, requestedMs: 13_460 });
  });

  it('the player moves away from the end (played again from the start): the transcript follows it again', () => {
    expect(transcriptMoment(400, VIDEO, 13_460)).toEqual({ ms: 400, requestedMs: null });
  });

  it('a moment inside the recording settles at once: the player is followed', () => {
    expect(transcriptMoment(4_000, VIDEO, 4_000)).toEqual({ ms: 4_000, requestedMs: null });
    expect(transcriptMoment(0, VIDEO, 4_000)).toEqual({ ms: 0, requestedMs: null });
  });

  it('before the length is known the request waits; with nothing asked for, the player is followed', () => {
    expect(transcriptMoment(0, null, 95_000)).toEqual({ ms: 0, requestedMs: 95_000 });
    expect(transcriptMoment(VIDEO, VIDEO, null)).toEqual({ ms: VIDEO, requestedMs: null });
  });
});
