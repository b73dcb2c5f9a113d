import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, posix, resolve, win32 } from 'node:path';

/** The productName Electron names its userData folder after. */
export const PRODUCT_NAME = 'Fieldwork';

/**
 * Electron's userData folder for productName "Fieldwork", so the CLI and the app share one data
 * directory (config, caches, videos): Linux `${XDG_CONFIG_HOME:-~/.config}/Fieldwork`, macOS
 * `~/Library/Application Support/Fieldwork`, Windows `%APPDATA%\Fieldwork`.
 */
export function defaultHome(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  if (platform === 'win32') return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', PRODUCT_NAME);
  return posix.join(env.XDG_CONFIG_HOME || posix.join(home, '.config'), PRODUCT_NAME);
}

/** `FIELDWORK_HOME` when set (relative paths are taken from the working directory), else the app's folder. */
export function fieldworkHome(env: NodeJS.ProcessEnv = process.env): string {
  const set = env.FIELDWORK_HOME?.trim();
  return set ? resolve(set) : defaultHome(process.platform, env);
}

/**
 * The checkout the CLI runs from (sample media for the demo, package.json): the nearest folder above this
 * file with Fieldwork's package.json, so it holds from the sources (src/main/cli) and the bundle (out/cli).
 */
export const APP_ROOT = findAppRoot(__dirname);

export function findAppRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      if ((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'fieldwork') return dir;
    } catch {
      // No package.json here (or not ours): keep climbing.
    }
    if (dirname(dir) === dir) return resolve(from, '../../..');
  }
}

/** The bundled CLI's cache worker sits beside it; from the sources, tsx runs the TypeScript one. */
export function cacheWorkerPath(): string {
  const bundled = join(__dirname, 'cache-worker.cjs');
  return existsSync(bundled) ? bundled : join(APP_ROOT, 'src', 'main', 'cache', 'worker-dev.cjs');
}

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(APP_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'cli';
  }
}
