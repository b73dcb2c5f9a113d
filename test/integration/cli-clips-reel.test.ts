/**
 * `fieldwork clips export` with the real video cutter, as a user runs it (child processes): a study with a
 * report is synced and its videos saved; with the sandbox gone and no key, the report's themes become codes
 * and one code's segments become clips and a reel. ffprobe (an independent parser) checks each clip's length
 * against the span the summary gives, and the reel's against the sum of its clips; ffmpeg decodes them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodesFromReportView } from '../../src/shared/ipc/channels/codes';
import { cliJson, useCli } from '../support/cli';
import { decodeErrors, HAS_FFMPEG, probe, warnIfNoFfmpeg } from '../support/media-tools';

warnIfNoFfmpeg('clips export (real cutter)');

type ClipsJson = {
  location: string;
  clips: { file: string; vtt: string; interview_id: string; start_ms: number; end_ms: number; snapped: boolean }[];
  reel: { file: string; vtt: string; page: string; duration_ms: number } | null;
  left_out: { reason: string }[];
  redacted: boolean;
};

const fw = useCli({ dirPrefix: 'fw-cli-clips-reel-', sandbox: { reportDurationMs: 0 } });
const cli = fw.run;
let project: string;
let code: string;

beforeAll(async () => {
  const { org, project: id } = await fw.study({ title: 'Clipped study', target: 20, completed: 4, workspace: 'Clips' });
  project = id;
  await org.client.startReport(project);
  const key = org.apiKey;
  expect((await cli(['sync', '--workspace', 'clips'], { key })).code).toBe(0);
  const videos = await cli(['videos', 'download', '--workspace', 'Clips', '--project', project], { key });
  expect(videos.code, videos.stderr).toBe(0);
  await fw.stopSandbox();
  const fromReport = await cli(['codes', 'from-report', '--workspace', 'Clips', '--project', project, '--json']);
  expect(fromReport.code, fromReport.stderr).toBe(0);
  const made = cliJson<CodesFromReportView>(fromReport);
  code = made.codes[0]!.name;
}, 180_000);

describe.skipIf(!HAS_FFMPEG)('fieldwork clips export with the real cutter', () => {
  it("cuts every segment of a code and a reel whose length is the sum of its clips', offline", async () => {
    const out = join(fw.tmp, 'clips-out');
    const r = await cli(['clips', 'export', '--workspace', 'Clips', '--project', project, '--code', code, '--out', out, '--reel', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const j = cliJson<ClipsJson>(r);
    expect(j.left_out).toEqual([]);
    expect(j.clips.length).toBeGreaterThan(0);
    expect(j.redacted).toBe(false);
    let sum = 0;
    for (const c of j.clips) {
      const file = join(out, c.file);
      expect(existsSync(join(out, c.vtt))).toBe(true);
      expect(readFileSync(join(out, c.vtt), 'utf8')).toMatch(/^WEBVTT\n/);
      const seconds = probe(file).durationS;
      // The file is the span the summary gives (it starts at a keyframe), to within a packet or two.
      expect(Math.abs(seconds * 1000 - (c.end_ms - c.start_ms))).toBeLessThan(250);
      expect(decodeErrors(file)).toBe('');
      sum += seconds;
    }
    expect(j.reel).not.toBeNull();
    const reel = probe(join(out, j.reel!.file)).durationS;
    expect(Math.abs(reel - sum)).toBeLessThan(0.1 * j.clips.length);
    expect(Math.abs(reel * 1000 - j.reel!.duration_ms)).toBeLessThan(250);
    expect(decodeErrors(join(out, j.reel!.file))).toBe('');
    const page = readFileSync(join(out, j.reel!.page), 'utf8');
    expect(page).toContain('<video');
    expect(page).not.toMatch(/(src|href)="https?:/);
  }, 120_000);
});
