/** The export sink writing into a folder on disk. */

import { lstat, mkdir, open, readdir, realpath, rmdir, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { AppError } from '../errors';
import { nameKey } from './file-names';
import type { ExportSinkOptions } from './output';
import { errno, isInside, place, removeQuietly, tempName, unsafePath, type Backend } from './output-fs';

export class FolderBackend implements Backend {
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
