// `fieldwork clips export`: its arguments (exactly one of --code and --highlight, --pad-ms a whole number)
// parsed as the CLI parses them, and its --json document, from a study in a cache with a fake media core.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../../../src/main/cache/cache';
import { clipSelection, clipsExportCommand, padMs } from '../../../../src/main/cli/commands/clips';
import type { Ctx } from '../../../../src/main/cli/index';
import { Output } from '../../../../src/main/cli/output';
import { servicesOver } from '../../../support/cli-services';
import { CLIP_PROJECT, CLIP_VIDEOS, clipStudy, saveClipVideo } from '../../../support/clip-study';
import { fakeClipMedia } from '../../../support/fake-clip-media';

const command = clipsExportCommand({ media: async () => fakeClipMedia().media });
const flags = (args: string[]) => parseArgs({ args, options: { ...command.options, json: { type: 'boolean' } }, strict: true }).values as Ctx['flags'];

describe('clips export arguments', () => {
  it('takes a code or highlights, not both, not neither', () => {
    expect(clipSelection(flags(['--code', ' Price versus value ']))).toEqual({ kind: 'code', name: 'Price versus value' });
    expect(clipSelection(flags(['--highlight', 'h2', '--highlight', 'h1,h3']))).toEqual({ kind: 'highlights', ids: ['h2', 'h1', 'h3'] });
    expect(() => clipSelection(flags(['--code', 'Price', '--highlight', 'h1']))).toThrow(/not both/);
    expect(() => clipSelection(flags([]))).toThrow(/Missing --code NAME or --highlight ID/);
  });

  it('takes --pad-ms as whole milliseconds, 0 by default', () => {
    expect(padMs(flags([]))).toBe(0);
    expect(padMs(flags(['--pad-ms', '1500']))).toBe(1500);
    for (const bad of ['-5', '1.5', 'abc', '', '60001']) expect(() => padMs(flags([`--pad-ms=${bad}`]))).toThrow(/--pad-ms must be a whole number/);
  });
});

describe('clips export --json', () => {
  let cache: Cache;
  let highlight: Awaited<ReturnType<typeof clipStudy>>['highlight'];
  let base: string;

  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'fw-cli-clips-'));
    ({ cache, highlight } = await clipStudy());
    for (const [id, file] of Object.entries(CLIP_VIDEOS)) await saveClipVideo(cache, CLIP_PROJECT, id, file);
  });
  afterEach(async () => {
    await cache.close();
    rmSync(base, { recursive: true, force: true });
  });

  async function run(args: string[], json = true): Promise<unknown> {
    let stdout = '';
    const sink = { write: (s: string) => (stdout += s) };
    const ctx = {
      out: new Output(sink, { write: () => true }, json, {}),
      flags: flags(json ? [...args, '--json'] : args),
      words: [],
      workspace: async (name: string) => ({ id: 'w1', name }),
      services: servicesOver(cache, { signal: new AbortController().signal }),
    } as unknown as Ctx;
    await command.run(ctx);
    return json ? JSON.parse(stdout) : stdout;
  }

  it('lists the files, each clip’s interview, start and end, and what was left out', async () => {
    await highlight('i-b', 3, 3);
    await highlight('i-a', 1, 1);
    await highlight('i-c', 1, 1);
    const out = join(base, 'new', 'folder');
    const json = await run(['--workspace', 'W', '--project', CLIP_PROJECT, '--code', 'price', '--out', out, '--reel', '--pad-ms', '1000']);
    expect(json).toEqual({
      location: join(out, 'Price'),
      files: [
        { path: 'Price/clips/01 P01.webm', bytes: expect.any(Number) },
        { path: 'Price/clips/01 P01.vtt', bytes: expect.any(Number) },
        { path: 'Price/clips/02 P02.webm', bytes: expect.any(Number) },
        { path: 'Price/clips/02 P02.vtt', bytes: expect.any(Number) },
        { path: 'Price/reel.webm', bytes: expect.any(Number) },
        { path: 'Price/reel.vtt', bytes: expect.any(Number) },
        { path: 'Price/index.html', bytes: expect.any(Number) },
      ],
      clips: [
        {
          file: 'Price/clips/01 P01.webm',
          vtt: 'Price/clips/01 P01.vtt',
          highlight_id: expect.any(String),
          interview_id: 'i-a',
          participant: 'P01',
          start_ms: 12_000,
          end_ms: 22_000,
          requested_start_ms: 12_000,
          requested_end_ms: 22_000,
          snapped: false,
        },
        {
          file: 'Price/clips/02 P02.webm',
          vtt: 'Price/clips/02 P02.vtt',
          highlight_id: expect.any(String),
          interview_id: 'i-b',
          participant: 'P02',
          start_ms: 32_000,
          end_ms: 42_000,
          requested_start_ms: 32_000,
          requested_end_ms: 42_000,
          snapped: false,
        },
      ],
      reel: { file: 'Price/reel.webm', vtt: 'Price/reel.vtt', page: 'Price/index.html', duration_ms: 20_000 },
      left_out: [
        {
          highlight_id: expect.any(String),
          interview_id: 'i-c',
          participant: 'P03',
          reason: expect.stringContaining('fieldwork videos download'),
          from: 'clips',
        },
      ],
      snapped: false,
      redacted: false,
      notes: expect.arrayContaining(['2 clips cut from the saved videos, nothing uploaded.']),
    });
  });

  it('says in words what it wrote and what it left out, without --json', async () => {
    await highlight('i-a', 1, 1);
    await highlight('i-c', 1, 1);
    const text = (await run(['--workspace', 'W', '--project', CLIP_PROJECT, '--code', 'Price', '--out', base, '--include-participant'], false)) as string;
    expect(text).toMatch(/^Wrote 1 clip \(.+\) to .+Price\.\n/);
    expect(text).toContain('  Price/clips/01 P01.webm  P01  0:12–0:21\n');
    expect(text).toMatch(/Left out of the clips: Cy \(.+\): Its interview has no saved video\. Run `fieldwork videos download --workspace "W"/);
  });

  it('says when the study is not in the cache', async () => {
    await expect(run(['--workspace', 'W', '--project', 'nope', '--code', 'Price', '--out', base])).rejects.toMatchObject({ code: 'unknown_project' });
  });
});
