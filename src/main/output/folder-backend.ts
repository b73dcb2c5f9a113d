/** The export sink writing into a folder on disk. */

import { lstat, mkdir, open, readdir, realpath, rmdir, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { AppError } from '../errors';
import { nameKey, numberedName } from './file-names';
import { errno, isInside, place, removeQuietly, tempName, unsafePath, type Backend, type ExportSinkOptions } from './output-fs';

export class FolderBackend implements Backend {
  /**
   * Files written at once. Each is five file system calls (create, write, close, link, unlink) that each
   * wait a thread pool round trip. Two at a time made the bench's 2,000-file export about a quarter
   * faster; three or four were not clearly faster on two shared cores, and would take most of Node's
   * thread pool (4 threads) from the rest of the app.
   */
  readonly lanes = 2;
  private readonly createdFiles: string[] = [];
  private readonly createdDirs: string[] = [];
  private readonly temps = new Set<string>();
  /**
   * Names present in each folder, compared as macOS and Windows would: the folder may be synced or
   * copied to such a system later, where "report (2).md" and "REPORT (2).md" are one file.
   */
  private readonly names = new Map<string, Promise<Set<string>>>();
  /**
   * Folders already made or checked by this export, by relative path. A transcript export puts thousands
   * of files into two or three folders, and checking each folder again for every file (mkdir, lstat,
   * realpath: six file system round trips per file for a two-level path) cost more than writing the file.
   * Checking once per export keeps what the checks are for: a symlink or file already in the chosen folder
   * (or put there before we reach it) is still refused before anything is written through it. A process
   * that swaps a checked folder for a symlink while we write could slip between a check and the write
   * just as well when the check was repeated per file, so repeating it bought no real protection.
   */
  private readonly checkedDirs = new Map<string, string>();
  /**
   * Names are claimed one file at a time, in the order the files were handed over, before their data is
   * written: two files written at once then get "a.txt" and "A (2).txt" in call order, not in the order
   * their writes happen to finish.
   */
  private claims: Promise<unknown> = Promise.resolve();

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
    const name = segments[segments.length - 1] as string;
    const claim = this.claims.then(async () => {
      const dir = await this.ensureDirs(segments.slice(0, -1));
      const names = await this.namesIn(dir);
      let n = 1;
      while (names.has(nameKey(numberedName(name, n)))) n++;
      names.add(nameKey(numberedName(name, n)));
      return { dir, names, n };
    });
    // The next file claims its name after this one, whether or not this claim worked.
    this.claims = claim.catch(() => undefined);
    const { dir, names, n: claimed } = await claim;
    const own = nameKey(numberedName(name, claimed));
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
    // The claimed name is tried first; should something outside this export have taken it meanwhile, later
    // numbers are checked and reserved in one step, as another file of this export may be placing one now.
    const takenOrReserve = (candidate: string): boolean => {
      const key = nameKey(candidate);
      if (key === own) return false;
      if (names.has(key)) return true;
      names.add(key);
      return false;
    };
    const placed = await place(temp, dir, name, this.options.overwrite === true, takenOrReserve, claimed);
    this.temps.delete(temp);
    names.add(nameKey(placed));
    this.createdFiles.push(join(dir, placed));
    return [...segments.slice(0, -1), placed].join('/');
  }

  /** One listing per folder, shared by files written at once. */
  private namesIn(dir: string): Promise<Set<string>> {
    let names = this.names.get(dir);
    if (!names) {
      names = readdir(dir).then((entries) => new Set(entries.map(nameKey)));
      this.names.set(dir, names);
      // A failed listing is not kept: the export fails and undoes, or a later file lists again.
      names.catch(() => this.names.delete(dir));
    }
    return names;
  }

  /** Creates (or reuses) each folder, refusing symlinks and anything that resolves outside the root. */
  private async ensureDirs(segments: string[]): Promise<string> {
    const key = segments.join('/');
    const known = this.checkedDirs.get(key);
    if (known !== undefined) return known;
    let dir = this.root;
    for (const [i, segment] of segments.entries()) {
      const checked = this.checkedDirs.get(segments.slice(0, i + 1).join('/'));
      if (checked !== undefined) {
        dir = checked;
        continue;
      }
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
      this.checkedDirs.set(segments.slice(0, i + 1).join('/'), dir);
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
    this.checkedDirs.clear();
  }
}
