import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/browser';

const require = createRequire(__filename);
const nodeBinary = join(dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');
const digest = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');
const out = mkdtempSync(join(tmpdir(), 'fw-abi-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/**
 * What `npm start` does for Electron, done here for the Node runtime because Electron's headers cannot
 * be downloaded on this machine: a second better-sqlite3 build in its own folder, loaded through
 * `nativeBinding`, while the build in node_modules (the one `npm test` uses) stays byte-for-byte the same.
 */
describe('per-ABI better-sqlite3 builds', () => {
  it('builds a separate binding that opens a database, without touching node_modules', async () => {
    const { ensureBinding } = (await import(join(ROOT, 'scripts/native.mjs'))) as {
      ensureBinding: (o: Record<string, unknown>) => { built: boolean; how: string };
    };
    const before = { hash: digest(nodeBinary), mtime: statSync(nodeBinary).mtimeMs };
    const outFile = join(out, 'node-abi', 'better_sqlite3.node');
    // Unoptimised: the test checks the machinery (its own folder, nativeBinding, the cache, node_modules untouched),
    // and SQLite at -O3 took 100-150 s of one core, the longest file of the suite.
    const first = ensureBinding({ root: ROOT, runtime: 'node', target: process.versions.node, outFile, offline: true, unoptimised: true });
    expect(first).toEqual({ built: true, how: 'compiled' });
    const db = new Database(':memory:', { nativeBinding: outFile });
    expect(db.prepare("SELECT sqlite_version() AS v, 'ok' AS s").get()).toMatchObject({ s: 'ok' });
    db.close();
    expect(ensureBinding({ root: ROOT, runtime: 'node', target: process.versions.node, outFile, offline: true })).toEqual({ built: false, how: 'cached' });
    expect({ hash: digest(nodeBinary), mtime: statSync(nodeBinary).mtimeMs }).toEqual(before);
    // A bound, not a wait: compiling SQLite from source, even unoptimised, is CPU work that a busy machine
    // stretches several times.
  }, 900_000);
});
