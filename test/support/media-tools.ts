// ffmpeg/ffprobe for tests that check media the app wrote (the app itself never runs them). Tests that need
// them skip, printing why, when they are not installed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { AppError } from '../../src/main/errors';

const has = (cmd: string): boolean => {
  const r = spawnSync(cmd, ['-version'], { stdio: 'ignore' });
  return !r.error && r.status === 0;
};

export const HAS_FFMPEG = has('ffmpeg') && has('ffprobe');

/** Call once per file at import: says in the log what was skipped and how to run it. */
export function warnIfNoFfmpeg(what: string): void {
  if (!HAS_FFMPEG) console.warn(`${what}: skipped: ffmpeg/ffprobe not installed (apt-get install ffmpeg)`);
}

export function run(cmd: string, args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error) throw r.error;
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

export type Probe = { durationS: number; streams: { codec_type: string; codec_name?: string; codec_tag_string?: string; width?: number; height?: number }[] };

export function probe(file: string): Probe {
  const r = run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,codec_tag_string,width,height', '-of', 'json', file]);
  if (r.status !== 0) throw new Error(`ffprobe failed on ${file}: ${r.stderr}`);
  const j = JSON.parse(r.stdout) as { format: { duration: string }; streams: Probe['streams'] };
  return { durationS: Number(j.format.duration), streams: j.streams };
}

/** What ffmpeg complains about while decoding every audio and video frame ('' when it decodes cleanly). */
export function decodeErrors(file: string): string {
  // -sn: ffmpeg 5 has no decoder for Matroska's S_TEXT/WEBVTT subtitle id, which is not a fault of the file.
  const r = run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-sn', '-f', 'null', '-']);
  return `${r.stdout}${r.stderr}`.trim() || (r.status === 0 ? '' : `ffmpeg exited ${r.status}`);
}

/** Makes a small test video with ffmpeg: `args` are the encoding options. */
export function makeVideo(file: string, opts: { size: string; seconds: number; args: string[] }): void {
  const r = run('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${opts.size}:rate=10:duration=${opts.seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${opts.seconds}`,
    ...opts.args,
    file,
  ]);
  if (r.status !== 0) throw new Error(`ffmpeg could not make ${file}: ${r.stderr}`);
}

/** A temporary folder for one test file's media, removed after it; `write` puts bytes there and returns the path. */
export function useMediaDir(prefix: string): { path: (name: string) => string; write: (name: string, bytes: Uint8Array) => string } {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const path = (name: string) => join(dir, name);
  return {
    path,
    write: (name, bytes) => {
      writeFileSync(path(name), bytes);
      return path(name);
    },
  };
}

/** The AppError a promise rejects with (failing the test if it resolves or throws something else). */
export async function appErrorOf(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}
