// Checks the generated sandbox media in resources/sample-media (see scripts/generate-sample-media.sh): the
// manifest, the files' headers and the transcript sidecars, read as bytes and JSON. What needs ffmpeg (codecs,
// keyframes, and the speech alignment that matters most) is test/integration/sample-media-encoded.test.ts.
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FOLLOW_UPS } from '../../../src/sandbox/domain/answers/bank/common';
import { demoGuide, demoScripts } from '../../../src/sandbox/seed/demo-scripts';
import { manifest, readSampleJson, SAMPLE_MEDIA as ROOT, sidecarOf, type Stimulus } from '../../support/sample-media';

const KB = 1024;
// Forty videos ship inside the app: each stays under 100 KB, all of them under 3 MB.
const MAX_VIDEO_BYTES = 100 * KB;
const MAX_TOTAL_BYTES = 3 * 1000 * 1000;

// The demo's interviews with a recording, as the sandbox's interview writer has them.
const SCRIPTS = demoScripts();
const isFollowUp = (text: string) => (FOLLOW_UPS as readonly string[]).includes(text);

const THEMES: Record<string, string[]> = {
  price: ['expensive', 'price', 'value', 'worth it'],
  delivery: ['delivery', 'late', 'arrived', 'time window'],
  recipes: ['recipes', 'same', 'repetitive', 'bored'],
  packaging: ['packaging', 'plastic', 'waste', 'ice packs', 'boxes'],
  skipping: ['skip', 'skipping a week', 'app', 'deadline'],
};

const EXPECTED_STIMULI: Record<string, string> = {
  'concept-a-kraft-box': 'Concept A: kraft box',
  'concept-b-compostable-pouch': 'Concept B: compostable pouch',
  'concept-c-reusable-crate': 'Concept C: reusable crate',
  'recipe-card': 'Weekly recipe card',
  'delivery-tracker': 'Delivery tracking screen',
};

// ---------------------------------------------------------------------------
// Byte-level helpers (no ffmpeg needed)
// ---------------------------------------------------------------------------

function sniffImageType(buf: Buffer): string | null {
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

// Width/height from a baseline or progressive JPEG's SOF marker.
function jpegSize(buf: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1] ?? 0;
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

const wordCount = (s: string): number => s.trim().split(/\s+/).length;

function themesIn(text: string): string[] {
  const lower = text.toLowerCase();
  return Object.entries(THEMES)
    .filter(([, words]) => words.filter((w) => new RegExp(`\\b${w}\\b`).test(lower)).length >= 2)
    .map(([theme]) => theme);
}

describe('sample media manifest', () => {
  it('lists one video per demo interview with a recording, whose files exist with small sizes', () => {
    expect(manifest.videos.map((v) => v.id)).toEqual(SCRIPTS.map((s) => s.id));
    expect(manifest.videos.filter((v) => v.topic === 'churn')).toHaveLength(27);
    expect(manifest.videos.filter((v) => v.topic === 'packaging')).toHaveLength(13);
    expect(new Set(manifest.videos.map((v) => v.id)).size).toBe(manifest.videos.length);
    let total = 0;
    for (const v of manifest.videos) {
      expect(v.file).toBe(`videos/${v.id}.webm`);
      expect(v.thumbnail).toBe(`videos/${v.id}.jpg`);
      expect(v.transcript).toBe(`videos/${v.id}.json`);
      expect(v.content_type).toBe('video/webm');
      for (const f of [v.file, v.thumbnail, v.transcript]) expect(existsSync(join(ROOT, f)), f).toBe(true);
      const bytes = statSync(join(ROOT, v.file)).size;
      expect(v.bytes).toBe(bytes);
      expect(bytes, v.id).toBeGreaterThan(10 * KB);
      expect(bytes, v.id).toBeLessThan(MAX_VIDEO_BYTES);
      total += bytes;
      const sidecar = sidecarOf(v.id);
      expect(v.duration_s).toBe(sidecar.duration_s);
      expect(v.topic).toBe(sidecar.topic);
      expect(v.status).toBe(sidecar.status);
    }
    expect(total).toBeLessThan(MAX_TOTAL_BYTES);
  });

  it('videos are WebM files and thumbnails are 320x240 JPEGs', () => {
    for (const v of manifest.videos) {
      const webm = readFileSync(join(ROOT, v.file));
      expect(webm.readUInt32BE(0), v.file).toBe(0x1a45dfa3); // EBML header
      expect(webm.subarray(0, 64).includes(Buffer.from('webm')), v.file).toBe(true);
      const jpg = readFileSync(join(ROOT, v.thumbnail));
      expect(sniffImageType(jpg), v.thumbnail).toBe('image/jpeg');
      expect(jpegSize(jpg), v.thumbnail).toEqual({ width: 320, height: 240 });
    }
  });

  it('stimuli exist with their captions, sizes and real content types', () => {
    const index = readSampleJson<Stimulus[]>('stimuli/index.json');
    expect(index).toHaveLength(Object.keys(EXPECTED_STIMULI).length);
    expect(manifest.stimuli.map(({ bytes: _bytes, ...s }) => s)).toEqual(index);
    for (const s of manifest.stimuli) {
      const base = s.file.replace(/\.[^.]+$/, '');
      expect(EXPECTED_STIMULI[base], s.file).toBe(s.caption);
      const path = join(ROOT, 'stimuli', s.file);
      expect(existsSync(path), s.file).toBe(true);
      const buf = readFileSync(path);
      expect(s.bytes).toBe(buf.length);
      expect(buf.length, s.file).toBeGreaterThan(1 * KB);
      expect(buf.length, s.file).toBeLessThan(60 * KB);
      expect(sniffImageType(buf), s.file).toBe(s.content_type);
      const ext = s.file.split('.').pop();
      expect({ png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' }[ext ?? ''], s.file).toBe(s.content_type);
    }
  });
});

describe('transcript sidecars', () => {
  it('have exactly the expected shape and valid, ordered timestamps', () => {
    for (const v of manifest.videos) {
      const s = sidecarOf(v.id);
      expect(Object.keys(s).sort()).toEqual(['duration_s', 'id', 'participant', 'status', 'title', 'topic', 'turns']);
      expect(s.id).toBe(v.id);
      expect(typeof s.title).toBe('string');
      expect(s.title.length).toBeGreaterThan(0);
      expect(Object.keys(s.participant)).toEqual(['name']);
      expect(s.participant.name).toMatch(/^\S+ \S+$/);
      expect(['churn', 'packaging', 'general']).toContain(s.topic);
      expect(['COMPLETE', 'INCOMPLETE']).toContain(s.status);
      // A participant who left early recorded a question or two; a whole interview runs about a minute.
      expect(s.duration_s).toBeGreaterThanOrEqual(s.status === 'COMPLETE' ? 20 : 8);
      expect(s.duration_s).toBeLessThanOrEqual(75);
      expect(s.turns.length).toBeGreaterThanOrEqual(s.status === 'COMPLETE' ? 8 : 3);
      let prevEnd = 0;
      s.turns.forEach((t, i) => {
        const where = `${v.id} turn ${i}`;
        expect(Object.keys(t).sort(), where).toEqual(['end', 'role', 'start', 'text']);
        expect(['AI', 'User'], where).toContain(t.role);
        // Interviews alternate, interviewer first.
        expect(t.role, where).toBe(i % 2 === 0 ? 'AI' : 'User');
        expect(t.text.trim().length, where).toBeGreaterThan(0);
        expect(t.start, where).toBeGreaterThanOrEqual(prevEnd);
        expect(t.start, where).toBeLessThan(t.end);
        expect(t.end, where).toBeLessThanOrEqual(s.duration_s);
        expect(Math.round(t.start * 1000) / 1000, where).toBe(t.start);
        expect(Math.round(t.end * 1000) / 1000, where).toBe(t.end);
        prevEnd = t.end;
      });
    }
  });

  it('gives every participant a distinct name', () => {
    const names = manifest.videos.map((v) => sidecarOf(v.id).participant.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("say what the sandbox's interview writer has each participant say, under their own name", () => {
    // The title card is drawn from the same script's name (scripts/sample-media/media-tool.mjs).
    for (const script of SCRIPTS) {
      const s = sidecarOf(script.id);
      expect({ name: s.participant.name, title: s.title, topic: s.topic, status: s.status }, script.id).toEqual({
        name: script.person.name,
        title: script.title,
        topic: script.topic,
        status: script.status,
      });
      expect(
        s.turns.map((t) => ({ role: t.role, text: t.text })),
        script.id,
      ).toEqual(script.turns);
    }
  });

  it('ask the demo study guide word for word and in order, with short follow-ups in between', () => {
    for (const v of manifest.videos) {
      const s = sidecarOf(v.id);
      const guide = demoGuide(s.topic === 'packaging' ? 'packaging' : 'churn').map((q) => q.question);
      const asked = s.turns.filter((t) => t.role === 'AI').map((t) => t.text);
      const fromGuide = asked.filter((q) => !isFollowUp(q));
      // A participant who left early was asked the first questions; the last one went unanswered.
      expect(fromGuide, v.id).toEqual(s.status === 'COMPLETE' ? guide : guide.slice(0, fromGuide.length));
      if (s.status === 'INCOMPLETE') expect(s.turns.at(-1)!.role, v.id).toBe('AI');
      // Anything else the AI says must be a short follow-up question.
      for (const q of asked.filter(isFollowUp)) {
        expect(q, v.id).toMatch(/\?$/);
        expect(wordCount(q), v.id).toBeLessThanOrEqual(10);
      }
    }
  });

  it('churn answers cover every theme, in different combinations', () => {
    const combos = manifest.videos
      .filter((v) => v.topic === 'churn')
      .map((v) =>
        themesIn(
          sidecarOf(v.id)
            .turns.filter((t) => t.role === 'User')
            .map((t) => t.text)
            .join(' '),
        ),
      );
    for (const theme of Object.keys(THEMES)) {
      expect(
        combos.some((c) => c.includes(theme)),
        theme,
      ).toBe(true);
    }
    // Most interviews dwell on a theme (two of its words or more); people differ in which ones they combine.
    expect(combos.filter((c) => c.length >= 1).length).toBeGreaterThanOrEqual(combos.length / 2);
    const multi = combos.filter((c) => c.length >= 2).map((c) => c.join('+'));
    expect(multi.length).toBeGreaterThanOrEqual(5);
    expect(new Set(multi).size).toBeGreaterThanOrEqual(5);
  });

  it('complete packaging interviews cover all three concepts', () => {
    const pkg = manifest.videos.filter((v) => v.topic === 'packaging' && v.status === 'COMPLETE');
    expect(pkg.length).toBeGreaterThanOrEqual(1);
    for (const v of pkg) {
      const ai = sidecarOf(v.id)
        .turns.filter((t) => t.role === 'AI')
        .map((t) => t.text)
        .join(' ');
      for (const c of ['"Concept A: kraft box"', '"Concept B: compostable pouch"', '"Concept C: reusable crate"']) {
        expect(ai, v.id).toContain(c);
      }
    }
  });
});
