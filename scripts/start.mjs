// `npm start`: installs the Electron binary if npm skipped it, builds better-sqlite3 for Electron beside
// the Node build, builds the app and runs it. Safe to run before or after `npm test`, in any order:
// nothing in node_modules/better-sqlite3 is rebuilt.
//   --dev           run electron-vite's dev server instead of a production build
//   --prepare-only  do the set-up steps and stop (used by `npm run dist`)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBindingPath, ensureBinding } from './native.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = new Set(process.argv.slice(2));
const say = (s) => process.stdout.write(`fieldwork: ${s}\n`);

function fail(message) {
  process.stderr.write(`\nfieldwork: ${message}\n\nYou can still try Fieldwork in a browser, with the same demo: npm run browser\n`);
  process.exit(1);
}

const electronDir = dirname(require.resolve('electron/package.json', { paths: [root] }));
const electronVersion = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;

// 1. The Electron binary. npm 11 skips install scripts not listed in allowScripts; electron's is left
//    out on purpose so `npm ci` works offline, and fetched here instead.
function electronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const bin = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? bin : null;
}
if (!electronBinary()) {
  say(`downloading Electron ${electronVersion} (one time)…`);
  const r = spawnSync(process.execPath, [join(electronDir, 'install.js')], { cwd: electronDir, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0 || !electronBinary()) {
    const reason = `${r.stderr ?? ''}`.split('\n').find((l) => l.trim() && !/^\s+at /.test(l)) ?? 'unknown error';
    fail(`Electron ${electronVersion} could not be downloaded (${reason.trim()}). Check your internet connection or proxy settings, then run npm start again.`);
  }
}

// 2. better-sqlite3 for Electron's ABI, in node_modules/.fieldwork-native.
const bindingFile = electronBindingPath(root, electronVersion);
try {
  const r = ensureBinding({ root, runtime: 'electron', target: electronVersion, outFile: bindingFile, log: say });
  if (r.built) say(`built better-sqlite3 for Electron ${electronVersion} (${r.how})`);
} catch (e) {
  fail(`${e.message}\nOn Linux this needs python3, make and g++; on macOS the Xcode command line tools; on Windows the Visual Studio build tools.`);
}
if (args.has('--prepare-only')) process.exit(0);

// 3. Build and run.
const electronVite = join(dirname(require.resolve('electron-vite/package.json', { paths: [root] })), 'bin', 'electron-vite.js');
if (args.has('--dev')) {
  const child = spawn(process.execPath, [electronVite, 'dev'], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const built = spawnSync(process.execPath, [electronVite, 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) fail('The build failed; see the messages above.');
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(electronBinary(), [root], { cwd: root, stdio: 'inherit', env });
  child.on('exit', (code) => process.exit(code ?? 0));
}
