import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, posix, resolve, win32 } from 'node:path';

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

/** The checkout the CLI runs from (sample media for the demo, the cache worker, package.json). */
export const APP_ROOT = resolve(__dirname, '../../..');

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(APP_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'cli';
  }
}
