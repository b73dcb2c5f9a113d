import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under a folder, recursively, as absolute paths; none when the folder does not exist. */
export function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}
