import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The folders Fieldwork itself exported into. "Show in folder" reveals only files inside one of them, so
 * a compromised page cannot use the shell to probe or open arbitrary places on disk. The export
 * feature calls `remember(folder)` after writing a file; the list is kept in a small JSON file.
 */
export class ExportFolders {
  private folders: string[];

  constructor(private readonly file: string | null) {
    let list: unknown = [];
    try {
      if (file && existsSync(file)) list = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      list = [];
    }
    this.folders = Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string' && isAbsolute(x)) : [];
  }

  list(): string[] {
    return [...this.folders];
  }

  remember(folder: string): void {
    if (!isAbsolute(folder)) throw new Error('An export folder must be an absolute path.');
    const canonical = canonicalPath(folder);
    if (this.folders.includes(canonical)) return;
    // Bounded: the most recent folders are the ones a researcher goes back to.
    this.folders = [...this.folders, canonical].slice(-50);
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.folders, null, 2));
    renameSync(`${this.file}.tmp`, this.file);
  }

  /**
   * Whether this very folder (symlinks resolved) was chosen in the OS picker or exported to before. A
   * folder inside one does not count: an export goes only where the researcher pointed.
   */
  chosen(folder: string): boolean {
    if (typeof folder !== 'string' || !isAbsolute(folder) || folder.includes('\0')) return false;
    const target = canonicalPath(folder);
    return this.folders.some((f) => canonicalPath(f) === target);
  }

  /** The canonical path when it lies inside a remembered folder (symlinks resolved), else null. */
  allowed(path: string): string | null {
    return allowedExportPath(path, this.folders);
  }
}

/** Resolves symlinks where the path exists, so a link inside an export folder cannot point outside it. */
function canonicalPath(p: string): string {
  const abs = resolve(p);
  try {
    return realpathSync.native(abs);
  } catch {
    return abs;
  }
}

export function allowedExportPath(path: string, folders: readonly string[]): string | null {
  if (typeof path !== 'string' || path.length === 0 || path.includes('\0') || !isAbsolute(path)) return null;
  // UNC and device paths (\\server\share, \\?\C:) could reach the network or raw devices.
  if (/^[\\/]{2}/.test(path)) return null;
  if (!existsSync(path)) return null;
  const target = canonicalPath(path);
  for (const folder of folders) {
    const root = canonicalPath(folder);
    const rel = relative(root, target);
    if (rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))) return target;
  }
  return null;
}
