// Builds better-sqlite3 for a given runtime (Electron or Node) into its own folder, leaving the copy in
// node_modules/better-sqlite3 untouched. node_modules keeps the Node build that tests, the CLI and the
// sandbox load; Electron loads its own build through better-sqlite3's `nativeBinding` option. keytar is
// N-API, so one build serves both and needs nothing here.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export function electronBindingPath(root, electronVersion) {
  return join(root, 'node_modules', '.fieldwork-native', `electron-${electronVersion}`, 'better_sqlite3.node');
}

/**
 * @param {{ root: string, runtime: 'electron' | 'node', target: string, outFile: string,
 *           platform?: string, arch?: string, log?: (s: string) => void, offline?: boolean,
 *           unoptimised?: boolean }} o
 *   unoptimised: compile without the optimiser (-O0), for a test of the build machinery; a build for users never
 *   sets it.
 * @returns {{ built: boolean, how: 'cached' | 'prebuilt' | 'compiled' }}
 */
export function ensureBinding(o) {
  const log = o.log ?? (() => {});
  if (existsSync(o.outFile)) return { built: false, how: 'cached' };
  const pkgDir = dirname(require.resolve('better-sqlite3/package.json', { paths: [o.root] }));
  const work = join(dirname(o.outFile), 'build-tree');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // Only the sources: the existing build/ (the Node binary) must never be touched or copied over.
  for (const entry of ['package.json', 'binding.gyp', 'src', 'deps', 'lib']) {
    if (existsSync(join(pkgDir, entry))) cpSync(join(pkgDir, entry), join(work, entry), { recursive: true });
  }
  const platform = o.platform ?? process.platform;
  const arch = o.arch ?? process.arch;
  // An npmrc `nodedir` would make node-gyp build against Node's headers even when targeting Electron.
  const env = { ...process.env };
  if (o.runtime === 'electron') {
    for (const k of Object.keys(env)) if (/^npm_config_(nodedir|target|runtime|disturl|dist_url)$/i.test(k)) delete env[k];
  }
  let how = 'prebuilt';
  const prebuild = require.resolve('prebuild-install/bin.js', { paths: [pkgDir, o.root] });
  const fetched = o.offline
    ? { status: 1 }
    : spawnSync(
        process.execPath,
        [prebuild, `--runtime=${o.runtime}`, `--target=${o.target}`, `--platform=${platform}`, `--arch=${arch}`, '--tag-prefix=v', '--verbose'],
        {
          cwd: work,
          env,
          stdio: 'pipe',
        },
      );
  if (fetched.status !== 0) {
    how = 'compiled';
    log(`No prebuilt better-sqlite3 for ${o.runtime} ${o.target}; compiling it (about a minute)…`);
    const gyp = require.resolve('node-gyp/bin/node-gyp.js', { paths: [o.root] });
    // --jobs=max: SQLite and the binding compile side by side, on as many cores as there are.
    const args = [gyp, 'rebuild', '--release', '--jobs=max', `--target=${o.target}`, `--arch=${arch}`];
    if (o.runtime === 'electron') args.push('--runtime=electron', '--dist-url=https://electronjs.org/headers');
    // make's CFLAGS/CXXFLAGS come after gyp's own, so -O0 here overrides the Release build's -O3: SQLite then compiles
    // in seconds rather than minutes, which is what a test of the machinery (not of SQLite's speed) needs.
    const flags = o.unoptimised ? { CFLAGS: '-O0', CXXFLAGS: '-O0' } : {};
    const compiled = spawnSync(process.execPath, args, { cwd: work, env: { ...env, ...flags }, stdio: ['ignore', 'pipe', 'pipe'] });
    if (compiled.status !== 0) {
      const tail = `${compiled.stderr ?? ''}`.split('\n').slice(-15).join('\n');
      throw new Error(`Building better-sqlite3 for ${o.runtime} ${o.target} failed.\n${tail}`);
    }
  }
  const produced = join(work, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(produced)) throw new Error(`better-sqlite3 for ${o.runtime} ${o.target} did not produce ${produced}`);
  mkdirSync(dirname(o.outFile), { recursive: true });
  renameSync(produced, o.outFile);
  rmSync(work, { recursive: true, force: true });
  return { built: true, how };
}
