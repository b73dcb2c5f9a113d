// The export sink: files land only inside the chosen folder (or .zip), nothing is overwritten silently,
// and a cancelled or failed export leaves nothing behind.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportPathSegments, openExportSink, type ExportProgress, type ExportSink } from '../../../../src/main/output/sink';
import { seededRandom } from '../../../support/random';

let base: string;
let out: string;
let outside: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'fw-export-'));
  out = join(base, 'out');
  outside = join(base, 'outside');
  mkdirSync(out);
  mkdirSync(outside);
});

afterEach(() => rmSync(base, { recursive: true, force: true }));

/** Every file and folder under `dir`, relative, sorted; hidden temp files included on purpose. */
function tree(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map((p) => p.split('\\').join('/')).sort();
}

function bigFile(path: string, mb: number): Buffer {
  // Incompressible-ish content so a streaming bug (lost or reordered chunk) shows up in the bytes.
  const data = Buffer.alloc(mb * 1024 * 1024);
  const byte = seededRandom(1).int;
  for (let i = 0; i < data.length; i++) data[i] = byte(256);
  writeFileSync(path, data);
  return data;
}

describe('exportPathSegments', () => {
  it.each([
    ['../escape.txt', 'outside'],
    ['sources/../../escape.txt', 'outside'],
    ['..\\escape.txt', 'outside'],
    ['/etc/passwd', 'absolute'],
    ['C:\\Windows\\win.ini', 'absolute'],
    ['C:relative.txt', 'absolute'],
    ['\\\\server\\share\\x', 'absolute'],
    ['a\0b.txt', 'NUL'],
    ['', 'empty'],
    ['sources//x.txt', 'empty folder name'],
    ['./x.txt', 'empty folder name'],
    ['CON.txt', 'not safe'],
    ['sources/trailing. ', 'not safe'],
    ['.hidden', 'not safe'],
  ])('rejects %j (%s)', (path, why) => {
    expect(() => exportPathSegments(path)).toThrow(expect.objectContaining({ code: 'export_unsafe_path', message: expect.stringContaining(why) }));
  });

  it('accepts relative subfolders', () => {
    expect(exportPathSegments('sources/interview 1.mp4')).toEqual(['sources', 'interview 1.mp4']);
  });
});

describe('folder export', () => {
  it('writes files and subfolders, reporting progress', async () => {
    const progress: ExportProgress[] = [];
    const sink = await openExportSink({ target: { kind: 'folder', folder: out }, onProgress: (p) => progress.push(p), expected: { files: 2 } });
    await sink.writeFile('transcript.txt', 'Hello 👋\n');
    await sink.writeFile('sources/data.bin', new Uint8Array([0, 1, 2, 255]));
    const result = await sink.finish();
    expect(tree(out)).toEqual(['sources', 'sources/data.bin', 'transcript.txt']);
    expect(readFileSync(join(out, 'transcript.txt'), 'utf8')).toBe('Hello 👋\n');
    expect([...readFileSync(join(out, 'sources/data.bin'))]).toEqual([0, 1, 2, 255]);
    expect(result.files).toEqual([
      { path: 'transcript.txt', bytes: Buffer.byteLength('Hello 👋\n') },
      { path: 'sources/data.bin', bytes: 4 },
    ]);
    const last = progress.at(-1)!;
    expect(last).toMatchObject({ filesDone: 2, filesTotal: 2, bytesDone: result.bytes, current: null });
    expect(progress.some((p) => p.current === 'sources/data.bin')).toBe(true);
  });

  it('never overwrites an existing file silently', async () => {
    writeFileSync(join(out, 'report.md'), 'theirs');
    writeFileSync(join(out, 'REPORT (2).md'), 'theirs too');
    const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
    const first = await sink.writeFile('report.md', 'ours');
    const second = await sink.writeFile('report.md', 'ours again');
    await sink.finish();
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toBe('theirs');
    expect(readFileSync(join(out, 'REPORT (2).md'), 'utf8')).toBe('theirs too');
    // "report (2).md" would be the same file as "REPORT (2).md" on macOS and Windows.
    expect(first.path).not.toBe('report.md');
    expect(first.path.toLowerCase()).not.toBe('report (2).md');
    expect(second.path).not.toBe(first.path);
    expect(readFileSync(join(out, first.path), 'utf8')).toBe('ours');
    expect(readFileSync(join(out, second.path), 'utf8')).toBe('ours again');
  });

  it('replaces an existing file only when asked to', async () => {
    writeFileSync(join(out, 'report.md'), 'old');
    const sink = await openExportSink({ target: { kind: 'folder', folder: out }, overwrite: true });
    expect((await sink.writeFile('report.md', 'new')).path).toBe('report.md');
    await sink.finish();
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toBe('new');
    expect(tree(out)).toEqual(['report.md']);
  });

  it.each(['../escape.txt', '/tmp/escape.txt', 'sources/../../escape.txt'])('rejects %s and writes nothing', async (path) => {
    const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
    await expect(sink.writeFile(path, 'x')).rejects.toMatchObject({ code: 'export_unsafe_path' });
    expect(tree(out)).toEqual([]);
    expect(tree(outside)).toEqual([]);
  });

  it('refuses a symlinked subfolder that points outside', async () => {
    symlinkSync(outside, join(out, 'sources'), 'dir');
    const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
    await expect(sink.writeFile('sources/clip.mp4', 'x')).rejects.toMatchObject({ code: 'export_unsafe_path' });
    expect(tree(outside)).toEqual([]);
  });

  it('checks each folder once per export, but still refuses a symlinked folder met later', async () => {
    const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
    await sink.writeFile('study/docx/a.docx', 'a');
    await sink.writeFile('study/docx/b.docx', 'b');
    symlinkSync(outside, join(out, 'study', 'srt'), 'dir');
    await expect(sink.writeFile('study/srt/a.srt', 'x')).rejects.toMatchObject({ code: 'export_unsafe_path' });
    expect(tree(outside)).toEqual([]);
    // The failure undid the export, folders it made included; the symlink was not ours to remove.
    expect(existsSync(join(out, 'study', 'docx'))).toBe(false);
  });

  it('does not write through a symlink placed where the file goes', async () => {
    const victim = join(outside, 'victim.txt');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, join(out, 'report.md'));
    const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
    const written = await sink.writeFile('report.md', 'export');
    await sink.finish();
    expect(written.path).not.toBe('report.md');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('works when the chosen folder itself is reached through a symlink', async () => {
    const link = join(base, 'link-to-out');
    symlinkSync(out, link, 'dir');
    const sink = await openExportSink({ target: { kind: 'folder', folder: link } });
    await sink.writeFile('sources/a.txt', 'a');
    await sink.finish();
    expect(readFileSync(join(out, 'sources/a.txt'), 'utf8')).toBe('a');
  });

  it('cancel mid-file leaves no partial or finished files, and no folders it created', async () => {
    writeFileSync(join(out, 'theirs.txt'), 'keep');
    const video = join(outside, 'video.mp4');
    bigFile(video, 8);
    const abort = new AbortController();
    const sink = await openExportSink({
      target: { kind: 'folder', folder: out },
      signal: abort.signal,
      onProgress: (p) => {
        // Cancel once part of the video is on disk.
        if (p.current === 'sources/video.mp4' && p.bytesDone > 3 * 1024 * 1024) abort.abort();
      },
    });
    await sink.writeFile('transcript.txt', 'done before cancel');
    expect(existsSync(join(out, 'transcript.txt'))).toBe(true);
    await expect(sink.copyFile('sources/video.mp4', video)).rejects.toMatchObject({ code: 'export_cancelled' });
    expect(tree(out)).toEqual(['theirs.txt']);
    await expect(sink.writeFile('late.txt', 'x')).rejects.toMatchObject({ code: 'export_closed' });
    expect(tree(out)).toEqual(['theirs.txt']);
  });

  it('cancel() between files removes what was written', async () => {
    const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
    await sink.writeFile('a/b/c.txt', 'c');
    await sink.writeFile('d.txt', 'd');
    await sink.cancel();
    expect(tree(out)).toEqual([]);
  });

  it('aborting the signal alone, with no further call, removes what was written', async () => {
    const abort = new AbortController();
    const sink = await openExportSink({ target: { kind: 'folder', folder: out }, signal: abort.signal });
    await sink.writeFile('sources/a.txt', 'a');
    await sink.writeFile('b.txt', 'b');
    abort.abort();
    await expect.poll(() => tree(out)).toEqual([]);
  });

  it('cancel() during a long copy stops it without waiting for the file to finish', async () => {
    const video = join(outside, 'video.mp4');
    bigFile(video, 8);
    let chunksAfterCancel = -1;
    let cancelled: Promise<void> | undefined;
    const sink: ExportSink = await openExportSink({
      target: { kind: 'folder', folder: out },
      onProgress: (p) => {
        if (p.current !== 'video.mp4') return;
        if (chunksAfterCancel >= 0) chunksAfterCancel++;
        if (!cancelled && p.bytesDone >= 2 * 1024 * 1024) {
          chunksAfterCancel = 0;
          cancelled = sink.cancel();
        }
      },
    });
    await expect(sink.copyFile('video.mp4', video)).rejects.toMatchObject({ code: 'export_cancelled' });
    await cancelled;
    expect(chunksAfterCancel).toBeLessThanOrEqual(1);
    expect(tree(out)).toEqual([]);
  });

  it('a failure part-way undoes the whole export and says what to do', async () => {
    const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
    await sink.writeFile('sources/a.txt', 'a');
    const failure = sink.copyFile('sources/video.mp4', join(outside, 'missing.mp4'));
    await expect(failure).rejects.toMatchObject({ code: 'export_failed', message: expect.stringContaining('Nothing was left behind') });
    await expect(failure).rejects.toMatchObject({ details: { code: 'ENOENT' } });
    expect(tree(out)).toEqual([]);
  });

  it('streams a large file byte for byte', async () => {
    const video = join(outside, 'video.mp4');
    const data = bigFile(video, 5);
    const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
    await sink.copyFile('sources/video.mp4', video);
    await sink.finish();
    expect(readFileSync(join(out, 'sources/video.mp4')).equals(data)).toBe(true);
  });

  describe('with several writes under way at once (a folder takes two at a time)', () => {
    it('writes every file, and gives names that differ only in case distinct names', async () => {
      const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
      const writes = [
        sink.writeFile('docs/a.txt', '1'),
        sink.writeFile('docs/A.txt', '2'),
        sink.writeFile('docs/a.txt', '3'),
        sink.writeFile('srt/b.txt', '4'),
      ];
      const written = await Promise.all(writes);
      const result = await sink.finish();
      expect(written.map((w) => w.path)).toEqual(['docs/a.txt', 'docs/A (2).txt', 'docs/a (3).txt', 'srt/b.txt']);
      expect(result.files.map((f) => f.path)).toEqual(written.map((w) => w.path));
      for (const [i, w] of written.entries()) expect(readFileSync(join(out, w.path), 'utf8')).toBe(String(i + 1));
    });

    it('names are given in call order, even when a later file finishes writing first', async () => {
      const video = join(outside, 'slow.mp4');
      bigFile(video, 8);
      const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
      // The first is an 8 MB copy, the second a few bytes: the second is written long before the first.
      const [slow, quick] = await Promise.all([sink.copyFile('clips/Clip.mp4', video), sink.writeFile('clips/clip.MP4', 'tiny')]);
      await sink.finish();
      expect([slow.path, quick.path]).toEqual(['clips/Clip.mp4', 'clips/clip (2).MP4']);
    });

    it('a small file does not wait for a long copy before it', async () => {
      const video = join(outside, 'video.mp4');
      bigFile(video, 16);
      const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
      const order: string[] = [];
      const copy = sink.copyFile('video.mp4', video).then(() => order.push('video'));
      const small = sink.writeFile('note.txt', 'n').then(() => order.push('note'));
      await Promise.all([copy, small]);
      await sink.finish();
      expect(order).toEqual(['note', 'video']);
    });

    it('a failure waits for the other write under way, then undoes it too', async () => {
      const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
      // The first is still making its folder when the second fails on its path.
      const first = sink.writeFile('new/a.txt', 'a');
      first.catch(() => undefined);
      await expect(sink.writeFile('../escape.txt', 'x')).rejects.toMatchObject({ code: 'export_unsafe_path' });
      await first.catch(() => undefined);
      expect(tree(out)).toEqual([]);
      expect(tree(base)).toEqual(['out', 'outside']);
    });

    it('a failure undoes files that were still being written when it happened, and finishing then refuses', async () => {
      const video = join(outside, 'video.mp4');
      bigFile(video, 8);
      writeFileSync(join(out, 'study'), 'a file where a folder would go');
      const sink = await openExportSink({ target: { kind: 'folder', folder: out } });
      const copy = sink.copyFile('video.mp4', video);
      copy.catch(() => undefined);
      await expect(sink.writeFile('study/x.txt', 'x')).rejects.toMatchObject({ code: 'export_unsafe_path' });
      await copy.catch(() => undefined);
      await expect(sink.finish()).rejects.toMatchObject({ code: 'export_closed' });
      expect(tree(out)).toEqual(['study']);
    });
  });

  it('rejects a folder that does not exist', async () => {
    await expect(openExportSink({ target: { kind: 'folder', folder: join(base, 'missing') } })).rejects.toMatchObject({ code: 'export_bad_target' });
    await expect(openExportSink({ target: { kind: 'folder', folder: 'relative/dir' } })).rejects.toMatchObject({ code: 'export_bad_target' });
  });
});

describe('zip export', () => {
  it('round-trips through unzipSync, deflated and stored entries alike', async () => {
    const video = join(outside, 'video.mp4');
    const data = bigFile(video, 3);
    const zipPath = join(out, 'export.zip');
    const sink = await openExportSink({ target: { kind: 'zip', file: zipPath } });
    const text = 'Интервью 1 — “quotes” and emoji 😀\r\n'.repeat(1000);
    await sink.writeFile('Интервью 1.txt', text);
    await sink.writeFile('sources/empty.txt', '');
    await sink.copyFile('sources/video.mp4', video);
    const result = await sink.finish();
    expect(result.location).toBe(zipPath);
    expect(tree(out)).toEqual(['export.zip']);
    const entries = unzipSync(readFileSync(zipPath));
    expect(Object.keys(entries).sort()).toEqual(['sources/empty.txt', 'sources/video.mp4', 'Интервью 1.txt']);
    expect(new TextDecoder().decode(entries['Интервью 1.txt'])).toBe(text);
    expect(entries['sources/empty.txt']!.length).toBe(0);
    expect(Buffer.from(entries['sources/video.mp4']!).equals(data)).toBe(true);
    // The text compressed; the video was stored rather than deflated for nothing.
    expect(readFileSync(zipPath).length).toBeLessThan(data.length + Buffer.byteLength(text));
  });

  it('streams into the .zip on disk as it goes, not into memory', async () => {
    const video = join(outside, 'video.mp4');
    bigFile(video, 6);
    let onDiskMidway = 0;
    const sink = await openExportSink({
      target: { kind: 'zip', file: join(out, 'export.zip') },
      onProgress: (p) => {
        if (onDiskMidway === 0 && p.bytesDone > 4 * 1024 * 1024) {
          const part = readdirSync(out).find((n) => n.endsWith('.part'));
          onDiskMidway = part ? statSync(join(out, part)).size : -1;
        }
      },
    });
    await sink.copyFile('video.mp4', video);
    await sink.finish();
    expect(onDiskMidway).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('gives repeated names "(2)" inside the zip, case-insensitively', async () => {
    const zipPath = join(out, 'export.zip');
    const sink = await openExportSink({ target: { kind: 'zip', file: zipPath } });
    const a = await sink.writeFile('sources/Report.md', 'one');
    const b = await sink.writeFile('sources/report.md', 'two');
    await sink.finish();
    expect(a.path).toBe('sources/Report.md');
    expect(b.path).toBe('sources/report (2).md');
    const entries = unzipSync(readFileSync(zipPath));
    expect(new TextDecoder().decode(entries['sources/report (2).md'])).toBe('two');
  });

  it('keeps a file and a folder of one name apart inside the zip', async () => {
    const zipPath = join(out, 'export.zip');
    const sink = await openExportSink({ target: { kind: 'zip', file: zipPath } });
    await sink.writeFile('sources/a.txt', 'a');
    expect((await sink.writeFile('Sources', 'file')).path).toBe('Sources (2)');
    await sink.finish();
    expect(Object.keys(unzipSync(readFileSync(zipPath))).sort()).toEqual(['Sources (2)', 'sources/a.txt']);

    const other = await openExportSink({ target: { kind: 'zip', file: join(out, 'other.zip') } });
    await other.writeFile('notes', 'file');
    await expect(other.writeFile('notes/a.txt', 'a')).rejects.toMatchObject({ code: 'export_unsafe_path' });
    expect(existsSync(join(out, 'other.zip'))).toBe(false);
  });

  it('never overwrites an existing .zip silently', async () => {
    const zipPath = join(out, 'export.zip');
    writeFileSync(zipPath, 'theirs');
    const sink = await openExportSink({ target: { kind: 'zip', file: zipPath } });
    await sink.writeFile('a.txt', 'a');
    const result = await sink.finish();
    expect(result.location).toBe(join(out, 'export (2).zip'));
    expect(readFileSync(zipPath, 'utf8')).toBe('theirs');
    expect(Object.keys(unzipSync(readFileSync(result.location)))).toEqual(['a.txt']);
  });

  it('rejects entries that would escape on extraction', async () => {
    const sink = await openExportSink({ target: { kind: 'zip', file: join(out, 'x.zip') } });
    await expect(sink.writeFile('../evil.txt', 'x')).rejects.toMatchObject({ code: 'export_unsafe_path' });
    expect(tree(out)).toEqual([]);
  });

  it('cancel leaves no .zip and no temporary file', async () => {
    const video = join(outside, 'video.mp4');
    bigFile(video, 6);
    const abort = new AbortController();
    const sink = await openExportSink({
      target: { kind: 'zip', file: join(out, 'export.zip') },
      signal: abort.signal,
      onProgress: (p) => {
        if (p.bytesDone > 2 * 1024 * 1024) abort.abort();
      },
    });
    await sink.writeFile('a.txt', 'a');
    await expect(sink.copyFile('sources/video.mp4', video)).rejects.toMatchObject({ code: 'export_cancelled' });
    expect(tree(out)).toEqual([]);
  });

  it('an already-aborted signal writes nothing', async () => {
    const abort = new AbortController();
    abort.abort();
    const sink = await openExportSink({ target: { kind: 'zip', file: join(out, 'export.zip') }, signal: abort.signal });
    await expect(sink.writeFile('a.txt', 'a')).rejects.toMatchObject({ code: 'export_cancelled' });
    expect(tree(out)).toEqual([]);
  });
});
