// Shared by the per-migration tests: a fresh in-memory cache migrated up to a given version, and the
// schema probes they use.
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';

/** A new in-memory database (foreign keys on, as the app opens it) with the first `version` migrations applied. */
export async function migratedTo(version: number): Promise<Database.Database> {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  const r = await migrate(db, { migrations: MIGRATIONS.slice(0, version) });
  expect(r).toEqual({ from: 0, to: version, backup: null });
  return db;
}

export type Column = { name: string; type: string; notnull: number; dflt_value: string | null; pk: number };
export const columns = (db: Database.Database, table: string) => db.pragma(`table_info(${table})`) as Column[];
export const plan = (db: Database.Database, sql: string, ...params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
