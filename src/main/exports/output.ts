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
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { link, lstat, mkdir, open, readdir, realpath, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, posix, relative, resolve, sep, win32 } from 'node:path';
import { once } from 'node:events';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { AppError } from '../errors';
import { nameKey, numberedName, safeFileName } from './file-names';

export type ExportTarget = { kind: 'folder'; folder: string } | { kind: 'zip'; file: string };

export interface ExportProgress {
  filesDone: number;
  /** From `expected`, when the caller knows it up front. */
  filesTotal: number | null;
  bytesDone: number;
  bytesTotal: number | null;
  /** The relative path being written, null between files. */
  current: string | null;
}

export interface ExportSinkOptions {
  target: ExportTarget;
  /** Replace existing files (atomically) instead of choosing "name (2).ext". Off by default. */
  overwrite?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  expected?: { files?: number; bytes?: number };
  /** fsync each file before it is moved into place. Off by default: it costs a disk flush per file. */
  fsync?: boolean;
}

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
// fflate writes no Zip64 records: entries and offsets must stay below 4 GiB.
const ZIP_LIMIT = 0xffff_ffff - (1 << 20);
const ZIP_MAX_ENTRIES = 0xffff;
const STORED_EXTENSIONS = /\.(mp4|m4v|mov|webm|mkv|m4a|mp3|aac|ogg|opus|jpe?g|png|gif|webp|zip|qdpx|docx|xlsx|pptx|pdf|gz)$/i;

export const cancelledError = (): AppError =>
  new AppError('export_cancelled', 'The export was cancelled. No files were left behind.');

function unsafePath(path: string, why: string): AppError {
  return new AppError('export_unsafe_path', `The export tried to write "${path}", which ${why}. Nothing was written there.`, {
    path,
  });
}

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

interface Backend {
  put(segments: string[], chunks: AsyncIterable<Uint8Array>, compress: boolean, tick: (n: number) => void): Promise<string>;
  finish(): Promise<string>;
  rollback(): Promise<void>;
}

export class ExportSink {
  private queue: Promise<unknown> = Promise.resolve();
  private state: 'open' | 'finished' | 'closed' = 'open';
  private readonly files: WrittenFile[] = [];
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
    return this.run(async () => {
      const location = await this.backend.finish();
      this.state = 'finished';
      this.options.signal?.removeEventListener('abort', this.onAbort);
      return { location, files: [...this.files], bytes: this.bytes };
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
    return this.run(async () => {
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
      this.files.push(file);
      this.progress(null);
      return file;
    });
  }

  /** One operation at a time (a zip takes entries in order), and any failure undoes the whole export. */
  private run<T>(op: () => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      if (this.state !== 'open') throw new AppError('export_closed', 'This export has already finished or was cancelled.');
      if (this.stopped()) {
        await this.close();
        throw cancelledError();
      }
      try {
        return await op();
      } catch (e) {
        await this.close();
        if (this.stopped()) throw cancelledError();
        throw asExportError(e);
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private stopped(): boolean {
    return this.cancelling || this.options.signal?.aborted === true;
  }

  private async close(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'closed';
    this.options.signal?.removeEventListener('abort', this.onAbort);
    await this.backend.rollback();
  }

  private progress(current: string | null): void {
    this.options.onProgress?.({
      filesDone: this.files.length,
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
    return new AppError('export_failed', `A file the export needed is missing (a cached video may have been removed). ${undone} Sync again, then export again.`, detail);
  }
  return new AppError('export_failed', `The export could not be written. ${undone} Try again, or choose another folder.`, detail);
}

const tempName = (): string => `.fw-${randomBytes(6).toString('hex')}.part`;

const errno = (e: unknown): string | undefined => (e as NodeJS.ErrnoException | null)?.code;

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * Moves a finished temporary file to `dir/name`, or to the first free "name (n)" unless overwriting.
 * `link` fails with EEXIST instead of replacing, so no other writer can slip in between the check and
 * the move. File systems without hard links (FAT on USB sticks) fall back to check-then-rename.
 */
async function place(temp: string, dir: string, name: string, overwrite: boolean, taken: (candidate: string) => boolean): Promise<string> {
  if (overwrite) {
    await rename(temp, join(dir, name));
    return name;
  }
  for (let n = 1; n < 100_000; n++) {
    const candidate = numberedName(name, n);
    if (taken(candidate)) continue;
    const target = join(dir, candidate);
    try {
      await link(temp, target);
      await unlink(temp);
      return candidate;
    } catch (e) {
      if (errno(e) === 'EEXIST') continue;
      if (await exists(target)) continue;
      await rename(temp, target);
      return candidate;
    }
  }
  throw new AppError('export_failed', `No free file name for ${name} in ${dir}.`);
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (e) {
    if (errno(e) === 'ENOENT') return false;
    throw e;
  }
}

async function removeQuietly(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch {
    // Already gone, or never created.
  }
}

class FolderBackend implements Backend {
  private readonly createdFiles: string[] = [];
  private readonly createdDirs: string[] = [];
  private readonly temps = new Set<string>();
  /**
   * Names present in each folder, compared as macOS and Windows would: the folder may be synced or
   * copied to such a system later, where "report (2).md" and "REPORT (2).md" are one file.
   */
  private readonly names = new Map<string, Set<string>>();

  private constructor(
    private readonly root: string,
    private readonly options: ExportSinkOptions,
  ) {}

  static async open(options: ExportSinkOptions): Promise<FolderBackend> {
    const folder = (options.target as { folder: string }).folder;
    if (typeof folder !== 'string' || !isAbsolute(folder) || folder.includes('\0')) {
      throw new AppError('export_bad_target', 'Choose a folder to export into.');
    }
    let root: string;
    try {
      root = await realpath(folder);
      if (!(await stat(root)).isDirectory()) throw new Error('not a directory');
    } catch {
      throw new AppError('export_bad_target', `The folder ${folder} does not exist. Choose another folder.`, { folder });
    }
    return new FolderBackend(root, options);
  }

  async put(segments: string[], chunks: AsyncIterable<Uint8Array>, _compress: boolean, tick: (n: number) => void): Promise<string> {
    const dir = await this.ensureDirs(segments.slice(0, -1));
    const name = segments[segments.length - 1] as string;
    const temp = join(dir, tempName());
    this.temps.add(temp);
    const handle = await open(temp, 'wx');
    try {
      for await (const chunk of chunks) {
        await handle.write(chunk);
        tick(chunk.length);
      }
      if (this.options.fsync) await handle.sync();
    } finally {
      await handle.close();
    }
    const names = await this.namesIn(dir);
    const placed = await place(temp, dir, name, this.options.overwrite === true, (c) => names.has(nameKey(c)));
    this.temps.delete(temp);
    names.add(nameKey(placed));
    this.createdFiles.push(join(dir, placed));
    return [...segments.slice(0, -1), placed].join('/');
  }

  private async namesIn(dir: string): Promise<Set<string>> {
    let names = this.names.get(dir);
    if (!names) {
      names = new Set((await readdir(dir)).map(nameKey));
      this.names.set(dir, names);
    }
    return names;
  }

  /** Creates (or reuses) each folder, refusing symlinks and anything that resolves outside the root. */
  private async ensureDirs(segments: string[]): Promise<string> {
    let dir = this.root;
    for (const segment of segments) {
      const next = resolve(dir, segment);
      if (!isInside(this.root, next)) throw unsafePath(segments.join('/'), 'leads outside the export folder');
      try {
        await mkdir(next);
        this.createdDirs.push(next);
      } catch (e) {
        if (errno(e) !== 'EEXIST') throw e;
      }
      const info = await lstat(next);
      if (info.isSymbolicLink()) throw unsafePath(segments.join('/'), 'goes through a symbolic link');
      if (!info.isDirectory()) throw unsafePath(segments.join('/'), 'needs a folder where a file already exists');
      if (!isInside(this.root, await realpath(next))) throw unsafePath(segments.join('/'), 'leads outside the export folder');
      dir = next;
    }
    return dir;
  }

  async finish(): Promise<string> {
    return this.root;
  }

  async rollback(): Promise<void> {
    for (const temp of this.temps) await removeQuietly(temp);
    this.temps.clear();
    for (const file of this.createdFiles.reverse()) await removeQuietly(file);
    this.createdFiles.length = 0;
    for (const dir of this.createdDirs.reverse()) {
      try {
        await rmdir(dir);
      } catch {
        // Not empty: someone else put a file there meanwhile; theirs stays.
      }
    }
    this.createdDirs.length = 0;
  }
}

class ZipBackend implements Backend {
  private readonly zip: Zip;
  private readonly out: WriteStream;
  private error: Error | null = null;
  private needDrain = false;
  private written = 0;
  private readonly used = new Set<string>();
  private readonly usedDirs = new Set<string>();

  private constructor(
    private readonly dir: string,
    private readonly name: string,
    private readonly temp: string,
    private readonly options: ExportSinkOptions,
  ) {
    this.out = createWriteStream(temp, { flags: 'wx' });
    this.out.on('error', (e) => (this.error ??= e));
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.error ??= err;
        return;
      }
      this.written += chunk.length;
      if (!this.out.write(chunk)) this.needDrain = true;
      if (final) this.out.end();
    });
  }

  static async open(options: ExportSinkOptions): Promise<ZipBackend> {
    const file = (options.target as { file: string }).file;
    if (typeof file !== 'string' || !isAbsolute(file) || file.includes('\0')) {
      throw new AppError('export_bad_target', 'Choose where to save the .zip file.');
    }
    const name = basename(file);
    if (safeFileName(name) !== name) {
      throw new AppError('export_bad_target', `"${name}" is not a file name every system accepts. Choose another name.`, { file });
    }
    let dir: string;
    try {
      dir = await realpath(dirname(file));
      if (!(await stat(dir)).isDirectory()) throw new Error('not a directory');
    } catch {
      throw new AppError('export_bad_target', `The folder ${dirname(file)} does not exist. Choose another folder.`, { file });
    }
    const backend = new ZipBackend(dir, name, join(dir, tempName()), options);
    await once(backend.out, 'open');
    return backend;
  }

  async put(segments: string[], chunks: AsyncIterable<Uint8Array>, compress: boolean, tick: (n: number) => void): Promise<string> {
    const folders = segments.slice(0, -1);
    const name = segments[segments.length - 1] as string;
    const prefix = folders.length ? `${folders.join('/')}/` : '';
    // A .zip cannot hold two entries of one name (nor should it hold "A.txt" and "a.txt", which macOS and
    // Windows would merge when extracting), so a repeat gets "(2)" even with `overwrite`.
    const taken = (candidate: string) => this.used.has(nameKey(prefix + candidate)) || this.usedDirs.has(nameKey(prefix + candidate));
    let placed = name;
    for (let n = 2; taken(placed); n++) placed = numberedName(name, n);
    const entry = prefix + placed;
    for (let i = 1; i <= folders.length; i++) {
      const folder = nameKey(folders.slice(0, i).join('/'));
      if (this.used.has(folder)) throw unsafePath(entry, 'needs a folder where a file of that name is already in the .zip');
      this.usedDirs.add(folder);
    }
    if (this.used.size >= ZIP_MAX_ENTRIES) {
      throw new AppError('export_too_large', 'A .zip holds at most 65,535 files. Export to a folder, or export fewer interviews at once.');
    }
    this.used.add(nameKey(entry));

    const file = compress ? new ZipDeflate(entry, { level: 6 }) : new ZipPassThrough(entry);
    this.zip.add(file);
    let size = 0;
    for await (const chunk of chunks) {
      size += chunk.length;
      if (size > ZIP_LIMIT || this.written > ZIP_LIMIT) {
        throw new AppError('export_too_large', 'The .zip would be larger than 4 GB. Export to a folder instead.', { entry });
      }
      file.push(chunk, false);
      await this.flush();
      tick(chunk.length);
    }
    file.push(new Uint8Array(0), true);
    await this.flush();
    return entry;
  }

  private async flush(): Promise<void> {
    if (this.error) throw this.error;
    if (this.needDrain) {
      this.needDrain = false;
      await Promise.race([once(this.out, 'drain'), once(this.out, 'error')]);
    }
    if (this.error) throw this.error;
  }

  async finish(): Promise<string> {
    this.zip.end();
    if (this.error) throw this.error;
    if (!this.out.writableFinished) await once(this.out, 'finish');
    await new Promise<void>((done, fail) => this.out.close((e) => (e ? fail(e) : done())));
    if (this.error) throw this.error;
    if (this.written > ZIP_LIMIT) throw new AppError('export_too_large', 'The .zip would be larger than 4 GB. Export to a folder instead.');
    const placed = await place(this.temp, this.dir, this.name, this.options.overwrite === true, () => false);
    return join(this.dir, placed);
  }

  async rollback(): Promise<void> {
    try {
      this.zip.terminate();
    } catch {
      // Nothing running.
    }
    if (!this.out.destroyed) {
      this.out.destroy();
      await once(this.out, 'close').catch(() => undefined);
    }
    await removeQuietly(this.temp);
  }
}
