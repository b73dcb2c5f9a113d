// Clips and reels written from a seeded cache with a fake media core: the folder layout and names, a .vtt
// beside each clip, participant names only when asked, what is left out and why, the redactor applied
// to every caption, quote and label, and a cancel that leaves nothing behind.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../../src/main/cache/cache';
import { exportClips, type ClipExportRequest } from '../../../../src/main/clips/export';
import type { Redactor } from '../../../../src/main/output/redactor';
import { CLIP_PROJECT, CLIP_VIDEOS, clipStudy } from '../../../support/clip-study';
import { fakeClipMedia } from '../../../support/fake-clip-media';

let cache: Cache;
let highlight: Awaited<ReturnType<typeof clipStudy>>['highlight'];
let base: string;
let out: string;

beforeEach(async () => {
  base = mkdtempSync(join(tmpdir(), 'fw-clips-'));
  out = join(base, 'out');
  mkdirSync(out);
  ({ cache, highlight } = await clipStudy());
});

afterEach(async () => {
  await cache.close();
  rmSync(base, { recursive: true, force: true });
});

function tree(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile())
    .map((d) =>
      join(d.parentPath, d.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();
}
const read = (rel: string) => readFileSync(join(out, rel), 'utf8');
const everything = () =>
  tree(out)
    .map((f) => `${f}\n${read(f)}`)
    .join('\n');

function request(o: Partial<ClipExportRequest> = {}): ClipExportRequest {
  return {
    projectId: CLIP_PROJECT,
    selection: { kind: 'code', name: 'price' },
    folder: out,
    reel: true,
    includeParticipant: false,
    media: fakeClipMedia().media,
    videoFile: async (id) => CLIP_VIDEOS[id] ?? null,
    ...o,
  };
}

describe('exportClips', () => {
  it('writes each clip with its captions beside it, the reel, its captions and its page, in the Codes view’s order', async () => {
    await highlight('i-b', 3, 3);
    await highlight('i-a', 1, 3);
    await highlight('i-c', 1, 1);
    await highlight('i-d', 1, 1);
    const { media, cuts } = fakeClipMedia();
    const summary = await exportClips(cache, request({ media, padMs: 500 }));
    expect(tree(out)).toEqual([
      'Price/clips/01 P01.vtt',
      'Price/clips/01 P01.webm',
      'Price/clips/02 P02.vtt',
      'Price/clips/02 P02.webm',
      'Price/index.html',
      'Price/reel.vtt',
      'Price/reel.webm',
    ]);
    // P01, turns 1-3: 13 s to 41 s, padded by 0.5 s; the fake snaps to the keyframe before.
    expect(cuts.map((c) => [c.file, c.range])).toEqual([
      ['/videos/a.webm', { startMs: 12_500, endMs: 41_500 }],
      ['/videos/b.webm', { startMs: 32_500, endMs: 41_500 }],
    ]);
    expect(summary.clips.map((c) => [c.file, c.vtt, c.interview_id, c.start_ms, c.end_ms, c.snapped])).toEqual([
      ['Price/clips/01 P01.webm', 'Price/clips/01 P01.vtt', 'i-a', 12_000, 41_500, true],
      ['Price/clips/02 P02.webm', 'Price/clips/02 P02.vtt', 'i-b', 32_000, 41_500, true],
    ]);
    expect(summary.snapped).toBe(true);
    expect(summary.redacted).toBe(false);
    expect(summary.reel).toEqual({ file: 'Price/reel.webm', vtt: 'Price/reel.vtt', page: 'Price/index.html', duration_ms: 29_500 + 9500 });
    expect(summary.left_out).toEqual([
      expect.objectContaining({ interview_id: 'i-c', participant: 'P03', from: 'clips', reason: expect.stringContaining('Save for offline') }),
      expect.objectContaining({ interview_id: 'i-d', participant: 'P04', from: 'clips', reason: expect.stringContaining('no readable time') }),
    ]);
    expect(summary.notes.join('\n')).toMatch(/2 segments left out of the clips \(P03 and P04\)/);
    // The clip's captions: from where the cut really starts (12 s), Interviewer for the AI.
    expect(read('Price/clips/01 P01.vtt')).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:09.000\n<v P01>A friend told me about the recipes.\n\n' +
        '00:00:11.000 --> 00:00:19.000\n<v Interviewer>What made you cancel?\n\n00:00:21.000 --> 00:00:29.000\n<v P01>The boxes were too dear.\n',
    );
    // The reel's captions follow on from the first clip's length (29.5 s).
    expect(read('Price/reel.vtt')).toContain('00:00:30.500 --> 00:00:38.500\n<v P02>The boxes were too dear.');
    expect(read('Price/reel.webm')).toBe('reel of [clip of /videos/a.webm 12000-41500 | clip of /videos/b.webm 32000-41500]');
    const page = read('Price/index.html');
    expect(page).toContain('<source src="reel.webm" type="video/webm">');
    expect(page.indexOf('A friend told me')).toBeLessThan(page.indexOf('The boxes were too dear.'));
    expect(page).toContain('<span class="time">0:29–0:39</span><span class="participant">P02</span><span class="code">Price</span>');
  });

  it('names participants only with participant data', async () => {
    await highlight('i-b', 1, 1);
    await highlight('i-a', 1, 1);
    await exportClips(cache, request());
    expect(everything()).not.toMatch(/Bea|bea@example/);
    expect(tree(out)).toContain('Price/clips/02 P02.webm');
    rmSync(join(out, 'Price'), { recursive: true });
    const summary = await exportClips(cache, request({ includeParticipant: true }));
    expect(tree(out)).toContain('Price/clips/02 Bea (P02).webm');
    expect(tree(out)).toContain('Price/clips/02 Bea (P02).vtt');
    expect(read('Price/clips/02 Bea (P02).vtt')).toContain('<v Bea (P02)>A friend told me');
    expect(read('Price/index.html')).toContain('<span class="participant">Bea (P02)</span>');
    expect(summary.clips.map((c) => c.participant)).toEqual(['P01', 'Bea (P02)']);
  });

  it('writes no reel unless asked', async () => {
    await highlight('i-a', 1, 1);
    const summary = await exportClips(cache, request({ reel: false }));
    expect(tree(out)).toEqual(['Price/clips/01 P01.vtt', 'Price/clips/01 P01.webm']);
    expect(summary.reel).toBeNull();
  });

  it('clips hand-picked highlights in the order given, under "Highlights"', async () => {
    const first = await highlight('i-a', 1, 1, ['Price']);
    const second = await highlight('i-b', 3, 3, ['Delivery', 'Price']);
    const summary = await exportClips(cache, request({ selection: { kind: 'highlights', ids: [second, first] } }));
    expect(summary.clips.map((c) => [c.highlight_id, c.file])).toEqual([
      [second, 'Highlights/clips/01 P02.webm'],
      [first, 'Highlights/clips/02 P01.webm'],
    ]);
    expect(read('Highlights/index.html')).toContain('<span class="code">Delivery, Price</span>');
    await expect(exportClips(cache, request({ selection: { kind: 'highlights', ids: ['nope'] } }))).rejects.toThrow(/not in this study/);
    await expect(exportClips(cache, request({ selection: { kind: 'code', name: 'Nothing' } }))).rejects.toThrow(/No code called "Nothing"/);
    await cache.call('codes.create', { projectId: CLIP_PROJECT, name: 'Unused', now: '2026-11-26T10:00:00.000Z' });
    await expect(exportClips(cache, request({ selection: { kind: 'code', name: 'Unused' } }))).rejects.toThrow(/No segment is coded with "Unused" yet/);
  });

  it('keeps a clip whose codec differs out of the reel, saying which and why', async () => {
    await highlight('i-a', 1, 1);
    await highlight('i-b', 1, 1);
    const { media } = fakeClipMedia({ codec: (f) => (f.includes('b.webm') ? 'vp8' : 'vp9') });
    const summary = await exportClips(cache, request({ media }));
    expect(summary.clips).toHaveLength(2);
    expect(summary.left_out).toEqual([
      expect.objectContaining({ interview_id: 'i-b', from: 'reel', reason: expect.stringMatching(/WEBM, vp8, opus.*WEBM, vp9, opus/) }),
    ]);
    expect(read('Price/reel.webm')).toBe('reel of [clip of /videos/a.webm 12000-21000]');
  });

  it('leaves out of the reel a clip the media core refuses to join, and joins the rest', async () => {
    await highlight('i-a', 1, 1);
    await highlight('i-b', 1, 1);
    await highlight('i-d', 1, 1);
    const { media } = fakeClipMedia({ refuseInReel: (f) => f.includes('b.webm') });
    const summary = await exportClips(cache, request({ media }));
    expect(summary.clips.map((c) => c.interview_id)).toEqual(['i-a', 'i-b']);
    expect(summary.left_out.filter((l) => l.from === 'reel')).toEqual([
      expect.objectContaining({ interview_id: 'i-b', reason: expect.stringMatching(/its picture is another size\. The clip itself is in clips\//) }),
    ]);
    expect(read('Price/reel.webm')).toBe('reel of [clip of /videos/a.webm 12000-21000]');
  });

  it('keeps clips inside the video when its length is known', async () => {
    await highlight('i-a', 3, 3);
    const { media, cuts } = fakeClipMedia({ durationMs: 38_000 });
    await exportClips(cache, request({ media, padMs: 5000 }));
    expect(cuts[0]!.range).toEqual({ startMs: 28_000, endMs: 38_000 });
  });

  it('applies the redactor to captions, quotes and labels, and says the export is redacted', async () => {
    await highlight('i-b', 1, 1);
    const redactor: Redactor = {
      active: true,
      text: (s) => s.replace(/friend/g, '[Person A]'),
      participant: () => 'P02',
    };
    const summary = await exportClips(cache, request({ includeParticipant: true, redactor }));
    expect(tree(out)).toContain('Price/clips/01 P02.webm');
    expect(everything()).not.toMatch(/friend|Bea/);
    expect(read('Price/clips/01 P02.vtt')).toContain('<v P02>A [Person A] told me');
    expect(read('Price/index.html')).toContain('A [Person A] told me');
    expect(summary.redacted).toBe(true);
    expect(summary.notes.join('\n')).toMatch(/Redacted.*Faces, on-screen text and the voice are not altered: 1 clip/);
  });

  it('leaves the picture out when asked: each clip and the reel is its sound, its redacted captions beside it', async () => {
    await highlight('i-b', 1, 1);
    await highlight('i-a', 3, 3);
    const redactor: Redactor = { active: true, text: (s) => s.replace(/friend/g, '[Person A]'), participant: (_id, _name, code) => code };
    const { media, cuts } = fakeClipMedia();
    const summary = await exportClips(cache, request({ media, redactor, audioOnly: true }));
    expect(tree(out)).toEqual([
      'Price/clips/01 P01.ogg',
      'Price/clips/01 P01.vtt',
      'Price/clips/02 P02.ogg',
      'Price/clips/02 P02.vtt',
      'Price/index.html',
      'Price/reel.ogg',
      'Price/reel.vtt',
    ]);
    // Every cut and the reel's join asked for the sound only, and the captions handed in are the redacted ones.
    expect(cuts.map((c) => c.options?.audioOnly)).toEqual([true, true]);
    expect(JSON.stringify(cuts.map((c) => c.options?.cues))).not.toContain('friend');
    // Not snapped: the cut starts where it was asked, and the sidecar captions are timed from there.
    expect(summary.snapped).toBe(false);
    expect(read('Price/clips/02 P02.vtt')).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:08.000\n<v P02>A [Person A] told me about the recipes.\n');
    expect(read('Price/reel.ogg')).toBe('reel of [sound of /videos/a.webm 33000-41000 | sound of /videos/b.webm 13000-21000]');
    expect(read('Price/index.html')).toContain('<source src="reel.ogg" type="audio/ogg">');
    const notes = summary.notes.join('\n');
    expect(notes).toContain('The picture was left out: each clip (and the reel) is its sound only');
    expect(notes).toMatch(/Redacted.*The picture was left out; the voice is not altered: 1 clip may still say/);
    expect(notes).not.toMatch(/keyframe/);
  });

  it('leaves nothing behind when cancelled part-way', async () => {
    await highlight('i-a', 1, 1);
    await highlight('i-b', 1, 1);
    const abort = new AbortController();
    let n = 0;
    const { media } = fakeClipMedia({
      // The second cut is under way when the researcher cancels; the first clip is written by then.
      cutDelay: async () => {
        if (++n === 2) abort.abort();
      },
    });
    const progress: number[] = [];
    await expect(exportClips(cache, request({ media, signal: abort.signal, onProgress: (p) => progress.push(p.done) }))).rejects.toMatchObject({
      code: 'export_cancelled',
    });
    expect(progress).toContain(1);
    expect(readdirSync(out)).toEqual([]);
  });
});
