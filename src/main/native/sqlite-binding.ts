import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * better-sqlite3 is compiled per ABI: node_modules holds the Node build (tests, CLI, sandbox) and
 * `npm start` builds a second copy for Electron beside it. Inside Electron from a checkout, main loads
 * that copy through better-sqlite3's `nativeBinding` option, so neither build overwrites the other.
 * A packaged app is rebuilt for Electron by electron-builder and needs nothing here.
 */
export function electronSqliteBindingPath(appRoot: string, electronVersion: string): string {
  return join(appRoot, 'node_modules', '.fieldwork-native', `electron-${electronVersion}`, 'better_sqlite3.node');
}

export function findElectronSqliteBinding(appRoot: string, electronVersion: string | undefined, isPackaged: boolean, exists = existsSync): string | undefined {
  if (isPackaged || !electronVersion) return undefined;
  const p = electronSqliteBindingPath(appRoot, electronVersion);
  return exists(p) ? p : undefined;
}
