/**
 * `fieldwork clips export` as a user runs it (a child process): it is listed and documented by --help, and
 * its arguments are checked before anything opens (exit 2 with a short usage). What it writes, and its
 * --json document, are tested through the same command with a stand-in media core
 * (test/unit/main/cli/clips.test.ts), which a child process cannot be given.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliRunner } from '../support/cli';

let tmp: string;
let home: string;
const runner = cliRunner(() => ({ tmp, home }));
const cli = runner.run;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fw-cli-clips-'));
  home = join(tmp, 'fieldwork-home');
  mkdirSync(home);
});
afterAll(() => {
  runner.killAll();
  rmSync(tmp, { recursive: true, force: true });
});

describe('fieldwork clips export', () => {
  it('is listed and explained by --help', async () => {
    const [top, group, command] = await Promise.all([cli(['--help']), cli(['clips', '--help']), cli(['clips', 'export', '--help'])]);
    expect(top.stdout).toMatch(/\n {2}clips +cut clips and a highlight reel/);
    expect(group).toMatchObject({ code: 0, stdout: expect.stringContaining('export    clips of a code') });
    expect(command.code).toBe(0);
    expect(command.stdout).toMatch(/^Usage: fieldwork clips export --workspace NAME --project ID \(--code NAME \| --highlight ID …\) --out DIR/);
    expect(command.stdout).toContain('--json: {location, files: [{path, bytes}], clips: [{file, vtt, highlight_id, interview_id');
  });

  it('exits 2 with a short usage for a missing or doubled selection, a bad padding or a missing folder, writing nothing', async () => {
    const out = join(tmp, 'clips-out');
    const base = ['clips', 'export', '--workspace', 'W', '--project', 'P'];
    const runs = await Promise.all([
      cli([...base, '--out', out]),
      cli([...base, '--out', out, '--code', 'Price', '--highlight', 'h1']),
      cli([...base, '--out', out, '--code', 'Price', '--pad-ms=1.5']),
      cli([...base, '--code', 'Price']),
      cli([...base, '--out', out, '--code', 'Price', '--bogus']),
      cli([...base, '--out', out, '--code', 'Price', '--exact']),
    ]);
    const [neither, both, pad, noOut, bogus, exact] = runs;
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^fieldwork: .+\nUsage: fieldwork clips export/);
    }
    expect(neither!.stderr).toContain('Missing --code NAME or --highlight ID.');
    expect(both!.stderr).toContain('Give --code or --highlight, not both.');
    expect(pad!.stderr).toContain('--pad-ms must be a whole number of milliseconds');
    expect(noOut!.stderr).toContain('Missing --out.');
    expect(bogus!.stderr).toContain('Unknown option "--bogus".');
    // No encoder in Node: says why, what the CLI does instead and where frame-exact cuts are made.
    expect(exact!.stderr).toMatch(
      /Frame-exact cuts re-encode the video, which needs a video encoder \(WebCodecs\) that only the app window has; the CLI cuts at keyframes\. Run the command again without --exact/,
    );
    expect(readdirSync(tmp)).not.toContain('clips-out');
  });

  it('names an unknown workspace, exit 2', async () => {
    const r = await cli(['clips', 'export', '--workspace', 'Nope', '--project', 'P', '--code', 'Price', '--out', join(tmp, 'x'), '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('No workspace called "Nope"');
  });
});
