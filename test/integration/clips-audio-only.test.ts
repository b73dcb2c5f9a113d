// `fieldwork clips export --redact --audio-only` for real (issue 21 §4): the study's real redactor, the real media
// core cutting the sample recording (VP9 + Opus), ffprobe on what was written. Each clip and the reel is sound
// only (no video stream, an audio stream), the captions beside each clip carry the transcript's replacements and
// never the names, and without --audio-only the captions inside the video carry the same replacements.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/cache';
import { clipsExportCommand } from '../../src/main/cli/commands/clips';
import type { Ctx } from '../../src/main/cli/index';
import { Output } from '../../src/main/cli/output';
import { loadClipMedia } from '../../src/main/clips/media-fns';
import { buildRedactor } from '../../src/main/redaction/build-redactor';
import { scanStudy } from '../../src/main/redaction/scan';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import { ROOT } from '../support/browser';
import { saveClipVideo } from '../support/clip-study';
import { codingCache, NOW, P, saveInterview, type TurnSpec } from '../support/coding-cache';
import { servicesOver } from '../support/cli-services';
import { decodeErrors, HAS_FFMPEG, probe, warnIfNoFfmpeg } from '../support/media-tools';

const SAMPLE = join(ROOT, 'resources/sample-media/videos/churn-01.webm');
const PEOPLE = [
  { id: 'iv-1', name: 'Amara Okafor' },
  { id: 'iv-2', name: 'Tobias Lindqvist' },
];
/** Turns at 0, 10 and 20 s (saveInterview), inside the 28.6 s sample; turn 1 names the speaker and someone else. */
const SAID = (name: string): TurnSpec[] => [
  ['AI', 'Could you introduce yourself?'],
  ['User', `I'm ${name.split(' ')[0]}, and my sister Joan Baptiste cooks for us.`],
  ['AI', 'Thank you.'],
];
const NAMES = [...PEOPLE.flatMap((p) => [p.name, ...p.name.split(' ')]), 'Joan Baptiste', 'Joan', 'Baptiste'];

warnIfNoFfmpeg('sound-only clip export');

let cache: Cache;
let base: string;
const secrets = createMemoryStore(null);

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'fw-clips-sound-'));
  cache = await codingCache();
  for (const p of PEOPLE) {
    await saveInterview(cache, p.id, p.name, SAID(p.name));
    await saveClipVideo(cache, P, p.id, SAMPLE);
    const quote = SAID(p.name)[1]![1];
    await cache.call('highlights.add', {
      highlight: {
        project_id: P,
        interview_id: p.id,
        start_turn: 1,
        start_offset: 0,
        end_turn: 1,
        end_offset: quote.length,
        start_ms: null,
        quote,
        note: '',
        new_codes: ['Family'],
      },
      now: NOW,
    });
  }
  const scan = await scanStudy(cache, secrets, P, NOW);
  // The scan found the names the test looks for: otherwise "no name in the output" would prove nothing.
  expect(scan.findings.map((f) => f.text)).toEqual(expect.arrayContaining(['Joan Baptiste', 'Amara']));
});
afterAll(async () => {
  await cache?.close();
  if (base) rmSync(base, { recursive: true, force: true });
});

/** Runs `clips export` as the CLI does, with the real media core and redactor; returns its --json summary. */
async function exportClips(
  out: string,
  extra: string[],
): Promise<{ clips: { file: string; vtt: string }[]; reel: { file: string; vtt: string } | null; notes: string[] }> {
  const command = clipsExportCommand({ media: loadClipMedia });
  const args = ['--workspace', 'W', '--project', P, '--code', 'Family', '--out', out, '--reel', '--redact', '--include-participant', '--json', ...extra];
  const flags = parseArgs({ args, options: { ...command.options, json: { type: 'boolean' } }, strict: true }).values;
  let stdout = '';
  const ctx = {
    out: new Output({ write: (s: string) => (stdout += s) }, { write: () => true }, true, {}),
    flags,
    words: [],
    workspace: async (name: string) => ({ id: 'w1', name }),
    services: servicesOver(cache, { signal: new AbortController().signal, redactorFor: async (projectId: string) => buildRedactor(cache, secrets, projectId) }),
  } as unknown as Ctx;
  await command.run(ctx);
  return JSON.parse(stdout) as Awaited<ReturnType<typeof exportClips>>;
}

/** Every file under `dir`: its path from `dir`, then its bytes as text. */
function everyByte(dir: string): string {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const f = join(d, n);
      if (statSync(f).isDirectory()) walk(f);
      else out.push(relative(dir, f), readFileSync(f, 'latin1'), readFileSync(f, 'utf8'));
    }
  };
  walk(dir);
  return out.join('\n');
}

describe.skipIf(!HAS_FFMPEG)('a redacted clip export without the picture, cut from the sample recording', () => {
  it('writes each clip and the reel as sound only, with captions beside them carrying the replacements, not the names', async () => {
    const out = join(base, 'sound');
    const summary = await exportClips(out, ['--audio-only']);
    expect(summary.clips.map((c) => c.file)).toEqual(['Family/clips/01 P01.ogg', 'Family/clips/02 P02.ogg']);
    expect(summary.reel?.file).toBe('Family/reel.ogg');
    for (const file of [...summary.clips.map((c) => c.file), summary.reel!.file]) {
      const { streams } = probe(join(out, file));
      expect(streams.filter((s) => s.codec_type === 'video')).toEqual([]);
      expect(streams.filter((s) => s.codec_type === 'audio').map((s) => s.codec_name)).toEqual(['opus']);
      expect(decodeErrors(join(out, file))).toBe('');
    }
    for (const c of summary.clips) {
      const vtt = readFileSync(join(out, c.vtt), 'utf8');
      // The speaker's own name becomes their pseudonym, the sister's her replacement.
      expect(vtt).toMatch(/<v P0\d>I'm [^\n]+, and my sister \[[^\]]+\] cooks for us\./);
    }
    const all = everyByte(out);
    for (const name of NAMES) expect(all).not.toContain(name);
    expect(summary.notes.join('\n')).toContain('The picture was left out');
  });

  it('with the picture, the captions inside each clip carry the same replacements as those beside it', async () => {
    const out = join(base, 'picture');
    const summary = await exportClips(out, []);
    for (const c of summary.clips) {
      expect(probe(join(out, c.file)).streams.map((s) => s.codec_type)).toEqual(['video', 'audio', 'subtitle']);
      const inside = readFileSync(join(out, c.file));
      const beside = readFileSync(join(out, c.vtt), 'utf8');
      const line = /<v P0\d>I'm [^\n]+/.exec(beside)![0];
      // The replaced cue, byte for byte, is the one inside the WebM's subtitle track.
      expect(line).toMatch(/and my sister \[[^\]]+\] cooks/);
      expect(inside.includes(line)).toBe(true);
    }
    const all = everyByte(out);
    for (const name of NAMES) expect(all).not.toContain(name);
    expect(summary.notes.join('\n')).toMatch(/Faces, on-screen text and the voice are not altered/);
  });
});
