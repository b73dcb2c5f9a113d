import type { Report } from '../../../shared/schemas/report';
import type { CacheDb } from '../open';
import { appendReportVersion } from './report-versions';
import { stmt } from './stmt';

export type CachedReport = Report & { synced_at: string };

/**
 * The latest report replaces the previous one, themes and quotes included (and their search entries). A
 * report worth keeping is also appended to the study's versions when its content is new, in the same
 * transaction: the versions keep every report Fieldwork has seen, and nothing here deletes one.
 */
export function saveReport(db: CacheDb, args: { projectId: string; report: Report; now: string }): void {
  const r = args.report;
  db.transaction(() => {
    stmt(db, 'DELETE FROM report_quotes WHERE project_id = ?').run(args.projectId);
    stmt(db, 'DELETE FROM report_themes WHERE project_id = ?').run(args.projectId);
    stmt(
      db,
      `INSERT OR REPLACE INTO reports (project_id, report_id, status, generated_at, interviews_analysed, summary, synced_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(args.projectId, r.report_id, r.status, r.generated_at, r.interviews_analysed, r.summary, args.now);
    const theme = stmt(db, 'INSERT INTO report_themes (project_id, position, title, frequency, summary) VALUES (?, ?, ?, ?, ?)');
    const quote = stmt(db, 'INSERT INTO report_quotes (project_id, theme_position, position, text) VALUES (?, ?, ?, ?)');
    r.themes.forEach((t, i) => {
      theme.run(args.projectId, i, t.title, t.frequency, t.summary);
      t.quotes.forEach((q, j) => quote.run(args.projectId, i, j, q));
    });
    appendReportVersion(db, args);
  })();
}

export function getReport(db: CacheDb, args: { projectId: string }): CachedReport | null {
  const r = stmt(db, 'SELECT * FROM reports WHERE project_id = ?').get(args.projectId) as
    | {
        report_id: string | null;
        project_id: string;
        status: Report['status'];
        generated_at: string | null;
        interviews_analysed: number | null;
        summary: string | null;
        synced_at: string;
      }
    | undefined;
  if (!r) return null;
  const themes = stmt(db, 'SELECT position, title, frequency, summary FROM report_themes WHERE project_id = ? ORDER BY position').all(args.projectId) as {
    position: number;
    title: string;
    frequency: number;
    summary: string;
  }[];
  const quotes = stmt(db, 'SELECT theme_position, text FROM report_quotes WHERE project_id = ? ORDER BY theme_position, position').all(args.projectId) as {
    theme_position: number;
    text: string;
  }[];
  return {
    report_id: r.report_id,
    project_id: r.project_id,
    status: r.status,
    generated_at: r.generated_at,
    interviews_analysed: r.interviews_analysed,
    summary: r.summary,
    themes: themes.map((t) => ({
      title: t.title,
      frequency: t.frequency,
      summary: t.summary,
      quotes: quotes.filter((q) => q.theme_position === t.position).map((q) => q.text),
    })),
    synced_at: r.synced_at,
  };
}
