// `fieldwork clips export` and participant names (issue 14 §1, §2): without participant data no participant
// name is in any byte written (clip and reel files, their names, the .vtt captions, the reel page, the
// captions handed to the media core for the clips' and the reel's subtitle tracks); with it they are; with
// --redact (the study's real redactor) not one accepted finding is, the summary says it is redacted, and
// the redactor's warning is in its notes, in text and --json alike.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../../src/main/cache/cache';
import { clipsExportCommand } from '../../../../src/main/cli/commands/clips';
import type { Ctx } from '../../../../src/main/cli/index';
import { Output } from '../../../../src/main/cli/output';
import type { ClipMediaFns, ReelPart } from '../../../../src/main/clips/export';
import { buildRedactor } from '../../../../src/main/redaction/build-redactor';
import { scanStudy } from '../../../../src/main/redaction/scan';
import { createMemoryStore } from '../../../../src/main/secrets/memory-store';
import type { SecretStore } from '../../../../src/main/secrets/secret-store';
import { codingCache, NOW, P, saveInterview, type TurnSpec } from '../../../support/coding-cache';
import { servicesOver } from '../../../support/cli-services';
import { saveClipVideo } from '../../../support/clip-study';
import { fakeClipMedia } from '../../../support/fake-clip-media';

const PEOPLE = [
  { id: 'iv-1', name: 'Amara Okafor' },
  { id: 'iv-2', name: 'Tobias Lindqvist' },
];
/** Words no participant says: what the clips show when participant data is left out and nothing is redacted. */
const PLAIN: TurnSpec[] = [
  ['AI', 'Why did you cancel?'],
  ['User', 'The boxes were too dear for us.'],
];
/** What each participant says about themselves and others: what --redact must replace. */
const SAID = (name: string): TurnSpec[] => [
  ['AI', 'Could you introduce yourself?'],
  ['User', `I'm ${name.split(' ')[0]}, mail me at ${name.split(' ')[0]!.toLowerCase()}@example.org or call 07700 900123. My sister Joan Baptiste cooks.`],
];

let cache: Cache;
let base: string;
let secrets: SecretStore;

async function highlight(interviewId: string, turn: number, quote: string): Promise<void> {
  await cache.call('highlights.add', {
    highlight: {
      project_id: P,
      interview_id: interviewId,
      start_turn: turn,
      start_offset: 0,
      end_turn: turn,
      end_offset: quote.length,
      start_ms: null,
      quote,
      note: '',
      new_codes: ['Price'],
    },
    now: NOW,
  });
}

beforeEach(async () => {
  base = mkdtempSync(join(tmpdir(), 'fw-clips-redact-'));
  secrets = createMemoryStore(null);
  cache = await codingCache();
  for (const p of PEOPLE) {
    await saveInterview(cache, p.id, p.name, [...PLAIN, ...SAID(p.name)]);
    await saveClipVideo(cache, P, p.id, `/videos/${p.id}.webm`);
  }
});
afterEach(async () => {
  await cache.close();
  rmSync(base, { recursive: true, force: true });
});

/** Runs the command as the CLI does, with the real redactor built from `redactWith`'s keychain; returns stdout and what the media core was handed. */
async function run(args: string[], o: { json?: boolean; redactWith?: SecretStore } = {}) {
  const fake = fakeClipMedia();
  const handed: string[] = [];
  const media: ClipMediaFns = {
    ...fake.media,
    cutClip: (file, range, options) => (handed.push(JSON.stringify(options?.cues ?? [])), fake.media.cutClip(file, range, options)),
    joinClips: (parts: ReelPart[], options) => (handed.push(JSON.stringify(parts.map((p) => p.cues ?? []))), fake.media.joinClips(parts, options)),
  };
  const command = clipsExportCommand({ media: async () => media });
  let stdout = '';
  const flags = parseArgs({ args: o.json ? [...args, '--json'] : args, options: { ...command.options, json: { type: 'boolean' } }, strict: true }).values;
  const ctx = {
    out: new Output({ write: (s: string) => (stdout += s) }, { write: () => true }, o.json === true, {}),
    flags,
    words: [],
    workspace: async (name: string) => ({ id: 'w1', name }),
    services: servicesOver(cache, {
      signal: new AbortController().signal,
      redactorFor: async (projectId: string) => buildRedactor(cache, o.redactWith ?? secrets, projectId),
    }),
  } as unknown as Ctx;
  await command.run(ctx);
  return { stdout, handed: handed.join('\n') };
}

/** Every file written under `dir`, as its path (from `dir`) and its bytes as text. */
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

const nameParts = (name: string) => [name, ...name.split(' ')];

describe('clips and reels name participants only with participant data', () => {
  it('without --include-participant no participant name is in any file, file name, caption, page or subtitle track; with it, they are', async () => {
    for (const p of PEOPLE) await highlight(p.id, 1, PLAIN[1]![1]);
    const plain = join(base, 'plain');
    const { stdout, handed } = await run(['--workspace', 'W', '--project', P, '--code', 'Price', '--out', plain, '--reel'], { json: true });
    const written = everyByte(plain);
    expect(written).toContain('index.html');
    expect(written).toContain('reel.vtt');
    expect(written).toContain('P01');
    for (const p of PEOPLE) {
      for (const part of nameParts(p.name)) {
        expect(written).not.toContain(part);
        expect(stdout).not.toContain(part);
        expect(handed).not.toContain(part);
      }
    }
    const withData = join(base, 'with');
    const named = await run(['--workspace', 'W', '--project', P, '--code', 'Price', '--out', withData, '--reel', '--include-participant'], { json: true });
    const all = everyByte(withData);
    for (const [i, p] of PEOPLE.entries()) {
      // The name with the participant code beside it.
      expect(all).toContain(`${p.name} (P0${i + 1}).webm`);
      expect(all).toContain(`<v ${p.name} (P0${i + 1})>`);
      expect(named.handed).toContain(p.name);
    }
  });

  it('--redact: not one accepted finding in any byte, even with --include-participant; the summary says redacted', async () => {
    for (const p of PEOPLE) await highlight(p.id, 3, SAID(p.name)[1]![1]);
    const scan = await scanStudy(cache, secrets, P, NOW);
    // A rejected finding stays, as the researcher chose.
    await cache.call('redaction.decide', { projectId: P, kind: 'phone', text: '07700 900123', decision: 'reject', now: NOW });
    const accepted = [...new Set(scan.findings.filter((f) => f.kind !== 'phone').map((f) => f.text))];
    expect(accepted).toEqual(expect.arrayContaining(['Amara Okafor', 'Amara', 'Joan Baptiste', 'amara@example.org', 'tobias@example.org']));
    const out = join(base, 'redacted');
    const { stdout, handed } = await run(['--workspace', 'W', '--project', P, '--code', 'Price', '--out', out, '--reel', '--include-participant', '--redact'], {
      json: true,
    });
    const written = everyByte(out);
    for (const text of [...accepted, ...PEOPLE.flatMap((p) => nameParts(p.name))]) {
      expect(written).not.toContain(text);
      expect(handed).not.toContain(text);
      expect(stdout).not.toContain(text);
    }
    expect(written).toContain('P01.webm');
    expect(written).toContain('[Person A]');
    expect(written).toContain('07700 900123');
    const json = JSON.parse(stdout) as { redacted: boolean; notes: string[] };
    expect(json.redacted).toBe(true);
    expect(json.notes.some((n) => n.startsWith('Redacted: captions, quotes and names show pseudonyms.'))).toBe(true);
    expect(json.notes.some((n) => /not in the system keychain/.test(n))).toBe(false);
  });

  it('--redact: the redactor’s warning is in the summary’s notes, in text and --json', async () => {
    for (const p of PEOPLE) await highlight(p.id, 3, SAID(p.name)[1]![1]);
    // The mapping sealed with this keychain, then read on a machine whose keychain lacks its key.
    await scanStudy(cache, secrets, P, NOW);
    const elsewhere = createMemoryStore(null);
    const json = JSON.parse(
      (await run(['--workspace', 'W', '--project', P, '--code', 'Price', '--out', join(base, 'a'), '--redact'], { json: true, redactWith: elsewhere })).stdout,
    ) as { notes: string[] };
    expect(json.notes).toContainEqual(expect.stringMatching(/not in the system keychain, so a new mapping was started/));
    const text = (
      await run(['--workspace', 'W', '--project', P, '--code', 'Price', '--out', join(base, 'b'), '--redact'], { redactWith: createMemoryStore(null) })
    ).stdout;
    expect(text).toMatch(/^Wrote 2 clips \(.+\), redacted, to /);
    expect(text).toMatch(/Note: Redacted: captions, quotes and names show pseudonyms\./);
    expect(text).toMatch(/Note: The key that unlocks this study’s pseudonym mapping is not in the system keychain/);
  });
});
