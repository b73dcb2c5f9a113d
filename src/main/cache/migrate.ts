import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { AppError } from '../errors';
import { LATEST_VERSION, MIGRATIONS } from './migrations';
import type { Migration } from './migrations/types';

export type MigrationResult = { from: number; to: number; backup: string | null };

export class CacheTooNewError extends AppError {
  constructor(found: number) {
    super(
      'cache_too_new',
      `This workspace's offline data was written by a newer version of Fieldwork (format ${found}; this version reads up to ${LATEST_VERSION}). Update Fieldwork to open it. Nothing was changed.`,
      { found, supported: LATEST_VERSION },
    );
  }
}

/**
 * Brings a cache up to date. Each step and its user_version bump commit together or not at all, so a
 * failing step leaves the schema and version exactly as they were. An existing cache is copied first
 * (with SQLite's online backup, never a file copy of a live database), because it holds the
 * researcher's highlights and notes.
 */
export async function migrate(
  db: Database.Database,
  opts: { backupDir?: string; now?: () => Date; migrations?: readonly Migration[] } = {},
): Promise<MigrationResult> {
  const migrations = opts.migrations ?? MIGRATIONS;
  const latest = migrations.length ? migrations[migrations.length - 1]!.version : 0;
  const from = db.pragma('user_version', { simple: true }) as number;
  if (from > latest) throw new CacheTooNewError(from);
  const pending = migrations.filter((m) => m.version > from);
  if (pending.length === 0) return { from, to: from, backup: null };
  let backup: string | null = null;
  if (from > 0 && opts.backupDir) {
    mkdirSync(opts.backupDir, { recursive: true });
    const stamp = (opts.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
    backup = join(opts.backupDir, `cache-v${from}-${stamp}.db`);
    await db.backup(backup);
  }
  for (const m of pending) {
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return { from, to: latest, backup };
}
