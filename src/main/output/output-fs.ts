/** What the folder and .zip backends of the export sink share: path checks, temporary names, placing files. */

import { randomBytes } from 'node:crypto';
import { link, lstat, rename, unlink } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { AppError } from '../errors';
import { numberedName } from './file-names';

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

export interface Backend {
  /** How many puts may run at once: a .zip takes entries one at a time, a folder a few files at once. */
  readonly lanes: number;
  put(segments: string[], chunks: AsyncIterable<Uint8Array>, compress: boolean, tick: (n: number) => void): Promise<string>;
  finish(): Promise<string>;
  rollback(): Promise<void>;
}

export function unsafePath(path: string, why: string): AppError {
  return new AppError('export_unsafe_path', `The export tried to write "${path}", which ${why}. Nothing was written there.`, {
    path,
  });
}

export const tempName = (): string => `.fw-${randomBytes(6).toString('hex')}.part`;

export const errno = (e: unknown): string | undefined => (e as NodeJS.ErrnoException | null)?.code;

export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * Moves a finished temporary file to `dir/name`, or to the first free "name (n)" unless overwriting.
 * `link` fails with EEXIST instead of replacing, so no other writer can slip in between the check and
 * the move. File systems without hard links (FAT on USB sticks) fall back to check-then-rename.
 * `taken` answers for names the caller knows of; answering false may reserve the name (the folder
 * backend does, so two of its own files written at once cannot both take "a.txt" and "A.txt").
 */
export async function place(temp: string, dir: string, name: string, overwrite: boolean, taken: (candidate: string) => boolean, from = 1): Promise<string> {
  if (overwrite) {
    await rename(temp, join(dir, name));
    return name;
  }
  for (let n = from; n < 100_000; n++) {
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

export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (e) {
    if (errno(e) === 'ENOENT') return false;
    throw e;
  }
}

export async function removeQuietly(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch {
    // Already gone, or never created.
  }
}
