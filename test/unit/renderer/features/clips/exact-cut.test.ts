// The frame-exact cutter's refusals, in Node: where there is no encoder it says so, before reading any media.
// (Node has no WebCodecs, so the real probe is a platform without encoders; the cut itself is tested in
// Chromium, test/e2e/exact-cut.test.ts.)
import { describe, expect, it } from 'vitest';
import { canCutExactly, cutExactly, ExactCutError, type EncoderProbe } from '../../../../../src/renderer/features/clips/exact-cut';
import { exportExactClip, type ExactClipsBridge } from '../../../../../src/renderer/features/clips/exact-export';

const probe = (video: string[], audio: string[]): EncoderProbe => ({
  video: async (c) => video.includes(c),
  audio: async (c) => audio.includes(c),
});

/** A recording that fails the test if anything reads it. */
class UnreadBlob extends Blob {
  reads = 0;
  override slice(...args: Parameters<Blob['slice']>): Blob {
    this.reads++;
    return super.slice(...args);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    this.reads++;
    return super.arrayBuffer();
  }
  override stream(): ReturnType<Blob['stream']> {
    this.reads++;
    return super.stream();
  }
}

async function refusal(p: Promise<unknown>): Promise<ExactCutError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ExactCutError);
  return e as ExactCutError;
}

describe('canCutExactly', () => {
  it('prefers VP9 and Opus, falls back to VP8, and says why not when nothing encodes', async () => {
    expect(await canCutExactly(probe(['vp9', 'vp8'], ['opus']))).toEqual({ ok: true, codec: 'vp9/opus' });
    expect(await canCutExactly(probe(['vp8'], ['opus']))).toEqual({ ok: true, codec: 'vp8/opus' });
    const none = await canCutExactly(probe([], ['opus']));
    expect(none).toEqual({ ok: false, reason: expect.stringMatching(/no video encoder.*Use keyframe cuts/s) });
    const mute = await canCutExactly(probe(['vp9'], []));
    expect(mute).toEqual({ ok: false, reason: expect.stringMatching(/no Opus or Vorbis encoder.*keyframe cuts/s) });
  });

  it('an encoder check that throws counts as no encoder', async () => {
    const broken: EncoderProbe = { video: () => Promise.reject(new Error('boom')), audio: async () => true };
    expect(await canCutExactly(broken)).toMatchObject({ ok: false });
  });

  it('in Node, which has no WebCodecs, the real check says no', async () => {
    expect(await canCutExactly()).toMatchObject({ ok: false, reason: expect.stringContaining('WebCodecs') });
  });
});

describe('cutExactly refuses', () => {
  it('with clip_exact_no_encoder when the window cannot encode, without reading the recording', async () => {
    const blob = new UnreadBlob([new Uint8Array(64)]);
    const e = await refusal(cutExactly(blob, { startMs: 3300, endMs: 7900 }, { probe: probe([], []) }));
    expect(e.code).toBe('clip_exact_no_encoder');
    expect(e.message).toMatch(/keyframe cuts/);
    expect(blob.reads).toBe(0);
  });

  it('with clip_exact_no_encoder under the real check in Node', async () => {
    const blob = new UnreadBlob([new Uint8Array(64)]);
    expect((await refusal(cutExactly(blob, { startMs: 0, endMs: 1000 }))).code).toBe('clip_exact_no_encoder');
    expect(blob.reads).toBe(0);
  });

  it('a span that ends before it starts', async () => {
    const e = await refusal(cutExactly(new Blob([]), { startMs: 5000, endMs: 5000 }, { probe: probe(['vp9'], ['opus']) }));
    expect(e.code).toBe('clip_exact_bad_range');
  });

  it('an aborted signal before it starts', async () => {
    const ac = new AbortController();
    ac.abort();
    const e = await refusal(cutExactly(new UnreadBlob([]), { startMs: 0, endMs: 1000 }, { probe: probe(['vp9'], ['opus']), signal: ac.signal }));
    expect(e.code).toBe('clip_exact_cancelled');
  });
});

describe('exportExactClip', () => {
  it('asks main what to cut, and writes nothing when the window cannot encode', async () => {
    const asked: unknown[] = [];
    const written: unknown[] = [];
    const bridge: ExactClipsBridge = {
      source: async (i) => {
        asked.push(i);
        return { media_url: 'fieldwork-media://video/w/i', start_ms: 3300, end_ms: 7900, vtt: 'WEBVTT\n\n', label: 'Interview 2', title: 'Highlights' };
      },
      write: async (i) => {
        written.push(i);
        return { location: '/x', file: 'f', vtt: 'v', bytes: 1 };
      },
    };
    const request = {
      workspaceId: 'w1',
      projectId: 'p1',
      highlightId: 'h1',
      padMs: 250,
      includeParticipant: true,
      redact: true,
      folder: '/out',
      exportId: 'exact-0001',
      n: 3,
    };
    const e = await refusal(exportExactClip(bridge, request, { probe: probe([], []) }));
    expect(e.code).toBe('clip_exact_no_encoder');
    expect(asked).toEqual([{ workspace_id: 'w1', project_id: 'p1', highlight_id: 'h1', pad_ms: 250, include_participant: true, redact: true }]);
    expect(written).toEqual([]);
  });
});
