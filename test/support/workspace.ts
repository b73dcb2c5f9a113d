import type Database from 'better-sqlite3';
import type { Cache } from '../../src/main/cache/cache';
import { openInProcessCache, openWorkerCache } from '../../src/main/cache/cache';
import { TEST_CACHE_WORKER } from './cache-worker';

export const WORKER = { path: TEST_CACHE_WORKER };

export async function memoryCache(): Promise<Cache & { db?: Database.Database }> {
  return openInProcessCache(':memory:');
}

export async function workerCache(file: string): Promise<Cache> {
  return openWorkerCache(file, WORKER);
}

/** All of a project's interview IDs as the sandbox has them, read straight from its state. */
export function sandboxInterviewIds(db: Database.Database, projectId?: string): string[] {
  const rows = projectId
    ? db.prepare('SELECT id FROM interviews WHERE project_id = ? ORDER BY id').all(projectId)
    : db.prepare('SELECT id FROM interviews ORDER BY id').all();
  return (rows as { id: string }[]).map((r) => r.id);
}
