import { createHash } from 'node:crypto';
import type { Migration } from './types';

/**
 * Every report Fieldwork has seen, kept. The service replaces a study's report when it is regenerated and
 * the sync replaces the `reports` row with it; a version is appended beside it and never deleted or changed
 * by a sync (no foreign key to service tables, as for the user's own data). A version holds the report as
 * the app reads it (JSON) and a hash of its content, so the same report synced again is not a new version.
 *
 * Backfill: a study's cached report (one that is complete or has themes) becomes its first version, seen
 * when it was synced. The JSON and the hash are built here as `queries/report-versions.ts` builds them at
 * sync time (written out, not imported, so this step never changes once applied); the migration's test
 * proves the two agree.
 */
export const migration: Migration = {
  version: 14,
  name: 'report-versions',
  up(db) {
    db.exec(`
      CREATE TABLE report_versions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        project_id TEXT NOT NULL,
        report_id TEXT,
        generated_at TEXT,
        seen_at TEXT NOT NULL,
        interviews_analysed INTEGER,
        report_json TEXT NOT NULL,
        content_hash TEXT NOT NULL
      );
      CREATE INDEX report_versions_project ON report_versions(project_id, id);
    `);
    const reports = db.prepare('SELECT * FROM reports ORDER BY synced_at, project_id').all() as {
      project_id: string;
      report_id: string | null;
      status: string;
      generated_at: string | null;
      interviews_analysed: number | null;
      summary: string | null;
      synced_at: string;
    }[];
    const themesOf = db.prepare('SELECT position, title, frequency, summary FROM report_themes WHERE project_id = ? ORDER BY position');
    const quotesOf = db.prepare('SELECT theme_position, text FROM report_quotes WHERE project_id = ? ORDER BY theme_position, position');
    const insert = db.prepare(
      'INSERT INTO report_versions (project_id, report_id, generated_at, seen_at, interviews_analysed, report_json, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const r of reports) {
      const quotes = quotesOf.all(r.project_id) as { theme_position: number; text: string }[];
      const themes = (themesOf.all(r.project_id) as { position: number; title: string; frequency: number; summary: string }[]).map((t) => ({
        title: t.title,
        frequency: t.frequency,
        summary: t.summary,
        quotes: quotes.filter((q) => q.theme_position === t.position).map((q) => q.text),
      }));
      if (r.status !== 'COMPLETED' && themes.length === 0) continue;
      const json = JSON.stringify({
        report_id: r.report_id,
        project_id: r.project_id,
        status: r.status,
        generated_at: r.generated_at,
        interviews_analysed: r.interviews_analysed,
        summary: r.summary,
        themes,
      });
      const hash = createHash('sha256')
        .update(JSON.stringify([r.report_id, r.generated_at, r.interviews_analysed, r.summary, themes.map((t) => [t.title, t.frequency, t.summary, t.quotes])]))
        .digest('hex');
      insert.run(r.project_id, r.report_id, r.generated_at, r.synced_at, r.interviews_analysed, json, hash);
    }
  },
};
