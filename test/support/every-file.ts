import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { unzipSync } from 'fflate';

const ZIPPED = /\.(zip|docx|qdpx)$/i;

/**
 * Every file under a folder as [name, text] pairs, zips (.zip, .docx, .qdpx) unpacked recursively and named
 * `outer!/inner`. A zip's own bytes are not searched as text: they are compressed, so a short name can turn up
 * in them by chance (a CI run found "Olu" in a .qdpx's deflate stream); what they hold is searched unpacked, and
 * their entry names are the inner files' names.
 */
export function everyFile(dir: string): [string, string][] {
  const out: [string, string][] = [];
  const add = (name: string, bytes: Uint8Array) => {
    if (!ZIPPED.test(name)) return void out.push([name, Buffer.from(bytes).toString('utf8')]);
    out.push([name, '']);
    for (const [inner, b] of Object.entries(unzipSync(bytes))) add(`${name}!/${inner}`, b);
  };
  for (const p of readdirSync(dir, { recursive: true }) as string[]) {
    const full = join(dir, p);
    if (statSync(full).isFile()) add(relative(dir, full).split('\\').join('/'), readFileSync(full));
  }
  return out;
}
