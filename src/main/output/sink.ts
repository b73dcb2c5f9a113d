/**
 * Where an export's files go: into a folder the researcher chose, or into one .zip (a .qdpx is a zip
 * too). Every format writer hands its files to an ExportSink, so the rules live in one place:
 *
 * - Paths are relative, forward-slash, made of names that `safeFileName` leaves unchanged; `..`,
 *   absolute paths, drive letters and symlinked folders are refused, so nothing lands outside the folder.
 * - An existing file is never replaced silently: the new one becomes "name (2).ext", unless the caller
 *   passed `overwrite: true` (then the replacement is atomic).
 * - Each file is written to a hidden temporary name beside its destination and moved into place only
 *   when complete, so nobody ever sees half a file.
 * - Cancelling (the AbortSignal) or any failure removes everything this export created: the files,
 *   the folders it made, the temporary files, the half-written .zip. An export completes or leaves nothing.
 * - Large sources (videos) are streamed from disk in 1 MiB chunks with back-pressure, never loaded whole.
 * - Operations start in call order. A .zip takes one entry at a time; a folder takes a few files at once
 *   (`Backend.lanes`), because each file is several file system calls that mostly wait on Node's thread
 *   pool, and a transcript export is thousands of small files. Finishing and undoing wait for every file.
 */
import { createReadStream } from 'node:fs';
import { posix, win32 } from 'node:path';
import { AppError } from '../errors';
import { safeFileName } from './file-names';
import { FolderBackend } from './folder-backend';
import { errno, unsafePath, type Backend, type ExportSinkOptions } from './output-fs';
import { ZipBackend } from './zip-backend';

/** The backends are opened with the same options (output-fs.ts); callers take them from here. */
export type { ExportProgress, ExportSinkOptions, ExportTarget } from './output-fs';

export interface WriteOptions {
  /** Deflate inside a .zip. Defaults to on, except for formats that are compressed already. */
  compress?: boolean;
}

export interface WrittenFile {
  /** Relative, forward slashes; differs from the requested path when a "(2)" had to be added. */
  path: string;
  bytes: number;
}

export interface ExportResult {
  /** The folder, or the .zip file as finally named. */
  location: string;
  files: WrittenFile[];
  bytes: number;
}

const CHUNK = 1 << 20;
const STORED_EXTENSIONS = /\.(mp4|m4v|mov|webm|mkv|m4a|mp3|aac|ogg|opus|jpe?g|png|gif|webp|zip|qdpx|docx|xlsx|pptx|pdf|gz)$/i;

export const cancelledError = (): AppError => new AppError('export_cancelled', 'The export was cancelled. No files were left behind.');

/**
 * The segments of a relative export path, or an error. Both separators count, because a name that is
 * harmless on Linux ("a\\b") is a folder on Windows.
 */
export function exportPathSegments(path: string): string[] {
  if (typeof path !== 'string' || path.length === 0) throw unsafePath(String(path), 'is empty');
  if (path.includes('\0')) throw unsafePath(path.replace(/\0/g, '\\0'), 'contains a NUL character');
  if (posix.isAbsolute(path) || win32.isAbsolute(path) || /^[A-Za-z]:/.test(path)) {
    throw unsafePath(path, 'is an absolute path');
  }
  const segments = path.split(/[\\/]/);
  for (const segment of segments) {
    if (segment === '..') throw unsafePath(path, 'leads outside the export folder');
    if (segment === '' || segment === '.') throw unsafePath(path, 'has an empty folder name');
    if (safeFileName(segment) !== segment) throw unsafePath(path, `has a name that is not safe on every system ("${segment}")`);
  }
  return segments;
}

/** Opens a sink. For a folder, the folder must exist; for a .zip, its parent folder must. */
export async function openExportSink(options: ExportSinkOptions): Promise<ExportSink> {
  const backend = options.target.kind === 'folder' ? await FolderBackend.open(options) : await ZipBackend.open(options);
  return new ExportSink(backend, options);
}

export class ExportSink {
  /** Where the next operation starts: after the previous one has started (or, alone, after all have ended). */
  private queue: Promise<unknown> = Promise.resolve();
  /** Operations under way, settled when their error handling (and any undoing) is over. */
  private readonly running = new Set<Promise<void>>();
  /** The backend work of those operations; undoing waits for it, so nothing lands after the undo. */
  private readonly working = new Set<Promise<void>>();
  private closing: Promise<void> | null = null;
  private state: 'open' | 'finished' | 'closed' = 'open';
  /** In call order (files written at once may end in another order); a slot stays empty until its file is done. */
  private readonly files: (WrittenFile | undefined)[] = [];
  private filesDone = 0;
  private bytes = 0;
  /** Set by cancel(), so a long copy stops at its next chunk instead of finishing first. */
  private cancelling = false;
  private readonly onAbort = (): void => void this.cancel();

  constructor(
    private readonly backend: Backend,
    private readonly options: ExportSinkOptions,
  ) {
    // A caller that aborts and then drops the sink still gets its files removed.
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Writes text (as UTF-8, no BOM added) or bytes. */
  writeFile(path: string, data: string | Uint8Array, options: WriteOptions = {}): Promise<WrittenFile> {
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    return this.write(path, options, async function* () {
      for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
    });
  }

  /** Streams a file from disk (a cached video) into the export. */
  copyFile(path: string, source: string, options: WriteOptions = {}): Promise<WrittenFile> {
    return this.write(path, options, () => createReadStream(source, { highWaterMark: CHUNK }) as AsyncIterable<Uint8Array>);
  }

  /** Completes the export (closes and names the .zip). After this, cancelling changes nothing. */
  finish(): Promise<ExportResult> {
    return this.run(1, async () => {
      const location = await this.backend.finish();
      this.state = 'finished';
      this.options.signal?.removeEventListener('abort', this.onAbort);
      return { location, files: this.files.filter((f): f is WrittenFile => f !== undefined), bytes: this.bytes };
    });
  }

  /** Removes everything written so far. Safe to call more than once, and after a failure. */
  cancel(): Promise<void> {
    this.cancelling = true;
    const run = this.queue.then(
      () => this.close(),
      () => this.close(),
    );
    this.queue = run;
    return run;
  }

  private write(path: string, options: WriteOptions, chunks: () => AsyncIterable<Uint8Array>): Promise<WrittenFile> {
    return this.run(this.backend.lanes, async () => {
      const slot = this.files.length++;
      const segments = exportPathSegments(path);
      const compress = options.compress ?? !STORED_EXTENSIONS.test(path);
      const requested = segments.join('/');
      this.progress(requested);
      let written = 0;
      const stopped = () => this.stopped();
      const source = async function* () {
        for await (const chunk of chunks()) {
          if (stopped()) throw cancelledError();
          yield chunk;
        }
      };
      const actual = await this.backend.put(segments, source(), compress, (n) => {
        written += n;
        this.bytes += n;
        this.progress(requested);
      });
      const file = { path: actual, bytes: written };
      this.files[slot] = file;
      this.filesDone++;
      this.progress(null);
      return file;
    });
  }

  /**
   * Starts `op` in call order once fewer than `lanes` operations are under way (with 1, once all have
   * ended). Any failure undoes the whole export, after the other operations under way have ended.
   */
  private run<T>(lanes: number, op: () => Promise<T>): Promise<T> {
    const started = this.queue.then(async () => {
      if (lanes > 1) while (this.running.size >= lanes) await Promise.race(this.running);
      else while (this.running.size) await Promise.allSettled([...this.running]);
      const done = this.guarded(op);
      const settled = done.then(
        () => undefined,
        () => undefined,
      );
      this.running.add(settled);
      void settled.then(() => this.running.delete(settled));
      return { done };
    });
    this.queue = started.catch(() => undefined);
    return started.then(({ done }) => done);
  }

  private async guarded<T>(op: () => Promise<T>): Promise<T> {
    if (this.state !== 'open') throw new AppError('export_closed', 'This export has already finished or was cancelled.');
    if (this.stopped()) {
      await this.close();
      throw cancelledError();
    }
    // From the state check to here nothing awaits, so an undo that starts later sees this work.
    const work = op();
    const worked = work.then(
      () => undefined,
      () => undefined,
    );
    this.working.add(worked);
    void worked.then(() => this.working.delete(worked));
    try {
      return await work;
    } catch (e) {
      await this.close();
      if (this.stopped()) throw cancelledError();
      throw asExportError(e);
    }
  }

  private stopped(): boolean {
    return this.cancelling || this.options.signal?.aborted === true;
  }

  /** Undoes the export once the backend work under way has ended; every caller waits for the same undo. */
  private close(): Promise<void> {
    if (this.state === 'open') {
      this.state = 'closed';
      this.options.signal?.removeEventListener('abort', this.onAbort);
      const working = [...this.working];
      this.closing = Promise.allSettled(working).then(() => this.backend.rollback());
    }
    return this.closing ?? Promise.resolve();
  }

  private progress(current: string | null): void {
    this.options.onProgress?.({
      filesDone: this.filesDone,
      filesTotal: this.options.expected?.files ?? null,
      bytesDone: this.bytes,
      bytesTotal: this.options.expected?.bytes ?? null,
      current,
    });
  }
}

/** File system errors in words a researcher can act on; the raw error stays in the details. */
function asExportError(e: unknown): unknown {
  if (e instanceof AppError) return e;
  const code = errno(e);
  const detail = { code, cause: e instanceof Error ? e.message : String(e) };
  const undone = 'Nothing was left behind.';
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new AppError('export_failed', `The disk is full. ${undone} Free some space or choose another place, then export again.`, detail);
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new AppError('export_failed', `Fieldwork may not write there. ${undone} Choose another folder, then export again.`, detail);
  }
  if (code === 'ENOENT') {
    return new AppError(
      'export_failed',
      `A file the export needed is missing (a cached video may have been removed). ${undone} Sync again, then export again.`,
      detail,
    );
  }
  return new AppError('export_failed', `The export could not be written. ${undone} Try again, or choose another folder.`, detail);
}
