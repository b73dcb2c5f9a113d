// electron-builder afterPack hook: puts better-sqlite3 built for Electron (for the target platform and
// arch) into the packaged app, since npmRebuild is off to keep node_modules' Node build intact.
const { copyFileSync, existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const ARCH = { 0: 'ia32', 1: 'x64', 2: 'armv7l', 3: 'arm64', 4: 'universal' };

exports.default = async function afterPack(context) {
  const root = join(__dirname, '..');
  const { ensureBinding } = await import('./native.mjs');
  const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json', { paths: [root] }), 'utf8')).version;
  const platform = context.electronPlatformName;
  const arch = ARCH[context.arch] ?? process.arch;
  const outFile = join(root, 'node_modules', '.fieldwork-native', `electron-${electronVersion}-${platform}-${arch}`, 'better_sqlite3.node');
  ensureBinding({ root, runtime: 'electron', target: electronVersion, platform, arch, outFile, log: (s) => console.log(`  • ${s}`) });
  const resources =
    platform === 'darwin'
      ? join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`, 'Contents', 'Resources')
      : join(context.appOutDir, 'resources');
  const target = join(resources, 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(join(target, '..'))) throw new Error(`better-sqlite3 is missing from the packaged app at ${target}`);
  copyFileSync(outFile, target);
  console.log(`  • better-sqlite3 for Electron ${electronVersion} (${platform}-${arch}) packaged`);
};
