// Migration 0001 (service data), tested on its own as Signal does: the tables, columns and indexes it
// creates, the constraints that keep the data consistent, and the query plans its indexes exist for.
import type Database from 'better-sqlite3';
import { describe, it, expect } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { columns, migratedTo, plan } from './support';

const VERSION = 1;
const migratedDb = () => migratedTo(VERSION);

const names = (db: Database.Database, type: 'table' | 'index' | 'trigger') =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name").all(type) as { name: string }[]).map((r) => r.name);
const count = (db: Database.Database, table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

function seed(db: Database.Database) {
  db.exec(`
    INSERT INTO projects (id, title, status) VALUES ('p1', 'Churn study', 'STARTED'), ('p2', 'Other', 'DRAFT');
    INSERT INTO project_guides (project_id, source, updated_at) VALUES ('p1', 'created', '2025-01-01');
    INSERT INTO questions (project_id, position, question, probing_level) VALUES ('p1', 0, 'Why?', 'high');
    INSERT INTO stimuli (id, project_id, display_order) VALUES ('s1', 'p1', 0);
    INSERT INTO embeds (project_id, synced_at) VALUES ('p1', '2025-01-01');
    INSERT INTO reports (project_id, status, synced_at) VALUES ('p1', 'COMPLETED', '2025-01-01');
    INSERT INTO report_themes (project_id, position, title, frequency, summary) VALUES ('p1', 0, 'Price', 0.5, 's'), ('p1', 1, 'Speed', 0.2, 's');
    INSERT INTO report_quotes (project_id, theme_position, position, text) VALUES ('p1', 0, 0, 'too dear'), ('p1', 0, 1, 'costly'), ('p1', 1, 0, 'slow');
    INSERT INTO interviews (id, project_id, status, fingerprint, detail_state, listed_at) VALUES
      ('i1', 'p1', 'COMPLETE', 'f', 'complete', 'now'), ('i2', 'p1', 'COMPLETE', 'f', 'pending', 'now'), ('i3', 'p2', 'STARTED', 'f', 'pending', 'now');
    INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms) VALUES
      ('i1', 0, 'AI', 'Hello', 0), ('i1', 1, 'User', 'Hi', 1000), ('i2', 0, 'AI', 'Hello', 0), ('i3', 0, 'AI', 'Hello', 0);
  `);
}

describe('migration 0001: service data', () => {
  it('is version 1 and sets user_version to 1', async () => {
    expect(MIGRATIONS[VERSION - 1]).toMatchObject({ version: 1, name: 'service-data' });
    const db = await migratedDb();
    expect(db.pragma('user_version', { simple: true })).toBe(1);
  });

  it('creates exactly the service tables and their indexes, and nothing of the later steps', async () => {
    const db = await migratedDb();
    expect(names(db, 'table')).toEqual([
      'credits',
      'embeds',
      'interviews',
      'project_guides',
      'projects',
      'questions',
      'report_quotes',
      'report_themes',
      'reports',
      'stimuli',
      'transcript_turns',
    ]);
    expect(names(db, 'index')).toEqual(['interviews_pending', 'interviews_project', 'report_quotes_theme', 'stimuli_project']);
    expect(names(db, 'trigger')).toEqual([]);
  });

  it('gives interviews and transcript_turns the columns the queries read', async () => {
    const db = await migratedDb();
    expect(columns(db, 'interviews').map((c) => c.name)).toEqual([
      'id',
      'project_id',
      'status',
      'completed_at',
      'duration_minutes',
      'video_url',
      'video_url_expires_at',
      'thumbnail_url',
      'participant_name',
      'participant_email',
      'participant_json',
      'screener_json',
      'screener_approved',
      'fingerprint',
      'detail_state',
      'turn_count',
      'listed_at',
      'detail_synced_at',
    ]);
    const iv = Object.fromEntries(columns(db, 'interviews').map((c) => [c.name, c]));
    expect(iv.id!.pk).toBe(1);
    expect(iv.fingerprint!.notnull).toBe(1);
    expect(iv.detail_state!.notnull).toBe(1);
    expect(iv.participant_json!.dflt_value).toBe("'null'");
    expect(iv.turn_count!.dflt_value).toBe('0');
    expect(columns(db, 'transcript_turns').map((c) => c.name)).toEqual(['id', 'interview_id', 'idx', 'role', 'text', 'start_ms', 'end_ms']);
    const pr = Object.fromEntries(columns(db, 'projects').map((c) => [c.name, c]));
    expect(pr.listed!.dflt_value).toBe('1');
    expect(pr.has_launched!.dflt_value).toBe('0');
    expect(
      columns(db, 'questions')
        .filter((c) => c.pk > 0)
        .map((c) => c.name),
    ).toEqual(['project_id', 'position']);
  });

  it('makes interviews_pending a partial index over pending rows only', async () => {
    const db = await migratedDb();
    const sql = (db.prepare("SELECT sql FROM sqlite_master WHERE name = 'interviews_pending'").get() as { sql: string }).sql;
    expect(sql).toMatch(/WHERE\s+detail_state\s*=\s*'pending'/);
    expect((db.pragma('index_info(interviews_project)') as { name: string }[]).map((c) => c.name)).toEqual(['project_id', 'completed_at']);
  });

  it('rejects a detail_state other than pending or complete', async () => {
    const db = await migratedDb();
    db.exec("INSERT INTO projects (id, title, status) VALUES ('p1', 't', 'DRAFT')");
    const ins = db.prepare("INSERT INTO interviews (id, project_id, status, fingerprint, detail_state, listed_at) VALUES (?, 'p1', 'COMPLETE', 'f', ?, 'now')");
    expect(() => ins.run('a', 'done')).toThrow(/CHECK constraint failed/);
    expect(() => ins.run('b', null)).toThrow(/NOT NULL/);
    ins.run('c', 'pending');
    ins.run('d', 'complete');
    expect(count(db, 'interviews')).toBe(2);
  });

  it('enforces foreign keys: no interview without its project, no turn without its interview', async () => {
    const db = await migratedDb();
    expect(() =>
      db.exec("INSERT INTO interviews (id, project_id, status, fingerprint, detail_state, listed_at) VALUES ('x', 'nope', 'COMPLETE', 'f', 'pending', 'now')"),
    ).toThrow(/FOREIGN KEY/);
    expect(() => db.exec("INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms) VALUES ('nope', 0, 'AI', 'x', 0)")).toThrow(/FOREIGN KEY/);
  });

  it('keeps one turn per (interview, index) and one credits row', async () => {
    const db = await migratedDb();
    seed(db);
    expect(() => db.exec("INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms) VALUES ('i1', 0, 'AI', 'again', 0)")).toThrow(/UNIQUE/);
    db.exec("INSERT INTO credits (id, balance, trial_credits, synced_at) VALUES (1, '$5', 0, 'now')");
    expect(() => db.exec("INSERT INTO credits (id, balance, trial_credits, synced_at) VALUES (2, '$5', 0, 'now')")).toThrow(/CHECK constraint failed/);
  });

  it('deleting an interview deletes its transcript turns and nothing else', async () => {
    const db = await migratedDb();
    seed(db);
    db.exec("DELETE FROM interviews WHERE id = 'i1'");
    expect(db.prepare('SELECT interview_id FROM transcript_turns ORDER BY interview_id').all()).toEqual([{ interview_id: 'i2' }, { interview_id: 'i3' }]);
  });

  it('deleting a report theme deletes its quotes only', async () => {
    const db = await migratedDb();
    seed(db);
    db.exec("DELETE FROM report_themes WHERE project_id = 'p1' AND position = 0");
    expect(db.prepare('SELECT text FROM report_quotes').all()).toEqual([{ text: 'slow' }]);
    db.exec("DELETE FROM reports WHERE project_id = 'p1'");
    expect(count(db, 'report_themes')).toBe(0);
    expect(count(db, 'report_quotes')).toBe(0);
  });

  it('deleting a project deletes everything that hangs off it, and only that', async () => {
    const db = await migratedDb();
    seed(db);
    db.exec("DELETE FROM projects WHERE id = 'p1'");
    for (const t of ['project_guides', 'questions', 'stimuli', 'embeds', 'reports', 'report_themes', 'report_quotes']) expect(count(db, t), t).toBe(0);
    expect(db.prepare('SELECT id FROM interviews').all()).toEqual([{ id: 'i3' }]);
    expect(db.prepare('SELECT interview_id FROM transcript_turns').all()).toEqual([{ interview_id: 'i3' }]);
  });

  it('finds pending interviews of a project through the partial index interviews_pending', async () => {
    const db = await migratedDb();
    expect(plan(db, "SELECT id FROM interviews WHERE project_id = ? AND detail_state = 'pending'", 'p1')).toMatch(
      /USING (COVERING )?INDEX interviews_pending \(project_id=\?\)/,
    );
  });

  it("lists a project's interviews newest first straight off interviews_project, without a sort", async () => {
    const db = await migratedDb();
    const p = plan(db, 'SELECT * FROM interviews WHERE project_id = ? ORDER BY completed_at DESC', 'p1');
    expect(p).toMatch(/SEARCH interviews USING INDEX interviews_project \(project_id=\?\)/);
    expect(p).not.toMatch(/TEMP B-TREE/);
  });

  it('reads a transcript, a report and stimuli in order through their indexes, without a sort', async () => {
    const db = await migratedDb();
    const turns = plan(db, 'SELECT * FROM transcript_turns WHERE interview_id = ? ORDER BY idx', 'i1');
    expect(turns).toMatch(/SEARCH transcript_turns USING INDEX sqlite_autoindex_transcript_turns_1 \(interview_id=\?\)/);
    expect(turns).not.toMatch(/TEMP B-TREE/);
    const quotes = plan(db, 'SELECT theme_position, text FROM report_quotes WHERE project_id = ? ORDER BY theme_position, position', 'p1');
    expect(quotes).toMatch(/USING INDEX report_quotes_theme \(project_id=\?\)/);
    expect(quotes).not.toMatch(/TEMP B-TREE/);
    const stimuli = plan(db, 'SELECT * FROM stimuli WHERE project_id = ? ORDER BY display_order', 'p1');
    expect(stimuli).toMatch(/USING INDEX stimuli_project \(project_id=\?\)/);
    expect(stimuli).not.toMatch(/TEMP B-TREE/);
  });
});
