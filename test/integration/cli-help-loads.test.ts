// `fieldwork --help` from the built bundle loads only what printing its usage needs: no contract (zod), no SQLite,
// no HTTP client, no NLP. A shared chunk once pulled zod into every run and doubled the start-up. The same for the
// bundled cache worker, which every opened workspace starts: SQLite, but no contract.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/browser';

const dir = mkdtempSync(join(tmpdir(), 'fw-help-loads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function requiresOf(args: string[]): string[] {
  const out = join(dir, `${args.join('-')}.txt`);
  const env: NodeJS.ProcessEnv = { ...process.env, FIELDWORK_CLI_FROM_SOURCE: '0', FW_REQUIRES_OUT: out, HOME: dir, FIELDWORK_HOME: dir };
  delete env.NODE_OPTIONS;
  const r = spawnSync(process.execPath, ['-r', join(ROOT, 'test/fixtures/count-requires.cjs'), join(ROOT, 'bin/fieldwork.cjs'), ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toContain('Usage: fieldwork');
  return readFileSync(out, 'utf8').split('\n');
}

describe('fieldwork --help from the bundle', () => {
  it('loads no contract, database, HTTP client or NLP library', () => {
    expect(existsSync(join(ROOT, 'out/cli/index.cjs')), 'npm run build (which npm test runs) writes out/cli').toBe(true);
    const loaded = requiresOf(['--help']);
    expect(loaded).toContain(join(ROOT, 'out/cli/index.cjs'));
    for (const heavy of ['zod', 'better-sqlite3', 'undici', 'compromise', 'keytar']) expect(loaded, heavy).not.toContain(heavy);
    // The entry and at most a few small chunks: a probe that made --help load a command group's chunk fails here.
    expect(loaded.filter((m) => m.includes('/chunks/')).length).toBeLessThanOrEqual(2);
  });
});

describe('the bundled cache worker', () => {
  it('opens a cache without loading the contract, the HTTP client or the NLP library', () => {
    const out = join(dir, 'worker.txt');
    // The worker preloads the counter itself (execArgv), so what it lists is the worker thread's own loads.
    const script = `
      const { Worker } = require('node:worker_threads');
      const w = new Worker(${JSON.stringify(join(ROOT, 'out/cli/cache-worker.cjs'))}, {
        workerData: { file: ${JSON.stringify(join(dir, 'cache.db'))} },
        execArgv: ['-r', ${JSON.stringify(join(ROOT, 'test/fixtures/count-requires.cjs'))}],
      });
      w.on('message', (m) => { if (m.type === 'ready') w.postMessage({ type: 'close' }); else { console.error(JSON.stringify(m)); process.exit(1); } });
      w.on('error', (e) => { console.error(e); process.exit(1); });`;
    const env: NodeJS.ProcessEnv = { ...process.env, FW_REQUIRES_OUT: out };
    delete env.NODE_OPTIONS;
    const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, env, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const loaded = readFileSync(out, 'utf8').split('\n');
    expect(loaded).toContain('better-sqlite3');
    // zod alone was 90 of the 200 ms of CPU a worker took to start, through a query importing a constant from the contract.
    for (const heavy of ['zod', 'undici', 'compromise', 'keytar']) expect(loaded, heavy).not.toContain(heavy);
  });
});
