// Migration 0004 (local jobs): sync progress, report polls that outlive a restart, offline videos.
import type Database from 'better-sqlite3';
import { describe, it, expect } from 'vitest';
import { LATEST_VERSION, MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { columns, migratedTo, plan } from './support';

const VERSION = 4;
const migratedDb = () => migratedTo(VERSION);

const poll = (db: Database.Database, project: string, state: string) =>
  db.prepare("INSERT INTO report_polls (project_id, started_at, deadline_at, next_poll_at, state) VALUES (?, 'a', 'b', 'c', ?)").run(project, state);
const video = (db: Database.Database, interview: string, state: string) =>
  db.prepare("INSERT INTO videos (interview_id, project_id, file, state, updated_at) VALUES (?, 'p1', 'f.webm', ?, 'now')").run(interview, state);

describe('migration 0004: local jobs', () => {
  it('is version 4 and sets user_version to 4', async () => {
    expect(MIGRATIONS[VERSION - 1]).toMatchObject({ version: 4, name: 'local-jobs' });
    expect(LATEST_VERSION).toBeGreaterThanOrEqual(VERSION);
    const db = await migratedDb();
    expect(db.pragma('user_version', { simple: true })).toBe(4);
  });

  it('creates sync_state, report_polls and videos with their columns and keys', async () => {
    const db = await migratedDb();
    const created = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('sync_state', 'report_polls', 'videos') ORDER BY name").all();
    expect(created).toEqual([{ name: 'report_polls' }, { name: 'sync_state' }, { name: 'videos' }]);
    expect(columns(db, 'sync_state').map((c) => [c.name, c.pk])).toEqual([
      ['scope', 1],
      ['last_started_at', 0],
      ['last_completed_at', 0],
      ['last_error', 0],
    ]);
    expect(columns(db, 'report_polls').map((c) => c.name)).toEqual([
      'project_id',
      'report_id',
      'started_at',
      'deadline_at',
      'next_poll_at',
      'attempts',
      'state',
      'last_error',
    ]);
    expect(columns(db, 'videos').map((c) => c.name)).toEqual([
      'interview_id',
      'project_id',
      'file',
      'content_type',
      'bytes_total',
      'bytes_done',
      'state',
      'updated_at',
    ]);
    expect(columns(db, 'videos').find((c) => c.pk === 1)!.name).toBe('interview_id');
    expect(columns(db, 'report_polls').find((c) => c.pk === 1)!.name).toBe('project_id');
  });

  it('fills the defaults: no attempts yet, no bytes yet', async () => {
    const db = await migratedDb();
    poll(db, 'p1', 'polling');
    video(db, 'i1', 'partial');
    expect(db.prepare('SELECT attempts FROM report_polls').get()).toEqual({ attempts: 0 });
    expect(db.prepare('SELECT bytes_done FROM videos').get()).toEqual({ bytes_done: 0 });
  });

  it('accepts only the known poll and video states', async () => {
    const db = await migratedDb();
    for (const s of ['polling', 'completed', 'failed', 'timed_out']) poll(db, `p-${s}`, s);
    expect(() => poll(db, 'p-x', 'waiting')).toThrow(/CHECK constraint failed/);
    video(db, 'i1', 'partial');
    video(db, 'i2', 'complete');
    expect(() => video(db, 'i3', 'done')).toThrow(/CHECK constraint failed/);
    expect(db.prepare('SELECT COUNT(*) AS n FROM report_polls').get()).toEqual({ n: 4 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM videos').get()).toEqual({ n: 2 });
  });

  it('keeps one poll per project and one video per interview', async () => {
    const db = await migratedDb();
    poll(db, 'p1', 'polling');
    expect(() => poll(db, 'p1', 'failed')).toThrow(/UNIQUE|PRIMARY KEY/);
    video(db, 'i1', 'partial');
    expect(() => video(db, 'i1', 'complete')).toThrow(/UNIQUE|PRIMARY KEY/);
  });

  it('does not tie local jobs to service rows: a video outlives the interview row being replaced', async () => {
    const db = await migratedDb();
    expect(db.pragma('foreign_key_list(videos)')).toEqual([]);
    expect(db.pragma('foreign_key_list(report_polls)')).toEqual([]);
    db.exec(`
      INSERT INTO projects (id, title, status) VALUES ('p1', 't', 'STARTED');
      INSERT INTO interviews (id, project_id, status, fingerprint, detail_state, listed_at) VALUES ('i1', 'p1', 'COMPLETE', 'f', 'complete', 'now');
    `);
    video(db, 'i1', 'complete');
    db.exec("DELETE FROM projects WHERE id = 'p1'");
    expect(db.prepare('SELECT interview_id FROM videos').all()).toEqual([{ interview_id: 'i1' }]);
  });

  it('looks jobs up by their key through the primary-key index', async () => {
    const db = await migratedDb();
    expect(plan(db, 'SELECT * FROM videos WHERE interview_id = ?', 'i1')).toMatch(/SEARCH videos USING INDEX sqlite_autoindex_videos_1 \(interview_id=\?\)/);
    expect(plan(db, 'SELECT * FROM report_polls WHERE project_id = ?', 'p1')).toMatch(
      /SEARCH report_polls USING INDEX sqlite_autoindex_report_polls_1 \(project_id=\?\)/,
    );
    expect(plan(db, 'SELECT * FROM sync_state WHERE scope = ?', 's')).toMatch(/SEARCH sync_state USING INDEX sqlite_autoindex_sync_state_1 \(scope=\?\)/);
  });
});
