// Migration 0006: the pending-records query reads the partial index, already in list order.
import type Database from 'better-sqlite3';
import { migratedTo } from './support';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';

const PENDING = "SELECT id FROM interviews WHERE project_id = ? AND detail_state = 'pending' ORDER BY completed_at DESC";

async function db(upTo: number) {
  const d = await migratedTo(upTo);
  d.exec("INSERT INTO projects (id, title, status) VALUES ('p', 'P', 'IN_PROGRESS')");
  const ins = d.prepare(
    "INSERT INTO interviews (id, project_id, status, completed_at, fingerprint, detail_state, listed_at) VALUES (?, 'p', 'COMPLETE', ?, 'f', ?, 'now')",
  );
  for (let i = 0; i < 2000; i++) ins.run(`i${i}`, new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), i % 100 === 0 ? 'pending' : 'complete');
  d.exec('ANALYZE');
  return d;
}
const plan = (d: Database.Database) => (d.prepare(`EXPLAIN QUERY PLAN ${PENDING}`).all('p') as { detail: string }[]).map((r) => r.detail).join('\n');

describe('migration 0006: pending index order', () => {
  it('is version 6 and recreates interviews_pending with completed_at', async () => {
    expect(MIGRATIONS[5]).toMatchObject({ version: 6, name: 'pending-index-order' });
    const d = await db(6);
    expect(d.pragma('user_version', { simple: true })).toBe(6);
    const sql = (d.prepare("SELECT sql FROM sqlite_master WHERE name = 'interviews_pending'").get() as { sql: string }).sql;
    expect(sql).toMatch(/\(project_id, completed_at DESC\) WHERE detail_state = 'pending'/);
  });

  it('the pending query uses the partial index with no sort step', async () => {
    const p = plan(await db(6));
    expect(p).toMatch(/USING INDEX interviews_pending/);
    expect(p).not.toMatch(/TEMP B-TREE/);
  });

  it('returns the pending records newest first', async () => {
    const d = await db(6);
    const ids = (d.prepare(PENDING).all('p') as { id: string }[]).map((r) => r.id);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, k) => `i${(19 - k) * 100}`));
  });
});
