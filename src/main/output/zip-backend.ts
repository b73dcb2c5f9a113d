/** The export sink writing one streamed .zip. */

import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { AppError } from '../errors';
import { nameKey, numberedName, safeFileName } from './file-names';
import { place, removeQuietly, tempName, unsafePath, type Backend, type ExportSinkOptions } from './output-fs';

// fflate writes no Zip64 records: entries and offsets must stay below 4 GiB.
const ZIP_LIMIT = 0xffff_ffff - (1 << 20);
const ZIP_MAX_ENTRIES = 0xffff;

export class ZipBackend implements Backend {
  /** Entries go into the one stream in order. */
  readonly lanes = 1;
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
      // once() rejects on 'error' by itself and removes both its listeners when either comes: racing it against
      // a second once(out, 'error') left that listener behind after every drain.
      await once(this.out, 'drain');
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
